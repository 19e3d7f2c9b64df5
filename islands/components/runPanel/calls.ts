// The run panels' calls through the typed Eden client. Each returns data or a
// message to show; none throws for an HTTP failure.
import { api, errorMessage } from "../../runtime/api";
import type { RunKind } from "../../../src/shared/enums";
import type { RepeatedRuns, RunOfKind, WarnedRun } from "../../../src/kinds/runs";
import type { RunCreateOf, RunInputOf, RunPatchOf } from "../../../src/kinds/schemas";
import type { Clicked, RunPage, RunPageParams, SortOrder } from "../../../src/kinds/runList";
import type { RunStats, SellThrough } from "../../../src/shared/schemas/responses";
import type { Region } from "../../../src/shared/enums";
import { T } from "../../../src/shared/text";
import { perKind, RUN_KINDS } from "../../../src/kinds/registry";

export type Result<T> = { ok: true; data: T } | { ok: false; message: string; status: number };

/** An Eden answer: the route's success data, or its error. */
type Answer<D> = { data: D; error: null } | { data: null; error: { status: unknown; value: unknown } };

function toResult<D>(answer: Answer<D>, fallback: string): Result<D> {
  if (answer.error) {
    const status = Number(answer.error.status) || 0;
    return { ok: false, message: errorMessage({ status, value: answer.error.value }, fallback), status };
  }
  return { ok: true, data: answer.data };
}

/** Network failures (offline, aborted) become a failed result too. */
export async function attempt<D>(call: () => Promise<Answer<D>>, fallback: string): Promise<Result<D>> {
  try {
    return toResult(await call(), fallback);
  } catch {
    return { ok: false, message: fallback, status: 0 };
  }
}

/** Each kind's four calls, typed by its routes' request and response schemas. */
type RunCalls = {
  [K in RunKind]: {
    /** The list route answers the plain list, or a page when any paging parameter is sent. */
    page(gameId: number, p: RunPageRequest<K>): Promise<Answer<RunOfKind<K>[] | RunPage<RunOfKind<K> & Clicked>>>;
    create(body: RunCreateOf<K>): Promise<Answer<WarnedRun<K> | RepeatedRuns<K>>>;
    update(id: number, body: RunPatchOf<K>): Promise<Answer<WarnedRun<K>>>;
    remove(id: number): Promise<Answer<{ id: number }>>;
  };
};

/** A page request as the list routes' query parameters (sort order only with a sort). */
function pageQuery<K extends RunKind>(gameId: number, p: RunPageRequest<K>) {
  return {
    gameId, page: p.page, pageSize: p.pageSize, ...p.filters,
    ...(p.q ? { q: p.q } : {}), ...(p.sort ? { sort: p.sort, order: p.order ?? "asc" } : {}),
  };
}

/** Each kind's collection in the typed client (its descriptor's apiPath). */
export const KIND_ROUTES = { raid: api.api.runs, challenge: api.api["challenge-mode-runs"], desert: api.api["desert-perpetual-runs"] } as const;
const { raid: runs, challenge, desert } = KIND_ROUTES;
const RUN_CALLS: RunCalls = {
  raid: {
    page: (gameId, p) => runs.get({ query: pageQuery(gameId, p) }),
    create: (body) => runs.post(body),
    update: (id, body) => runs({ id }).patch(body),
    remove: (id) => runs({ id }).delete(),
  },
  challenge: {
    page: (gameId, p) => challenge.get({ query: pageQuery(gameId, p) }),
    create: (body) => challenge.post(body),
    update: (id, body) => challenge({ id }).patch(body),
    remove: (id) => challenge({ id }).delete(),
  },
  desert: {
    page: (gameId, p) => desert.get({ query: pageQuery(gameId, p) }),
    create: (body) => desert.post(body),
    update: (id, body) => desert({ id }).patch(body),
    remove: (id) => desert({ id }).delete(),
  },
};

export const FETCH_FAILED: Record<RunKind, string> = perKind((k) => RUN_KINDS[k].fetchFailed);

/** What a panel asks the list for (src/kinds/runList.ts); `page` counts from 1. */
export type RunPageRequest<K extends RunKind> = Omit<RunPageParams<K>, "order"> & { order?: SortOrder };

/**
 * One page of a game's runs as the viewer may see them (a booster: only their own; the
 * server decides), searched, filtered and sorted by the server.
 */
export async function fetchRunPage<K extends RunKind>(kind: K, gameId: number, p: RunPageRequest<K>): Promise<Result<RunPage<RunOfKind<K>>>> {
  const calls: RunCalls[K] = RUN_CALLS[kind];
  const r = await attempt(() => calls.page(gameId, p), FETCH_FAILED[kind]);
  // The route answers a page whenever `page` is sent; its plain list is for the calls without it.
  if (!r.ok) return r;
  const data = r.data;
  return { ok: true, data: Array.isArray(data) ? { runs: data, total: data.length, page: 1, pageSize: Math.max(1, data.length) } : data };
}

export function fetchStats(gameId: number): Promise<Result<RunStats>> {
  return attempt(() => api.api["run-stats"].get({ query: { gameId } }), T.validation.serverError);
}

/** The booster dashboard's sell-through (the signed-in booster's own runs). */
export function fetchSellThrough(): Promise<Result<SellThrough>> {
  return attempt(() => api.api["sell-through"].get(), T.validation.serverError);
}

export function createRunCall<K extends RunKind>(kind: K, body: RunInputOf<K>, fallback: string): Promise<Result<WarnedRun<K>>> {
  const calls: RunCalls[K] = RUN_CALLS[kind];
  // One scheduledDate: the answer is the one run.
  return attempt(() => calls.create(body as RunCreateOf<K>), fallback) as Promise<Result<WarnedRun<K>>>;
}

/** A repeat: the same run on every date (2-26), all or none. */
export function createRepeatCall<K extends RunKind>(kind: K, body: RunCreateOf<K>, fallback: string): Promise<Result<RepeatedRuns<K>>> {
  const calls: RunCalls[K] = RUN_CALLS[kind];
  return attempt(() => calls.create(body), fallback) as Promise<Result<RepeatedRuns<K>>>;
}

export function updateRunCall<K extends RunKind>(kind: K, id: number, body: RunPatchOf<K>, fallback: string): Promise<Result<WarnedRun<K>>> {
  const calls: RunCalls[K] = RUN_CALLS[kind];
  return attempt(() => calls.update(id, body), fallback);
}

export function deleteRunCall(kind: RunKind, id: number): Promise<Result<{ id: number }>> {
  return attempt(() => RUN_CALLS[kind].remove(id), T.toast.deleteFailed);
}

// Reference lists change rarely: one request per list and page, shared by every dialog.
const caches = new Set<Map<string, unknown>>();
function cached<A extends unknown[], T>(keyOf: (...args: A) => string, load: (...args: A) => Promise<Result<T>>) {
  const cache = new Map<string, Promise<Result<T>>>();
  caches.add(cache);
  return (...args: A): Promise<Result<T>> => {
    const key = keyOf(...args);
    let p = cache.get(key);
    if (!p) {
      p = load(...args).then((r) => {
        if (!r.ok) cache.delete(key);
        return r;
      });
      cache.set(key, p);
    }
    return p;
  };
}
/** Tests start each case with an empty cache. */
export function clearReferenceCache(): void {
  for (const cache of caches) cache.clear();
}

export const reference = {
  raids: cached((gameId: number) => `${gameId}`, (gameId) => attempt(() => api.api.raids({ id: gameId }).get(), T.toast.fetchRaids)),
  factions: cached((gameId: number, region: Region) => `${gameId}:${region}`,
    (gameId, region) => attempt(() => api.api.factions({ id: gameId }).get({ query: { region } }), T.toast.fetchFactions)),
  serviceTypes: cached((gameId: number) => `${gameId}`, (gameId) => attempt(() => api.api["service-types"]({ id: gameId }).get(), T.validation.serverError)),
  classSpecs: cached(() => "", () => attempt(() => api.api["wow-class-specs"].get(), T.validation.serverError)),
  boosters: cached(() => "", () => attempt(() => api.api.users.boosters.get(), T.validation.serverError)),
};
