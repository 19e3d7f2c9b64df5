import { Elysia } from "elysia";
import type { AppDeps } from "../http/context";
import { securitySets } from "../http/security";
import { earlyObserverFor } from "../ops/plugin";
import { cachedResponse } from "./publicResponse";
import { readPath } from "../readModel/readPath";

type Answer = (request: Request, id?: string) => Response | undefined;
const answers = new WeakMap<AppDeps, Answer>();

/**
 * Answers a repeat GET of a cached public page, or undefined; one function per app (deps).
 * Such answers bypass Elysia's hooks, so they carry the security headers themselves, and
 * the request log and metrics are written here (when anyone reads them). `id`: a request
 * id already chosen for this request.
 */
export function answerCached(deps: AppDeps): Answer {
  let answer = answers.get(deps);
  if (answer) return answer;
  readPath(deps); // made with the app, so its database defers change marks to commit before any write
  const security = securitySets(deps.config);
  const observe = earlyObserverFor(deps);
  answer = observe
    ? (request, id) => {
      const at = performance.now();
      const found = cachedResponse(deps, request, security, id ?? true);
      return found && observe(request, at, found);
    }
    : (request) => cachedResponse(deps, request, security)?.response;
  answers.set(deps, answer);
  return answer;
}

/**
 * Repeat requests for cached public pages are answered before routing, cookie parsing and
 * the other hooks. The server answers them first of all, in its own fetch handler
 * (src/http/listen.ts `serveApp`); this hook, mounted right after the ops plugin, does the
 * same for requests that reach the app some other way (`app.handle` in tests).
 */
export const cachedPublicPages = (deps: AppDeps) => {
  const answer = answerCached(deps);
  // The request observer's onRequest (ops plugin, mounted first) has already chosen the id.
  return new Elysia({ name: "cached-public-pages" }).onRequest(({ request, set }) => answer(request, set.headers["x-request-id"] as string | undefined));
};
