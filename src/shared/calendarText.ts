// The plain strings (and option lists) every calendar island needs, picked from T and the enums
// on the server and passed as an island prop; each kind's calendar part adds its own
// (src/kinds/<kind>/calendar.ts). Strings in the page's HTML cost the calendar's JavaScript budget
// nothing; so do the messages with placeholders the cards and filters show, carried as data
// (src/shared/i18n/carried.ts) and spoken in the island (islands/components/calendarState.ts).
import { TIMEZONES } from "./enums";
import { T } from "./text";
import { carry, type CarriedMessages } from "./i18n/carry";
import { localHref } from "./i18n/href";

/** The calendar's messages with placeholders, as T has them: what the islands speak from `messages`. */
export type CalendarMessages = CarriedMessages<"calendar">;

/** `alerts`: mail can be sent, so a full run's card links to its page's Notify me form. */
export function calendarText(alerts = false) {
  const c = T.calendar;
  return {
    timezone: c.timezone, all: c.all, clearAll: c.clearAll, applyFilters: c.applyFilters, filters: c.filters,
    resetFilters: c.resetFilters, localZone: c.localZone, booster: c.booster, contactUs: c.contactUs, openOnly: c.openOnly,
    /** The page's locale prefix ('/de', '' in English) for links to other public pages: localHref's, as data. */
    prefix: localHref(""),
    subscribe: T.subscribe,
    /** Counts, countdowns, places and names with placeholders (spoken in the island). */
    messages: carry("calendar"),
    /** A full run's "Notify me" link (card and contact dialog), or null when mail is unavailable. */
    notify: alerts ? { dialog: T.alertForm.notifyOnRunPage } : null,
    /** The filters' option lists (the enums' values; sent along so the islands need not bundle the enums). */
    choices: { timezones: TIMEZONES },
  };
}

export type CalendarText = ReturnType<typeof calendarText>;
