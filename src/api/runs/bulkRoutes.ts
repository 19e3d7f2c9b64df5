import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { doc, replies } from "../../http/contract";
import type { RunKind } from "../../shared/enums";
import { bulkRunsSchema } from "../../shared/schemas/bulk";
import { idParams } from "../../shared/schemas/params";
import { bulkResultSchema, bulkUndoneSchema, overlapCheckSchema } from "../../shared/schemas/responses";
import { RUN_WRITE_RESPONSE_SCHEMAS } from "../../kinds/schemas";
import { overlapQuerySchema } from "../../shared/schemas/overlap";
import { T } from "../../shared/text";
import { bulkRuns, undoBulk } from "./bulk";
import { duplicateToNextWeek } from "./duplicate";
import { checkOverlaps } from "./overlapCheck";
import { withWarnings } from "./overlappingRuns";

const undoParams = z.object({ token: z.uuid({ error: T.validation.undoGone }) });

/**
 * Bulk actions per run kind: POST {path}/bulk (expire, delete or shift many runs),
 * POST {path}/bulk/undo/{token} (restore them within 10 s), POST {path}/{id}/next-week
 * (the same run 7 days later). Who may change which run is decided in ./bulk and ./service.
 */
export const runBulkRoutes = (deps: AppContext) => {
  const routes = <K extends RunKind, P extends string>(kind: K, path: P) =>
    new Elysia({ name: `run-bulk-${kind}` })
      .use(session(deps))
      .post(`${path}/bulk`, ({ viewer, body, audit }) => bulkRuns(deps.db, viewer, kind, body, deps, audit),
        { signedIn: true, body: bulkRunsSchema, response: replies({ 200: bulkResultSchema }, 400, 401, 403, 404, 409), detail: doc("Runs", "Expire, delete or shift many runs at once (all or none); answers an undo token valid for 10 seconds") })
      .post(`${path}/bulk/undo/:token`, ({ viewer, params, audit }) => undoBulk(deps.db, viewer, kind, params.token, deps, audit),
        { signedIn: true, params: undoParams, response: replies({ 200: bulkUndoneSchema }, 400, 401, 403, 404, 409), detail: doc("Runs", "Undo a bulk action of yours within 10 seconds") })
      .post(`${path}/:id/next-week`, async ({ viewer, params, set, audit }) => {
        const run = await withWarnings(deps.db, kind, await duplicateToNextWeek(deps.db, viewer, kind, params.id, deps, audit));
        set.status = 201;
        return run as never;
      },
        { signedIn: true, params: idParams, response: replies({ 201: RUN_WRITE_RESPONSE_SCHEMAS[kind] }, 400, 401, 403, 404, 409), detail: doc("Runs", "Create the same run 7 days later") });
  return new Elysia({ name: "run-bulk-routes", prefix: "/api" })
    .use(routes("raid", "/runs"))
    .use(routes("challenge", "/challenge-mode-runs"))
    .use(routes("desert", "/desert-perpetual-runs"))
    .use(session(deps))
    .get("/run-overlaps", ({ viewer, query }) => checkOverlaps(deps.db, viewer, query),
      { signedIn: true, query: overlapQuerySchema, response: replies({ 200: overlapCheckSchema }, 400, 401, 403), detail: doc("Runs", "The booster's available runs that a planned run would overlap (the forms' warning before saving)") });
};
