// The public calendar's part of a run kind (pages and the calendar feed): how a query
// becomes the view's filters and back, which runs the view shows, and how a feed names
// them. The calendar islands keep their own filter UI (islands/<Kind>Calendar).
import type { OpenOnly, Query } from "../domain/calendarFilters";
import { T } from "../shared/text";
import type { CalendarText } from "../shared/calendarText";
import type { EmbedOptions } from "../shared/embed";
import type { RunKind, Timezone } from "../shared/enums";
import type { RunOfKind } from "./runs";
import type { CalendarRunOf, ContactRun } from "./registry";

/** One game's calendar in the read model: its cards in start order, and what its filters need besides (the raid's refs). */
export type HeldCalendar<K extends RunKind, Extra extends object> = { kind: K; runs: CalendarRunOf<K>[] } & Extra;
/** A calendar's view: the held calendar and the filters a query asks for. */
export type CalendarView<K extends RunKind, Filters, Extra extends object> = HeldCalendar<K, Extra> & { filters: Filters };
export type ContactOf<K extends RunKind> = Extract<ContactRun, { kind: K }>;

/** What every calendar island gets from the page. */
export type CalendarIslandCommon = {
  /** The page's path; filter links and the URL are built on it. */
  path: string;
  zone: Timezone;
  /** The game's subscription feed (absolute, no query). */
  feedUrl: string;
  /** The live stream's position when the page was rendered: the island resumes its stream from there. */
  liveSince: string;
  text: CalendarText;
  /** On an embed page only (/embed/calendars/{slug}): booking links open /go in a new tab with the embed's attribution, and the page posts its height. */
  embed?: EmbedOptions;
};
/** A calendar island's texts: the common ones and its kind's, whose option lists join the common ones. */
export type KindCalendarText<X extends { choices: object }> = CalendarText & Omit<X, "choices"> & { choices: CalendarText["choices"] & X["choices"] };

export function withKindText<X extends { choices: object }>(common: CalendarText, kind: X): KindCalendarText<X> {
  return { ...common, ...kind, choices: { ...common.choices, ...kind.choices } };
}

/** The free-spots filter's name in a feed's title when it is on (two subscriptions can be told apart). */
export const openOnlyName = (f: OpenOnly): string[] => (f.open ? [T.calendar.openOnly] : []);

/**
 * A calendar island's props: the common ones, every public run of the game (filtered in the
 * browser, so filter changes need no request), the view's filters and what the calendar holds
 * besides its cards, and the texts of its kind. The island (islands/<Kind>Calendar) takes exactly these.
 */
export type CalendarIslandProps<K extends RunKind, Filters, Extra extends object = object, Text extends { choices: object } = { choices: object }> =
  Omit<CalendarIslandCommon, "text"> & { text: KindCalendarText<Text>; runs: CalendarRunOf<K>[]; filters: Filters } & Extra;
/** The calendar island a page renders: its folder's name (islands/<Name>/) and its props. */
export type CalendarIslandCall<K extends RunKind, Filters, Extra extends object> = { name: `${string}Calendar`; props: CalendarIslandProps<K, Filters, Extra> };

/**
 * `Filters` is the kind's filter state (src/kinds/<kind>/filters.ts); `Extra` what the
 * calendar holds besides its cards (the raid's `{ refs }`; the server part's calendarRefs).
 */
export type CalendarAdapter<K extends RunKind, Filters, Extra extends object = object> = {
  /** The calendar island the page renders for a view. */
  island: (data: CalendarView<K, Filters, Extra>, common: CalendarIslandCommon) => CalendarIslandCall<K, Filters, Extra>;
  /** Whether the page offers the storefront's 'looking for something else?' callout under the calendar. */
  storefrontCallout?: true;
  /** The view's filters for a query, as data, their canonical query entries and the view's default zone. */
  view: (cal: HeldCalendar<K, Extra>, query: Query) => { data: CalendarView<K, Filters, Extra>; entries: [string, string][]; zone: Timezone };
  /** The runs the view shows for its filters, in start order, with what the contact dialog needs. */
  shown: (data: CalendarView<K, Filters, Extra>) => ContactOf<K>[];
  /** What the filters pick, for a feed's name (so two subscriptions can be told apart). */
  filterNames: (data: CalendarView<K, Filters, Extra>) => string[];
  /** The query entries of the calendar view a run page links back to (e.g. the run's raid and region). */
  runView?: (run: RunOfKind<K>, cal: HeldCalendar<K, Extra>) => [string, string][];
  /** A feed event's description rows from the contact dialog's, when the kind adds to them. */
  eventDetails?: (c: ContactOf<K>, rows: string[]) => string[];
};
