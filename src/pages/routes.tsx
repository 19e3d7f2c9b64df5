import { Elysia } from "elysia";
import type { AppDeps } from "../http/context";
import { session } from "../http/session";
import { pageResponse, type PageResult } from "./respond";
import { gameCards } from "../api/games/service";
import { publicScope } from "../api/games/scope";
import { LandingPage } from "./landing";
import { CategoryPage } from "./category";
import { NotFoundPage } from "./notFound";
import { T } from "../shared/text";
import type { Viewer } from "../shared/types";

export function notFoundPage(viewer: Viewer | null): PageResult {
  return { title: `${T.notFound.title} · ${T.app.name}`, body: <NotFoundPage viewer={viewer} />, status: 404 };
}

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
    })
    // Any other path: the not-found page (registered last, after every page and API route).
    .get("/*", ({ request, viewer, status }) =>
      new URL(request.url).pathname.startsWith("/api/")
        ? status(404, { message: T.validation.notFound })
        : pageResponse(request, deps.manifest, viewer, notFoundPage(viewer)));
