// Public calendar filters (their choices, defaults and match rules) as pure functions,
// shared by the server render and the calendar islands: the match rules, the state
// transitions with their exclusivity rules, and the filter state <-> URL query round trip.
// One module per calendar so a calendar's island bundles only its own rules; import from
// here on the server and in tests.
export * from "../domain/calendarFilters";
export * from "./raid/filters";
export * from "./challenge/filters";
export * from "./desert/filters";
