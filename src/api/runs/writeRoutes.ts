import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { STAFF_ROLES, type RunKind } from "../../shared/enums";
import { PATCH_SCHEMAS, RUN_CREATE_RESPONSE_SCHEMAS, RUN_CREATE_SCHEMAS, RUN_WRITE_RESPONSE_SCHEMAS } from "../../kinds/schemas";
import { idParam, idParams } from "../../shared/schemas/params";
import { deletedRunSchema, runStatsSchema, sellThroughSchema } from "../../shared/schemas/responses";
import { doc, replies } from "../../http/contract";
import { createRun, deleteRun, updateRun } from "./service";
import { runStats, sellThrough, statsGameIds } from "./stats";
import { createRepeatedRuns } from "./repeat";
import { withWarnings } from "./overlappingRuns";


/**
 * POST, PATCH /{id} and DELETE /{id} for the three run kinds, plus the admin
 * counters. Signed-in only; who may change which run is decided in ./service.
 */
export const runWriteRoutes = (deps: AppContext) => {
  const routes = <K extends RunKind, P extends string>(kind: K, path: P) =>
    new Elysia({ name: `run-write-${kind}` })
      .use(session(deps))
      .post(path, async ({ viewer, body, set, audit }) => {
        const created = (body as { scheduledDates?: string[] }).scheduledDates
          ? await createRepeatedRuns(deps.db, viewer, kind, body as never, deps, audit)
          : await withWarnings(deps.db, kind, await createRun(deps.db, viewer, kind, body as never, deps, audit));
        set.status = 201;
        return created as never;
      },
        { signedIn: true, body: RUN_CREATE_SCHEMAS[kind], response: replies({ 201: RUN_CREATE_RESPONSE_SCHEMAS[kind] }, 400, 401, 403, 409), detail: doc("Runs", "Create a run, or with scheduledDates (2 to 26) the same run on every date; a booster: their own, in an assigned game") })
      .patch(`${path}/:id`, async ({ viewer, body, params, audit }) => withWarnings(deps.db, kind, await updateRun(deps.db, viewer, kind, params.id, body as never, deps, audit)),
        { signedIn: true, params: idParams, body: PATCH_SCHEMAS[kind], response: replies({ 200: RUN_WRITE_RESPONSE_SCHEMAS[kind] }, 400, 401, 403, 404, 409), detail: doc("Runs", "Change a run; only staff may set its status") })
      .delete(`${path}/:id`, ({ viewer, params, audit }) => deleteRun(deps.db, viewer, kind, params.id, deps, audit),
        { signedIn: true, params: idParams, response: replies({ 200: deletedRunSchema }, 400, 401, 403, 404, 409), detail: doc("Runs", "Delete a run; answers its id") });
  return new Elysia({ name: "run-write-routes", prefix: "/api" })
    .use(routes("raid", "/runs"))
    .use(routes("challenge", "/challenge-mode-runs"))
    .use(routes("desert", "/desert-perpetual-runs"));
};

/** GET /api/run-stats?gameId= (staff): the Runs tab's four counters for a game or a parent's children; GET /api/sell-through (a booster): their sell-through. */
export const runStatsRoutes = (deps: AppContext) =>
  new Elysia({ name: "run-stats-routes", prefix: "/api" })
    .use(session(deps))
    .get("/run-stats", async ({ query }) => runStats(deps.db, await statsGameIds(deps.db, query.gameId), deps.clock()),
      { roles: STAFF_ROLES, query: z.object({ gameId: idParam }), response: replies({ 200: runStatsSchema }, 400, 401, 403), detail: doc("Runs", "The Runs tab's four counters for a game, or for a parent game's children") })
    .get("/sell-through", async ({ viewer }) => (viewer.boosterRecordId ? sellThrough(deps.db, viewer.boosterRecordId, deps.clock()) : { runs: 0, offered: 0, taken: 0 }),
      { roles: ["booster"], response: replies({ 200: sellThroughSchema }, 401, 403), detail: doc("Runs", "The booster's sell-through: places taken and offered over their upcoming runs that track places") });
