import { Elysia } from "elysia";
import type { AppDeps } from "../http/context";
import { securityHeaders } from "../http/security";
import { earlyObserverFor } from "../ops/plugin";
import { cachedResponse } from "./respond";
import { readPath } from "./readPath";

/**
 * Answers a repeat GET of a cached public page, or undefined. Such answers bypass Elysia's
 * after-response hooks, so the request log and metrics are written here (when anyone reads
 * them). `id`: a request id already chosen for this request.
 */
export function answerCached(deps: AppDeps, security: Record<string, string>) {
  const observe = earlyObserverFor(deps);
  if (!observe) return (request: Request) => cachedResponse(deps, request, security)?.response;
  return (request: Request, id?: string) => {
    const at = performance.now();
    const answer = cachedResponse(deps, request, security);
    return answer && observe(request, at, answer, id);
  };
}

/**
 * Repeat requests for cached public pages are answered here, before routing, cookie
 * parsing and the other hooks: the cheapest path a request can take through the app.
 * Mounted right after the ops plugin; everything else falls through. (A wrapper around
 * Bun's fetch handler in server.ts would never run: Elysia's listen() installs its own.)
 */
export const cachedPublicPages = (deps: AppDeps) => {
  readPath(deps); // made with the app, so its database defers change marks to commit before any write
  const answer = answerCached(deps, securityHeaders(deps.config.production));
  // The request observer's onRequest (ops plugin, mounted first) has already chosen the id.
  return new Elysia({ name: "cached-public-pages" }).onRequest(({ request, set }) => answer(request, set.headers["x-request-id"] as string | undefined));
};
