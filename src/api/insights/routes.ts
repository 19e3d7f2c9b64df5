// GET /api/insights: the Insights view's numbers, for owners and administrators only
// (boosters get 403; docs/decisions/17-demand-insights.md).
import { Elysia } from "elysia";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { doc, replies } from "../../http/contract";
import { STAFF_ROLES } from "../../shared/enums";
import { insightsQuery, insightsSchema } from "../../shared/schemas/insights";
import { insightsFor } from "./service";

export const insightsRoutes = (deps: AppContext) =>
  new Elysia({ name: "insights-routes", prefix: "/api" })
    .use(session(deps))
    .get("/insights", ({ query }) => insightsFor(deps.db, query.gameId, deps.clock(), query.days, query.zone), {
      roles: STAFF_ROLES, query: insightsQuery, response: replies({ 200: insightsSchema }, 400, 401, 403, 404),
      detail: doc("Runs", "Demand insights of one calendar over the last `days` days (default 30) in `zone` (CET or EST, default CET): offered runs, places offered and taken, and booking clicks per day; clicks per offered run by dimension and start hour; the period's clicks by source (calendar, run, embed, feed, discord, other) and the top embedding sites"),
    });
