// What a calendar page's JavaScript may weigh (gzip, every locale). Issue #30 asks 76,800 B; the
// raid calendar is not there yet (77,131 B in English, 77,409 B in Russian in the last build):
// since the languages, the messages it shows with placeholders travel in its JavaScript
// (docs/decisions/38-languages.md, "Calendar JavaScript"). The guard holds today's figure with a
// little room so nothing grows unnoticed; set it to CALENDAR_JS_TARGET once the calendar fits.
export const CALENDAR_JS_TARGET = 76_800;
export const CALENDAR_JS_GUARD = 77_500;
