// What a calendar page's JavaScript may weigh (gzip level 6, every locale; issue #30). The
// messages the cards and filters show travel in the page as data, not in the bundle
// (src/shared/i18n/carried.ts; docs/decisions/38-languages.md, "Calendar JavaScript").
export const CALENDAR_JS_BUDGET = 76_800;
