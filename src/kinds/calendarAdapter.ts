// The public calendar's part of a run kind (pages and the calendar feed): how a query
// becomes the view's filters and back, which runs the view shows, and how a feed names
// them. The calendar islands keep their own filter UI (islands/<Kind>Calendar).
import type { Query } from "../domain/calendarFilters/common";
import type { ContactRun } from "../../islands/components/ContactDialog";
import type { IslandName, IslandProps } from "../../islands/runtime/registry";
import type { CalendarData } from "../pages/calendar/data";
import type { CalendarText } from "../pages/calendar/text";
import type { CalendarRuns } from "../public/model";
import type { RunKind, Timezone } from "../shared/enums";
import type { RunOfKind } from "../shared/runs";

export type CalendarOf<K extends RunKind> = Extract<CalendarRuns, { kind: K }>;
export type CalendarDataOf<K extends RunKind> = Extract<CalendarData, { kind: K }>;
export type ContactOf<K extends RunKind> = Extract<ContactRun, { kind: K }>;

/** One island with its props (any island: the adapter names its calendar's). */
export type IslandCall = { [N in IslandName]: { name: N; props: IslandProps<N> } }[IslandName];
/** What every calendar island gets from the page. */
export type CalendarIslandCommon = { path: string; zone: Timezone; text: CalendarText; feedUrl: string };

export type CalendarAdapter<K extends RunKind> = {
  /** The calendar island the page renders for a view. */
  island: (data: CalendarDataOf<K>, common: CalendarIslandCommon) => IslandCall;
  /** Whether the page offers the storefront's 'looking for something else?' callout under the calendar. */
  storefrontCallout?: true;
  /** The view's filters for a query, as data, their canonical query entries and the view's default zone. */
  view: (cal: CalendarOf<K>, query: Query) => { data: CalendarDataOf<K>; entries: [string, string][]; zone: Timezone };
  /** The runs the view shows for its filters, in start order, with what the contact dialog needs. */
  shown: (data: CalendarDataOf<K>) => ContactOf<K>[];
  /** What the filters pick, for a feed's name (so two subscriptions can be told apart). */
  filterNames: (data: CalendarDataOf<K>) => string[];
  /** The query entries of the calendar view a run page links back to (e.g. the run's raid and region). */
  runView?: (run: RunOfKind<K>, cal: CalendarOf<K>) => [string, string][];
  /** A feed event's description rows from the contact dialog's, when the kind adds to them. */
  eventDetails?: (c: ContactOf<K>, rows: string[]) => string[];
  /** A feed event's title. */
  eventTitle: (c: ContactOf<K>) => string;
};
