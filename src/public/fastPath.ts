import { Elysia } from "elysia";
import type { AppDeps } from "../http/context";
import { securityHeaders } from "../http/security";
import { cachedResponse } from "./respond";

/**
 * Repeat requests for cached public pages are answered here, before routing, cookie
 * parsing and the other hooks: the cheapest path a request can take through the app.
 * Mounted right after the security plugin; everything else falls through.
 */
export const cachedPublicPages = (deps: AppDeps) => {
  const security = securityHeaders(deps.config.production);
  return new Elysia({ name: "cached-public-pages" }).onRequest(({ request }) => cachedResponse(deps, request, security));
};
