import { Elysia } from "elysia";
import type { AppContext, AppDeps } from "./http/context";
import { security } from "./http/security";
import { cachedPublicPages } from "./public/fastPath";
import { localizedFetch } from "./http/locale";
import { readModelChecks, readPath } from "./readModel/readPath";
import { resolveSession } from "./api/auth/sessions";
import { errors } from "./http/errorAnswers";
import { ACCOUNT_FORM_PAGES } from "./api/auth/accountFormPages";
import { originCheck } from "./http/origin";
import { bodyLimits } from "./http/body";
import { assets } from "./http/assets";
import { jsonCompression } from "./http/compress";
import { DIST_DIR } from "./render/manifest";
import { gamesRoutes } from "./api/games/routes";
import { gamesAdminRoutes } from "./api/games/adminRoutes";
import { gameWebhookRoutes } from "./api/games/webhookRoutes";
import { usersRoutes } from "./api/users/routes";
import { runListRoutes } from "./api/runs/listRoutes";
import { runStatsRoutes, runWriteRoutes } from "./api/runs/writeRoutes";
import { runBulkRoutes } from "./api/runs/bulkRoutes";
import { insightsRoutes } from "./api/insights/routes";
import { referenceRoutes } from "./api/reference/routes";
import { boosterRoutes } from "./api/boosters/routes";
import { notFoundRoutes, pageRoutes } from "./pages/routes";
import { dashboardRoutes } from "./pages/dashboardRoutes";
import { calendarRoutes } from "./pages/calendar/routes";
import { runPageRoutes } from "./pages/run/routes";
import { seoRoutes } from "./public/seo";
import { liveRoutes } from "./public/liveRoutes";
import { embedRoutes } from "./pages/embed/routes";
import { calendarFeedRoutes } from "./pages/calendar/feedRoutes";
import { authRoutes } from "./api/auth/routes";
import { oidcRoutes } from "./api/auth/oidcRoutes";
import { invitesRoutes } from "./api/invites/routes";
import { passwordRoutes } from "./api/passwords/routes";
import { auditRoutes } from "./api/audit/routes";
import { accountRoutes } from "./pages/account/routes";
import { ops } from "./ops/plugin";
import { apiReference } from "./pages/apiDocsRoutes";
import { storefrontRoutes } from "./api/storefront/routes";
import { alertRoutes } from "./api/alerts/routes";
import { alertPageRoutes } from "./pages/alerts/routes";
import { devMailRoutes } from "./pages/devMail/routes";

export type { AppDeps };

/** The whole app as a value: tests call `createApp(deps).handle(request)` in-process. */
export function createApp(input: AppDeps, opts: { distDir?: string } = {}) {
  // Built once here and handed down: lower rooms declare what they use instead of importing it.
  const deps: AppContext = { ...input, readPath: readPath(input), resolveSession };
  const app = new Elysia()
    .use(security(deps.config))
    // Before anything keyed by the Request: a chunked body is buffered into a new one.
    .use(bodyLimits())
    // Health, metrics and the request log; readiness includes "read model loaded".
    .use(ops(deps, { checks: readModelChecks(deps) }))
    .use(cachedPublicPages(deps))
    .use(errors(ACCOUNT_FORM_PAGES))
    .use(originCheck(deps.config))
    .use(jsonCompression())
    // The embed loader's stable name (docs/decisions/35-embeds.md); its hashed file is immutable under /assets.
    .use(assets(opts.distDir ?? DIST_DIR, { "/embed.js": deps.manifest.embedLoader }))
    .use(gamesRoutes(deps))
    .use(runListRoutes(deps))
    .use(pageRoutes(deps))
    .use(dashboardRoutes(deps))
    .use(gamesAdminRoutes(deps))
    .use(gameWebhookRoutes(deps))
    // Grouped: one more top-level .use() makes Eden's App type too deep for tsc.
    .use(new Elysia({ name: "users-and-audit" }).use(usersRoutes(deps)).use(auditRoutes(deps)).use(storefrontRoutes(deps)).use(alertRoutes(deps)).use(alertPageRoutes(deps)))
    .use(runWriteRoutes(deps))
    .use(runBulkRoutes(deps))
    .use(runStatsRoutes(deps))
    .use(insightsRoutes(deps))
    .use(referenceRoutes(deps))
    .use(boosterRoutes(deps))
    .use(authRoutes(deps))
    .use(oidcRoutes(deps))
    .use(invitesRoutes(deps))
    .use(passwordRoutes(deps))
    .use(accountRoutes(deps))
    .use(calendarRoutes(deps))
    .use(runPageRoutes(deps))
    // Grouped (see users-and-audit): the sitemap, the live pages' streams, the embeds and (development only) /dev/mail.
    .use(new Elysia({ name: "seo-and-live" }).use(seoRoutes(deps)).use(liveRoutes(deps)).use(embedRoutes(deps)).use(devMailRoutes(deps)))
    .use(calendarFeedRoutes(deps));
  // The API reference describes the app it is part of (read on first request).
  const whole = app.use(apiReference(deps, app))
    // Keep last: any path not matched above gets the not-found page.
    .use(notFoundRoutes(deps));
  // Every request runs in its locale's scope, /de/... as its English path (src/http/locale.ts);
  // `handle` (tests) and the server's fetch both go through it.
  const routed = whole.fetch;
  Object.defineProperty(whole, "fetch", { value: localizedFetch(routed, !deps.config.production), writable: true, configurable: true });
  return whole;
}

export type App = ReturnType<typeof createApp>;
