import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { isStaff } from "../../domain/permissions";
import { pageRuns } from "../../kinds/runPaging";
import { readPath } from "../../readModel/readPath";
import type { RunListFilter } from "../../kinds/serverRows";
import { SERVER_KINDS } from "../../kinds/server.generated";
import { listRunPage } from "./paging";
import type { RunKind } from "../../shared/enums";
import { RUN_KINDS } from "../../kinds/registry";
import {
  DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, PAGED_PARAMS, type RunFilters, type RunPage, type RunPageParams,
} from "../../kinds/runList";
import type { RunOfKind } from "../../kinds/runs";
import type { Viewer } from "../../shared/types";
import { T } from "../../shared/text";
import { idParam } from "../../shared/schemas/params";
import { textOf } from "../../shared/schemas/text";
import { PAGE_SCHEMAS, VIEW_SCHEMAS } from "../../kinds/schemas";
import { doc, replies } from "../../http/contract";

const V = T.validation;
export const runListQuery = z.object({ boosterId: idParam.optional(), gameId: idParam.optional() });

// The paged form's parameters (paging happens on the server); every one optional, each failure a 400 naming it.
const pageParams = {
  page: z.coerce.number({ error: V.invalidPage }).int(V.invalidPage).min(1, V.invalidPage).max(1_000_000, V.invalidPage).optional(),
  pageSize: z.coerce.number({ error: V.invalidPageSize }).int(V.invalidPageSize).min(1, V.invalidPageSize).max(MAX_PAGE_SIZE, V.invalidPageSize).optional(),
  order: z.enum(["asc", "desc"], { error: V.invalidOrder }).optional(),
  q: textOf(V.invalidRequest, V.searchInvalid).trim().max(MAX_SEARCH_LENGTH, V.searchTooLong).optional(),
};

type FilterParams<F extends Record<string, readonly string[]>> = { [N in keyof F]: z.ZodOptional<z.ZodEnum<{ [V in F[N][number]]: V }>> };

/** A kind's filters (its descriptor's) as optional query parameters; a bad value is a 400 naming the filter ('completion type'). */
function filterParams<F extends Record<string, readonly string[]>>(filters: F): FilterParams<F> {
  return Object.fromEntries(Object.entries(filters).map(([name, values]) =>
    [name, z.enum(values as [string, ...string[]], { error: V.invalidFilter({ name: name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`) }) }).optional()])) as FilterParams<F>;
}

const listQuery = <S extends readonly string[], F extends Record<string, readonly string[]>>(d: { sorts: S; filters: F }) =>
  runListQuery.extend({
    ...pageParams, sort: z.enum(d.sorts as unknown as readonly [S[number], ...S[number][]], { error: V.invalidSort }).optional(), ...filterParams(d.filters),
  });

/** Per kind: the plain list's ?boosterId / ?gameId, plus paging, sort, search and that kind's panel filters. */
export const RUN_LIST_QUERIES = {
  raid: listQuery(RUN_KINDS.raid), challenge: listQuery(RUN_KINDS.challenge), desert: listQuery(RUN_KINDS.desert),
} satisfies Record<RunKind, unknown>;
type ListQuery<K extends RunKind> = z.infer<(typeof RUN_LIST_QUERIES)[K]>;

/**
 * The paged form's parameters, or null for the plain call (none of them given), which
 * keeps answering the whole list as before.
 */
export function pageParamsOf<K extends RunKind>(query: ListQuery<K>): RunPageParams<K> | null {
  const given = query as Record<string, unknown>;
  if (!PAGED_PARAMS.some((name) => given[name] !== undefined)) return null;
  const { boosterId: _b, gameId: _g, page, pageSize, sort, order, q, ...filters } = query;
  return {
    page: page ?? 1, pageSize: pageSize ?? DEFAULT_PAGE_SIZE, order: order ?? "asc",
    ...(sort ? { sort: sort as RunPageParams<K>["sort"] } : {}), ...(q ? { q } : {}),
    filters: filters as RunFilters<K>,
  };
}

/**
 * Who sees which runs: staff see every run (optionally filtered by ?boosterId / ?gameId);
 * a booster sees only their own runs whatever ?boosterId says; everyone else gets the
 * public view (available, upcoming runs of visible games, no private booster fields),
 * answered from the read model.
 */
export function listFilterFor(viewer: Viewer | null, q: z.infer<typeof runListQuery>): RunListFilter | null {
  if (isStaff(viewer)) return { boosterRecordId: q.boosterId, gameId: q.gameId };
  if (viewer?.role === "booster" && viewer.boosterRecordId) return { boosterRecordId: viewer.boosterRecordId, gameId: q.gameId };
  return null;
}

/** Staff and boosters read the database; everyone else gets the read model's public list. */
const list = <K extends RunKind>(deps: AppContext, kind: K) =>
  async ({ viewer, query }: { viewer: Viewer | null; query: ListQuery<K> }): Promise<RunOfKind<K>[] | RunPage<RunOfKind<K>>> => {
    const paged = pageParamsOf<K>(query);
    const scope = listFilterFor(viewer, query);
    if (scope) return paged ? listRunPage(deps.db, kind, scope, paged, deps.clock()) : SERVER_KINDS[kind].list(deps.db, scope, deps.clock());
    const all = (await readPath(deps).model.get()).runs[kind] as RunOfKind<K>[];
    const runs = query.gameId === undefined ? all : all.filter((r) => r.gameId === query.gameId);
    return paged ? pageRuns(kind, runs, paged, deps.clock()) : runs;
  };

const LIST_SUMMARY = "Runs of this kind: staff all (filter by boosterId, gameId); a booster their own; everyone else the public list. "
  + "Any of page, pageSize, sort, order, q or a filter asks for one page ({ runs, total, page, pageSize }) instead of the whole list";
const listOf = <K extends RunKind>(kind: K) =>
  replies({ 200: z.union([z.array(VIEW_SCHEMAS[kind]), PAGE_SCHEMAS[kind]]) }, 400);

/** GET lists for the three run kinds; any paging, sort, search or filter parameter asks for one page. */
export const runListRoutes = (deps: AppContext) =>
  new Elysia({ name: "run-list-routes", prefix: "/api" })
    .use(session(deps))
    .get("/runs", list(deps, "raid"), { query: RUN_LIST_QUERIES.raid, response: listOf("raid"), detail: doc("Runs", LIST_SUMMARY) })
    .get("/challenge-mode-runs", list(deps, "challenge"), { query: RUN_LIST_QUERIES.challenge, response: listOf("challenge"), detail: doc("Runs", LIST_SUMMARY) })
    .get("/desert-perpetual-runs", list(deps, "desert"), { query: RUN_LIST_QUERIES.desert, response: listOf("desert"), detail: doc("Runs", LIST_SUMMARY) })
    .get("/desert-perpetual-runs/game/:gameId", ({ viewer, params }) => list(deps, "desert")({ viewer, query: { gameId: params.gameId } }),
      { params: z.object({ gameId: idParam }), response: listOf("desert"), detail: doc("Runs", "One game's Desert Perpetual runs, as GET /api/desert-perpetual-runs?gameId=") });

/** A list request's query as a client sends it (the islands' Eden calls). */
export type RunListQueryOf<K extends RunKind> = z.infer<(typeof RUN_LIST_QUERIES)[K]>;
