import { Elysia } from "elysia";
import type { AppDeps } from "./http/context";
import { security } from "./http/security";
import { errors } from "./http/errors";
import { assets } from "./http/assets";
import { DIST_DIR } from "./render/manifest";
import { gamesRoutes } from "./api/games/routes";
import { runListRoutes } from "./api/runs/listRoutes";
import { notFoundRoutes, pageRoutes } from "./pages/routes";
import { dashboardRoutes } from "./pages/dashboardRoutes";

export type { AppDeps };

/** The whole app as a value: tests call `createApp(deps).handle(request)` in-process. */
export function createApp(deps: AppDeps, opts: { distDir?: string } = {}) {
  return new Elysia()
    .use(security(deps.config.production))
    .use(errors())
    .use(assets(opts.distDir ?? DIST_DIR))
    .use(gamesRoutes(deps))
    .use(runListRoutes(deps))
    .use(pageRoutes(deps))
    .use(dashboardRoutes(deps))
    // Keep last: any path not matched above gets the not-found page.
    .use(notFoundRoutes(deps));
}

export type App = ReturnType<typeof createApp>;
