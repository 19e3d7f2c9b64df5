import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { STAFF_ROLES } from "../../shared/enums";
import { T } from "../../shared/text";
import { gameRowSchema } from "../../shared/schemas/responses";
import { doc, replies } from "../../http/contract";
import { idParam } from "../../shared/schemas/params";
import { idField } from "../../shared/schemas/ids";
import { BOOKING_CUTOFF_ROLES, DEV_VISIBILITY_ROLES } from "../../domain/permissions";
import { reorderGames, setBookingCutoff, setVisibility } from "./service";
import { bookingCutoffSchema } from "../../shared/schemas/games";

// The segment after /games/ is named `slug` on every route at that level (GET
// /games/:slug/children is the other), so the router and Eden see one parameter; here it
// carries the game's numeric id (/api/games/{id}/visibility and /dev-visibility).
const idParams = z.object({ slug: idParam });

export const reorderSchema = z.object({
  gameOrders: z.array(z.object({ id: idField(T.games.invalidOrder), displayOrder: idField(T.games.invalidOrder) }), { error: T.games.invalidOrder })
    .min(1, T.games.invalidOrder).max(1000, T.games.invalidOrder)
    .refine((list) => new Set(list.map((g) => g.id)).size === list.length, T.games.invalidOrder),
});
const visibleSchema = z.object({ visible: z.boolean({ error: T.validation.invalidRequest }) });
const devVisibleSchema = z.object({ devVisible: z.boolean({ error: T.validation.invalidRequest }) });

/**
 * Game Management writes: order and production visibility for staff, dev
 * visibility for the owner only. Public pages read the table on every request, so a
 * change shows at once.
 */
export const gamesAdminRoutes = (deps: AppContext) =>
  new Elysia({ name: "games-admin-routes", prefix: "/api" })
    .use(session(deps))
    .patch("/games/reorder", async ({ body, status, audit }) => {
      const games = await reorderGames(deps.db, body.gameOrders, audit);
      return games ?? status(400, { message: T.games.gameNotFound });
    }, { roles: STAFF_ROLES, body: reorderSchema, response: replies({ 200: z.array(gameRowSchema) }, 400, 401, 403), detail: doc("Games", "Set the display order of games; answers every game in the new order") })
    .patch("/games/:slug/visibility", async ({ params, body, status, audit }) =>
      (await setVisibility(deps.db, params.slug, "visible", body.visible, audit)) ?? status(404, { message: T.games.gameNotFound }),
    { roles: STAFF_ROLES, params: idParams, body: visibleSchema, response: replies({ 200: gameRowSchema }, 400, 401, 403, 404), detail: doc("Games", "Show or hide a game on the production site") })
    .patch("/games/:slug/dev-visibility", async ({ params, body, status, audit }) =>
      (await setVisibility(deps.db, params.slug, "devVisible", body.devVisible, audit)) ?? status(404, { message: T.games.gameNotFound }),
    { roles: DEV_VISIBILITY_ROLES, params: idParams, body: devVisibleSchema, response: replies({ 200: gameRowSchema }, 400, 401, 403, 404), detail: doc("Games", "Show or hide a game on development sites (owner only)") })
    .patch("/games/:slug/booking-cutoff", async ({ params, body, status, audit }) =>
      (await setBookingCutoff(deps.db, params.slug, body.bookingCutoffMinutes, audit)) ?? status(404, { message: T.games.gameNotFound }),
    { roles: BOOKING_CUTOFF_ROLES, params: idParams, body: bookingCutoffSchema, response: replies({ 200: gameRowSchema }, 400, 401, 403, 404), detail: doc("Games", "Set how many minutes before a run starts booking closes (0-1440, owner only)") });
