// The plain strings (and option lists) every calendar island needs, picked from T and the enums
// on the server and passed as an island prop; each kind's calendar part adds its own
// (src/kinds/<kind>/calendar.ts). Strings in the page's HTML cost the calendar's JavaScript budget
// nothing; messages with placeholders cannot travel as props, so the islands call T for those
// (each one a module of its own in the bundle: src/render/catalogueOnly.ts).
import { TIMEZONES } from "./enums";
import { T } from "./text";

/** `alerts`: mail can be sent, so a full run's card links to its page's Notify me form. */
export function calendarText(alerts = false) {
  const c = T.calendar;
  return {
    timezone: c.timezone, all: c.all, clearAll: c.clearAll, applyFilters: c.applyFilters, filters: c.filters,
    resetFilters: c.resetFilters, localZone: c.localZone, booster: c.booster, contactUs: c.contactUs, openOnly: c.openOnly,
    subscribe: T.subscribe,
    /** A full run's "Notify me" link (card and contact dialog), or null when mail is unavailable. */
    notify: alerts ? { dialog: T.alertForm.notifyOnRunPage } : null,
    /** The filters' option lists (the enums' values; sent along so the islands need not bundle the enums). */
    choices: { timezones: TIMEZONES },
  };
}

export type CalendarText = ReturnType<typeof calendarText>;
