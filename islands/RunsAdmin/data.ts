// The run panels' calls (SPEC §7) through the typed Eden client. Each returns data or a
// message to show; none throws for an HTTP failure.
import { api, errorMessage } from "../runtime/api";
import type { RunKind } from "../../src/shared/enums";
import type { RunOfKind } from "../../src/shared/runs";
import type { RunInputOf, RunPatchOf } from "../../src/shared/schemas/runs";
import type { RunPage, RunPageParams, SortOrder } from "../../src/shared/runList";
import type { RunListQueryOf } from "../../src/api/runs/listRoutes";
import type { RunStats } from "../../src/api/runs/stats";
import type { ClassSpecRow, FactionRow, RaidRow, ServiceTypeRow } from "../../src/api/reference/queries";
import type { BoosterListItem } from "../../src/api/boosters/service";
import type { Region } from "../../src/shared/enums";
import { T } from "../../src/shared/text";

export type Result<T> = { ok: true; data: T } | { ok: false; message: string; status: number };

type EdenAnswer = { data: unknown; error: { status: unknown; value: unknown } | null };

function toResult<T>(answer: EdenAnswer, fallback: string): Result<T> {
  if (answer.error) {
    const status = Number(answer.error.status) || 0;
    return { ok: false, message: errorMessage({ status, value: answer.error.value }, fallback), status };
  }
  return { ok: true, data: answer.data as T };
}

/** Network failures (offline, aborted) become a failed result too. */
async function attempt<T>(call: () => Promise<EdenAnswer>, fallback: string): Promise<Result<T>> {
  try {
    return toResult<T>(await call(), fallback);
  } catch {
    return { ok: false, message: fallback, status: 0 };
  }
}

const runs = api.api.runs;
const challenge = api.api["challenge-mode-runs"];
const desert = api.api["desert-perpetual-runs"];

export const FETCH_FAILED: Record<RunKind, string> = {
  raid: T.toast.fetchRuns, challenge: T.toast.fetchChallengeRuns, desert: T.toast.fetchDesertRuns,
};

/** What a panel asks the list for (src/shared/runList.ts); `page` counts from 1. */
export type RunPageRequest<K extends RunKind> = Omit<RunPageParams<K>, "order"> & { order?: SortOrder };

/**
 * One page of a game's runs as the viewer may see them (a booster: only their own; the
 * server decides), searched, filtered and sorted by the server.
 */
export function fetchRunPage<K extends RunKind>(kind: K, gameId: number, p: RunPageRequest<K>): Promise<Result<RunPage<RunOfKind<K>>>> {
  const query = {
    gameId, page: p.page, pageSize: p.pageSize, ...p.filters,
    ...(p.q ? { q: p.q } : {}), ...(p.sort ? { sort: p.sort, order: p.order ?? "asc" } : {}),
  };
  const call = kind === "raid" ? () => runs.get({ query: query as RunListQueryOf<"raid"> })
    : kind === "challenge" ? () => challenge.get({ query: query as RunListQueryOf<"challenge"> })
    : () => desert.get({ query: query as RunListQueryOf<"desert"> });
  // The route answers a page whenever `page` is sent (its plain list is for SPEC's calls without it).
  return attempt<RunPage<RunOfKind<K>>>(call as () => Promise<EdenAnswer>, FETCH_FAILED[kind]);
}

export function fetchStats(gameId: number): Promise<Result<RunStats>> {
  return attempt(() => api.api["run-stats"].get({ query: { gameId } }), T.validation.serverError);
}

export function createRunCall<K extends RunKind>(kind: K, body: RunInputOf<K>, fallback: string): Promise<Result<RunOfKind<K>>> {
  const call = kind === "raid" ? () => runs.post(body as RunInputOf<"raid">)
    : kind === "challenge" ? () => challenge.post(body as RunInputOf<"challenge">)
    : () => desert.post(body as RunInputOf<"desert">);
  return attempt(call as () => Promise<EdenAnswer>, fallback);
}

export function updateRunCall<K extends RunKind>(kind: K, id: number, body: RunPatchOf<K>, fallback: string): Promise<Result<RunOfKind<K>>> {
  const call = kind === "raid" ? () => runs({ id }).patch(body as RunPatchOf<"raid">)
    : kind === "challenge" ? () => challenge({ id }).patch(body as RunPatchOf<"challenge">)
    : () => desert({ id }).patch(body as RunPatchOf<"desert">);
  return attempt(call as () => Promise<EdenAnswer>, fallback);
}

export function deleteRunCall(kind: RunKind, id: number): Promise<Result<{ id: number }>> {
  const call = kind === "raid" ? () => runs({ id }).delete()
    : kind === "challenge" ? () => challenge({ id }).delete()
    : () => desert({ id }).delete();
  return attempt(call as () => Promise<EdenAnswer>, T.toast.deleteFailed);
}

// Reference lists change rarely: one request per list and page, shared by every dialog.
const cache = new Map<string, Promise<Result<unknown>>>();
function cached<T>(key: string, load: () => Promise<Result<T>>): Promise<Result<T>> {
  let p = cache.get(key) as Promise<Result<T>> | undefined;
  if (!p) {
    p = load().then((r) => {
      if (!r.ok) cache.delete(key);
      return r;
    });
    cache.set(key, p);
  }
  return p;
}
/** Tests start each case with an empty cache. */
export function clearReferenceCache(): void {
  cache.clear();
}

export const reference = {
  raids: (gameId: number) => cached<RaidRow[]>(`raids:${gameId}`, () => attempt(() => api.api.raids({ id: gameId }).get(), T.toast.fetchRaids)),
  factions: (gameId: number, region: Region) =>
    cached<FactionRow[]>(`factions:${gameId}:${region}`, () => attempt(() => api.api.factions({ id: gameId }).get({ query: { region } }), T.toast.fetchFactions)),
  serviceTypes: (gameId: number) =>
    cached<ServiceTypeRow[]>(`service-types:${gameId}`, () => attempt(() => api.api["service-types"]({ id: gameId }).get(), T.validation.serverError)),
  classSpecs: () => cached<ClassSpecRow[]>("class-specs", () => attempt(() => api.api["wow-class-specs"].get(), T.validation.serverError)),
  boosters: () => cached<BoosterListItem[]>("boosters", () => attempt(() => api.api.users.boosters.get(), T.validation.serverError)),
};
