import { Elysia } from "elysia";
import type { AppDeps } from "../http/context";
import { session } from "../http/session";
import { pageResponse } from "./respond";
import { gameCards } from "../api/games/service";
import { publicScope } from "../api/games/scope";
import { LandingPage } from "./landing";
import { CategoryPage } from "./category";
import { notFoundPage } from "./notFound";
import { T } from "../shared/text";

/** The route table of server-rendered pages: path -> loader + component. */
export const pageRoutes = (deps: AppDeps) =>
  new Elysia({ name: "pages" })
    .use(session(deps))
    .get("/", async ({ request, viewer }) => {
      const games = await gameCards(deps.db, publicScope(deps), deps.clock());
      return pageResponse(request, deps.manifest, viewer, {
        title: `${T.landing.heading} · ${T.app.name}`,
        description: T.landing.subtitle,
        body: <LandingPage viewer={viewer} games={games} />,
      });
    })
    .get("/category/:slug", async ({ request, viewer, params }) => {
      const games = await gameCards(deps.db, publicScope(deps), deps.clock());
      const game = games.find((g) => g.slug === params.slug);
      if (!game) return pageResponse(request, deps.manifest, viewer, notFoundPage(viewer));
      return pageResponse(request, deps.manifest, viewer, {
        title: `${game.name} · ${T.app.name}`,
        description: game.description ?? undefined,
        body: <CategoryPage viewer={viewer} game={game} />,
      });
    });

/** Any other path: the not-found page (mounted last, after every page and API route). */
export const notFoundRoutes = (deps: AppDeps) =>
  new Elysia({ name: "not-found" })
    .use(session(deps))
    .get("/*", ({ request, viewer, status }) =>
      new URL(request.url).pathname.startsWith("/api/")
        ? status(404, { message: T.validation.notFound })
        : pageResponse(request, deps.manifest, viewer, notFoundPage(viewer)));
