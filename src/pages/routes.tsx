import { Elysia } from "elysia";
import type { AppContext } from "../http/context";
import { session } from "../http/sessionGuard";
import { hereOf, pageResponse } from "./pageResponse";
import { readPath } from "../readModel/readPath";
import { publicPage } from "../public/publicResponse";
import { LandingPage } from "./landing";
import { CategoryPage } from "./category";
import { notFoundPage } from "./notFound";
import { T } from "../shared/text";
import { absolute } from "../render/meta";
import type { GameCard } from "../shared/types";

/**
 * The game a /category/{slug} page shows: a top-level card, or a visible child game,
 * which has no children of its own and so offers its calendar instead of a 404.
 */
function categoryGame(cards: GameCard[], slug: string): GameCard | undefined {
  const top = cards.find((g) => g.slug === slug);
  if (top) return top;
  const child = cards.flatMap((g) => g.childGames).find((c) => c.slug === slug);
  return child && { ...child, childGames: [] };
}

/** The route table of server-rendered pages: path -> loader + component. Public pages read the read model through the page cache. */
export const pageRoutes = (deps: AppContext) =>
  new Elysia({ name: "pages" })
    .use(session(deps))
    .get("/", async ({ request, viewer }) => {
      const snap = await readPath(deps).model.get();
      return publicPage(deps, request, viewer, snap, "/", () => ({
        title: `${T.landing.heading} · ${T.app.name}`,
        description: T.landing.subtitle,
        meta: { url: absolute(deps.config.publicOrigin, "/") },
        body: <LandingPage viewer={null} games={snap.cards} />,
      }));
    })
    .get("/category/:slug", async ({ request, viewer, params }) => {
      const snap = await readPath(deps).model.get();
      const game = categoryGame(snap.cards, params.slug);
      if (!game) return pageResponse(request, deps.manifest, viewer, notFoundPage(viewer, hereOf(request)));
      return publicPage(deps, request, viewer, snap, `/category/${game.slug}`, () => ({
        title: `${game.name} · ${T.app.name}`,
        description: game.description ?? T.seo.category({ name: game.name }),
        meta: { url: absolute(deps.config.publicOrigin, `/category/${game.slug}`), image: game.imageUrl && absolute(deps.config.publicOrigin, game.imageUrl) },
        body: <CategoryPage viewer={null} game={game} />,
      }));
    });

/** Any other path: the not-found page (mounted last, after every page and API route). */
export const notFoundRoutes = (deps: AppContext) =>
  new Elysia({ name: "not-found" })
    .use(session(deps))
    .get("/*", ({ request, viewer, status }) =>
      new URL(request.url).pathname.startsWith("/api/")
        ? status(404, { message: T.validation.notFound })
        : pageResponse(request, deps.manifest, viewer, notFoundPage(viewer, hereOf(request))));
