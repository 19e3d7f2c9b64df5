import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../http/context";
import { session } from "../../http/session";
import { STAFF_ROLES, type RunKind } from "../../shared/enums";
import { RUN_PATCH_SCHEMAS, RUN_SCHEMAS } from "../../shared/schemas/runs";
import { idParam, idParams } from "../../shared/schemas/params";
import { createRun, deleteRun, updateRun } from "./service";
import { runStats, statsGameIds } from "./stats";


/**
 * POST, PATCH /{id} and DELETE /{id} for the three run kinds (SPEC §7), plus the admin
 * counters. Signed-in only; who may change which run is decided in ./service.
 */
export const runWriteRoutes = (deps: AppDeps) => {
  const routes = <K extends RunKind, P extends string>(kind: K, path: P) =>
    new Elysia({ name: `run-write-${kind}` })
      .use(session(deps))
      .post(path, async ({ viewer, body, status }) => status(201, await createRun(deps.db, viewer, kind, body as never)),
        { signedIn: true, body: RUN_SCHEMAS[kind] })
      .patch(`${path}/:id`, ({ viewer, body, params }) => updateRun(deps.db, viewer, kind, params.id, body as never),
        { signedIn: true, params: idParams, body: RUN_PATCH_SCHEMAS[kind] })
      .delete(`${path}/:id`, ({ viewer, params }) => deleteRun(deps.db, viewer, kind, params.id),
        { signedIn: true, params: idParams });
  return new Elysia({ name: "run-write-routes", prefix: "/api" })
    .use(routes("raid", "/runs"))
    .use(routes("challenge", "/challenge-mode-runs"))
    .use(routes("desert", "/desert-perpetual-runs"));
};

/** GET /api/run-stats?gameId= (staff): the Runs tab's four counters for a game or a parent's children. */
export const runStatsRoutes = (deps: AppDeps) =>
  new Elysia({ name: "run-stats-routes", prefix: "/api" })
    .use(session(deps))
    .get("/run-stats", async ({ query }) => runStats(deps.db, await statsGameIds(deps.db, query.gameId), deps.clock()),
      { roles: STAFF_ROLES, query: z.object({ gameId: idParam }) });
