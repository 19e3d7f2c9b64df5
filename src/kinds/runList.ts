// The paged run lists of the staff and booster panels (paged on the server): which columns
// sort, which filters each run kind takes, and the answer's shape. Shared by the API
// (src/api/runs/listQuery.ts validates with these), the public in-memory pager and the
// islands, without zod so the panel's first load stays small.
import type { RunKind } from "../shared/enums";
import { perKind, RUN_KINDS } from "./registry";

/** Rows per page unless the caller asks otherwise, and the most a page may hold. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
/** Longest search text (longer cannot match any run's fields usefully). */
export const MAX_SEARCH_LENGTH = 100;

/** Sortable columns per kind (the panels' column ids). Without `sort`: upcoming soonest first, then the past, latest first. */
export const RUN_SORTS = perKind((k) => RUN_KINDS[k].sorts) as { [K in RunKind]: (typeof RUN_KINDS)[K]["sorts"] };
export type RunSort<K extends RunKind> = (typeof RUN_SORTS)[K][number];

/** The filter parameters each kind takes, with their allowed values (status plus region and difficulty, faction and mode, or completion type). */
export const RUN_FILTERS = perKind((k) => RUN_KINDS[k].filters) as { [K in RunKind]: (typeof RUN_KINDS)[K]["filters"] };
export type RunFilterName<K extends RunKind> = keyof (typeof RUN_FILTERS)[K] & string;
export type RunFilters<K extends RunKind> = { [F in RunFilterName<K>]?: (typeof RUN_FILTERS)[K][F] extends readonly (infer V)[] ? V : never };

/** Every parameter that asks for the paged answer; a call with none of them gets the plain, unpaged list. */
export const PAGED_PARAMS: readonly string[] = ["page", "pageSize", "sort", "order", "q", ...new Set(Object.values(RUN_KINDS).flatMap((d) => Object.keys(d.filters)))];

export type SortOrder = "asc" | "desc";

/** What a paged list request asks for, after validation. `page` counts from 1. */
export type RunPageParams<K extends RunKind> = {
  page: number;
  pageSize: number;
  sort?: RunSort<K>;
  order: SortOrder;
  q?: string;
  filters: RunFilters<K>;
};

/** A staff or booster page's row: the run's booking-link clicks, all time (the public list has none). */
export type Clicked = { clicks?: number; overbooked?: number };

/** One page of a run list and how many runs all pages hold. */
export type RunPage<R> = { runs: R[]; total: number; page: number; pageSize: number };

export const pageCount = (p: { total: number; pageSize: number }): number => Math.max(1, Math.ceil(p.total / p.pageSize));
