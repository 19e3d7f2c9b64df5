import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../http/context";
import { session } from "../../http/session";
import { findGameBySlug, gamesHierarchy, listGames } from "./service";
import { scopeFor } from "./scope";
import { T } from "../../shared/text";

const slugParams = z.object({ slug: z.string().min(1).max(100) });

export const gamesRoutes = (deps: AppDeps) =>
  new Elysia({ name: "games-routes", prefix: "/api" })
    .use(session(deps))
    .get("/games", ({ viewer }) => listGames(deps.db, scopeFor(deps, viewer)))
    .get("/games-hierarchy", ({ viewer }) => gamesHierarchy(deps.db, scopeFor(deps, viewer)))
    .get("/games/:slug/children", async ({ viewer, params, status }) => {
      const scope = scopeFor(deps, viewer);
      const game = await findGameBySlug(deps.db, params.slug, scope);
      if (!game) return status(404, { message: T.validation.notFound });
      return (await listGames(deps.db, scope)).filter((g) => g.parentGameId === game.id);
    }, { params: slugParams });
