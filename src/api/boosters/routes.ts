import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { isStaff } from "../../domain/permissions";
import { STAFF_ROLES } from "../../shared/enums";
import { T } from "../../shared/text";
import { idParams } from "../../shared/schemas/params";
import { boosterListItemSchema, currentBoosterSchema, gameRowSchema } from "../../shared/schemas/responses";
import { doc, replies } from "../../http/contract";
import { assignedGames, findBooster, listBoosters } from "./service";


/**
 * Booster lookups for the run forms:
 * - GET /api/users/boosters (staff): the run form's booster dropdown
 * - GET /api/current-booster (a booster): their own record; 404 for users without one
 * - GET /api/boosters/{id}/games: games assigned to a booster record; staff for anyone,
 *   a booster only for themself (403 otherwise)
 */
export const boosterRoutes = (deps: AppContext) =>
  new Elysia({ name: "booster-routes", prefix: "/api" })
    .use(session(deps))
    .get("/users/boosters", () => listBoosters(deps.db),
      { roles: STAFF_ROLES, response: replies({ 200: z.array(boosterListItemSchema) }, 401, 403), detail: doc("Boosters", "Every live booster with their game assignments (the run form's booster list)") })
    .get("/current-booster", async ({ viewer, status }) => {
      const booster = viewer.boosterRecordId ? await findBooster(deps.db, viewer.boosterRecordId) : null;
      return booster ?? status(404, { message: T.validation.notFound });
    }, { signedIn: true, response: replies({ 200: currentBoosterSchema }, 401, 403, 404), detail: doc("Boosters", "The caller's own booster record; 404 for users without one") })
    .get("/boosters/:id/games", async ({ viewer, params, status }) => {
      if (!isStaff(viewer) && viewer.boosterRecordId !== params.id) return status(403, { message: T.validation.forbidden });
      if (!(await findBooster(deps.db, params.id))) return status(404, { message: T.validation.notFound });
      return assignedGames(deps.db, params.id);
    }, { signedIn: true, params: idParams, response: replies({ 200: z.array(gameRowSchema) }, 400, 401, 403, 404), detail: doc("Boosters", "Games assigned to a booster: staff for anyone, a booster for themself") });
