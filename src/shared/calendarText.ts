// The strings (and option lists) every calendar island needs, picked from T and the enums on
// the server and passed as an island prop; each kind's calendar part adds its own
// (src/kinds/<kind>/calendar.ts). Importing T into the island would ship the whole
// catalogue (every screen's text) to public visitors and break the page's JavaScript budget.
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
