import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { findGameBySlug, gamesHierarchy, listGames } from "./service";
import { scopeFor } from "./scope";
import { T } from "../../shared/text";
import { textOf } from "../../shared/schemas/text";
import { gameRowSchema, gameWithChildrenSchema } from "../../shared/schemas/responses";
import { doc, replies } from "../../http/contract";

const slugParams = z.object({ slug: textOf(T.validation.invalidRequest).min(1, T.validation.invalidRequest).max(100, T.validation.invalidRequest) });

export const gamesRoutes = (deps: AppContext) =>
  new Elysia({ name: "games-routes", prefix: "/api" })
    .use(session(deps))
    .get("/games", ({ viewer }) => listGames(deps.db, scopeFor(deps, viewer)),
      { response: replies({ 200: z.array(gameRowSchema) }), detail: doc("Games", "Games the caller may see (staff: all; others: the visible ones), in display order") })
    .get("/games-hierarchy", ({ viewer }) => gamesHierarchy(deps.db, scopeFor(deps, viewer)),
      { response: replies({ 200: z.array(gameWithChildrenSchema) }), detail: doc("Games", "Top-level games with their child games") })
    .get("/games/:slug/children", async ({ viewer, params, status }) => {
      const scope = scopeFor(deps, viewer);
      const game = await findGameBySlug(deps.db, params.slug, scope);
      if (!game) return status(404, { message: T.validation.notFound });
      return (await listGames(deps.db, scope)).filter((g) => g.parentGameId === game.id);
    }, { params: slugParams, response: replies({ 200: z.array(gameRowSchema) }, 400, 404), detail: doc("Games", "A game's child games, by the parent's slug") });
