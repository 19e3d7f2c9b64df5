import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../http/context";
import { session } from "../../http/session";
import { isStaff } from "../../domain/permissions";
import { listGames } from "../games/service";
import { publicScope } from "../games/scope";
import { RUN_LISTERS, type RunListFilter } from "./queries";
import type { RunKind } from "../../shared/enums";
import type { Viewer } from "../../shared/types";
import { T } from "../../shared/text";

const id = z.coerce.number({ error: T.validation.invalidId }).int(T.validation.invalidId).positive(T.validation.invalidId).max(2_147_483_647, T.validation.invalidId);
export const runListQuery = z.object({ boosterId: id.optional(), gameId: id.optional() });

/**
 * Who sees which runs: staff see every run (optionally filtered by ?boosterId / ?gameId);
 * a booster sees only their own runs whatever ?boosterId says; everyone else gets the
 * public view (available, upcoming runs of visible games, no private booster fields).
 */
export async function listFilterFor(deps: AppDeps, viewer: Viewer | null, q: z.infer<typeof runListQuery>): Promise<RunListFilter> {
  if (isStaff(viewer)) return { boosterRecordId: q.boosterId, gameId: q.gameId };
  if (viewer?.role === "booster" && viewer.boosterRecordId) return { boosterRecordId: viewer.boosterRecordId, gameId: q.gameId };
  const visible = await listGames(deps.db, publicScope(deps));
  return { gameId: q.gameId, gameIds: visible.map((g) => g.id), publicAt: deps.clock() };
}

const list = (deps: AppDeps, kind: RunKind) =>
  async ({ viewer, query }: { viewer: Viewer | null; query: z.infer<typeof runListQuery> }) =>
    RUN_LISTERS[kind](deps.db, await listFilterFor(deps, viewer, query));

/** GET lists of SPEC §7 for the three run kinds. */
export const runListRoutes = (deps: AppDeps) =>
  new Elysia({ name: "run-list-routes", prefix: "/api" })
    .use(session(deps))
    .get("/runs", list(deps, "raid"), { query: runListQuery })
    .get("/challenge-mode-runs", list(deps, "challenge"), { query: runListQuery })
    .get("/desert-perpetual-runs", list(deps, "desert"), { query: runListQuery })
    .get("/desert-perpetual-runs/game/:gameId", ({ viewer, params }) => list(deps, "desert")({ viewer, query: { gameId: params.gameId } }),
      { params: z.object({ gameId: id }) });
