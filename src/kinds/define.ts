// What a run kind is, in the part every layer may load (pages, islands, the API): no
// database, no zod (the run panels' first chunk stays small). The server part and the panel's
// columns and form sit beside it in the kind's folder (docs/architecture.md "A run kind").
import type { RunKind, RunStatus } from "../shared/enums";
import type { RunOfKind } from "./runs";
import type { Bookable } from "../domain/bookable";

/** A sort key: compared element by element (the in-memory pager, src/kinds/runPaging.ts). */
export type SortKey = string | number;
/** Sort columns every kind has, keyed by the common pager and SQL (src/kinds/runPaging.ts, src/api/runs/paging.ts). */
export type CommonSort = "id" | "date" | "status" | "booster" | "spots";

export type KindDescriptor<
  K extends RunKind, Sorts extends readonly string[], Filters extends Record<string, readonly string[]>, CalendarRun, Contact extends { run: CalendarRun },
> = {
  kind: K;
  /** The slug of the game whose calendar and panel show this kind (e.g. 'mop-raid-calendar'). */
  slug: string;
  /** The game's fixed id (GAME_IDS): a game is of this kind by id or by slug. */
  gameId: number;
  /** The fixed title every run of the kind carries (e.g. '9/9 Gold Challenge Modes'). */
  title: string;
  /** The kind's name in sentences (e.g. 'Run created: Challenge Mode'). */
  label: string;
  /** The card label of a run without display id: `${prefix}-{id}`, or '#id' when null. */
  fallbackPrefix: string | null;
  /** How long a run lasts (runs store only their start): calendar feeds and overlap checks. */
  durationMinutes: number;
  /** The storefront page a booking link goes to: the environment variable that sets it, and its default. */
  storefront: { env: string; url: string };
  /** The API's collection path under /api (e.g. '/challenge-mode-runs'). */
  apiPath: string;
  /** The panel's sortable columns (the list API's `sort` values). */
  sorts: Sorts;
  /** The panel's filter parameters with their allowed values, in the dropdowns' order. */
  filters: Filters;
  /** The panel's filter dropdowns: label, and how an option is shown (the value itself when absent). Status is common to all kinds. */
  filterLabels: { [F in Exclude<keyof Filters, "status">]: { label: string; option?: (value: Filters[F][number]) => string } };
  /** The panel's message when its list cannot be loaded. */
  fetchFailed: string;
  /** The text the panel's search looks through (the SQL search looks through the same fields). */
  searchText: (r: RunOfKind<K>) => string;
  /** A filter's value of a run, for the in-memory pager (status is common to all kinds). */
  filterValue: { [F in Exclude<keyof Filters, "status">]: (r: RunOfKind<K>) => string };
  /** A sort column's key of a run (id, date, status, booster and spots are common to all kinds). */
  sortValue: { [S in Exclude<Sorts[number], CommonSort>]: (r: RunOfKind<K>) => SortKey[] };
  /** The stored run as a create payload, so a partial PATCH can be merged onto it. */
  asInput: (r: RunOfKind<K>) => Record<string, unknown>;
  /** The public calendar's card shape of a run (small island props), from the read model's public run. */
  toCalendarRun: (r: RunOfKind<K> & Bookable) => CalendarRun;
  /**
   * The contact dialog's rows for a calendar card (the run's summary), also a calendar feed event's
   * description. `Contact` is the card with what the dialog needs besides (the raid's name).
   */
  contactRows: (c: Contact) => [string, string][];
  /** A calendar event's title (the feeds, a run's .ics, the Google Calendar link): 'Heart of Fear Heroic 25'. */
  eventTitle: (c: Contact) => string;
  /** A list the contact dialog shows after its rows (the raid's class restrictions), with what it says when empty. */
  contactList?: (c: Contact) => { term: string; items: string[]; empty: string };
  /** The run's name as its card titles it (a raid run: its raid; the others: the fixed title). */
  name: (r: RunOfKind<K>) => string;
  /** What the run is, in words, for the run page's title and description. */
  what: (r: RunOfKind<K>) => string;
  /** The run page's details as [term, value] rows. */
  details: (r: RunOfKind<K>) => [string, string][];
  /** A table the run page shows after the details (the raid's class restrictions), with what it says when empty. */
  detailTable?: (r: RunOfKind<K>) => { title: string; head: string[]; rows: string[][]; empty: string };
  /** The delete dialog's title ('Delete Raid Run', 'Delete Challenge Mode Run', 'Delete Run TDP-{id}'). */
  deleteTitle: (label: string) => string;
};

/** Checks a descriptor against the shape while keeping its literal types (sort and filter names). */
export const defineKind = <K extends RunKind, const S extends readonly string[], const F extends Record<string, readonly string[]>, C, X extends { run: C }>(
  d: KindDescriptor<K, S, F, C, X>,
): KindDescriptor<K, S, F, C, X> => d;

/** The fields every kind's create payload shares (so a PATCH keeps the run's places unless it names them). */
export const baseInput = (r: { gameId: number; boosterId: number; timezone: string; scheduledDate: string; spots: number | null; spotsTaken: number }) =>
  ({ gameId: r.gameId, boosterId: r.boosterId, timezone: r.timezone, scheduledDate: r.scheduledDate, spots: r.spots, spotsTaken: r.spotsTaken });

/** The fields every calendar card shares, its booking state included. */
export const baseCalendarRun = (r: { id: number; startsAt: string; booster: { boosterId: string } } & Bookable, label: string) =>
  ({ id: r.id, label, startsAt: Date.parse(r.startsAt), booster: r.booster.boosterId, spotsLeft: r.spotsLeft, availability: r.availability });

export type { RunStatus };
