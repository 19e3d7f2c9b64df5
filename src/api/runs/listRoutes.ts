import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../http/context";
import { session } from "../../http/session";
import { isStaff } from "../../domain/permissions";
import { readPath } from "../../public/readPath";
import { RUN_LISTERS, type RunListFilter } from "./queries";
import type { RunKind } from "../../shared/enums";
import type { RunOfKind } from "../../shared/runs";
import type { Viewer } from "../../shared/types";
import { idParam } from "../../shared/schemas/params";
import { RUN_RESPONSE_SCHEMAS } from "../../shared/schemas/responses";
import { doc, replies } from "../../http/contract";

export const runListQuery = z.object({ boosterId: idParam.optional(), gameId: idParam.optional() });

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
const list = <K extends RunKind>(deps: AppDeps, kind: K) =>
  async ({ viewer, query }: { viewer: Viewer | null; query: z.infer<typeof runListQuery> }): Promise<RunOfKind<K>[]> => {
    const filter = listFilterFor(viewer, query);
    if (filter) return RUN_LISTERS[kind](deps.db, filter);
    const runs: RunOfKind<K>[] = (await readPath(deps).model.get()).runs[kind];
    return query.gameId === undefined ? runs : runs.filter((r) => r.gameId === query.gameId);
  };

const LIST_SUMMARY = "Runs of this kind: staff all (filter by boosterId, gameId); a booster their own; everyone else the public list";
const listOf = <K extends RunKind>(kind: K) => replies({ 200: z.array(RUN_RESPONSE_SCHEMAS[kind]) }, 400);

/** GET lists of SPEC §7 for the three run kinds. */
export const runListRoutes = (deps: AppDeps) =>
  new Elysia({ name: "run-list-routes", prefix: "/api" })
    .use(session(deps))
    .get("/runs", list(deps, "raid"), { query: runListQuery, response: listOf("raid"), detail: doc("Runs", LIST_SUMMARY) })
    .get("/challenge-mode-runs", list(deps, "challenge"), { query: runListQuery, response: listOf("challenge"), detail: doc("Runs", LIST_SUMMARY) })
    .get("/desert-perpetual-runs", list(deps, "desert"), { query: runListQuery, response: listOf("desert"), detail: doc("Runs", LIST_SUMMARY) })
    .get("/desert-perpetual-runs/game/:gameId", ({ viewer, params }) => list(deps, "desert")({ viewer, query: { gameId: params.gameId } }),
      { params: z.object({ gameId: idParam }), response: listOf("desert"), detail: doc("Runs", "One game's Desert Perpetual runs, as GET /api/desert-perpetual-runs?gameId=") });
