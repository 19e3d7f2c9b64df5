// The run kinds' public calendar parts (pages and feeds only; the calendar islands load
// their own filter rules, so each island bundles only its kind's).
import type { RunKind } from "../shared/enums";
import type { CalendarAdapter, CalendarView, HeldCalendar } from "./calendarAdapter";
import { CALENDARS } from "./calendars.generated";

export { CALENDARS };

/** A kind's filter state and what its calendar holds besides the cards, as its calendar part declares them. */
type PartsOf<K extends RunKind> = (typeof CALENDARS)[K] extends CalendarAdapter<K, infer F, infer E> ? { filters: F; extra: E } : never;

/** One game's calendar in the read model (src/readModel/model.ts): its kind's cards and what its filters need besides. */
export type CalendarRuns = { [K in RunKind]: HeldCalendar<K, PartsOf<K>["extra"]> }[RunKind];
/** A calendar's view for a query (src/kinds/calendarLookup.ts): the held calendar and the filters asked for. */
export type CalendarData = { [K in RunKind]: CalendarView<K, PartsOf<K>["filters"], PartsOf<K>["extra"]> }[RunKind];

/** A kind's calendar part, for any kind's view (the callers pass matching calendars and views). */
export const calendarOf = (kind: RunKind) => CALENDARS[kind] as unknown as CalendarAdapter<RunKind, unknown>;
