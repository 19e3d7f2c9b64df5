import { Elysia } from "elysia";
import { jwt } from "@elysiajs/jwt";
import { z } from "zod";
import type { AppDeps } from "../../http/context";
import { session } from "../../http/session";
import { landingFor } from "../../domain/landing";
import { safeReturnTo } from "../../domain/access";
import { startSession } from "./cookie";
import { signInExternal } from "./external";
import { beginLogin, finishLogin } from "./oidc";
import { loadAccountUser } from "./service";

/** Short-lived cookie carrying the PKCE verifier, state, nonce and returnTo between login and callback. */
const FLOW_COOKIE = "runboard_oidc";
const FLOW_TTL_SECONDS = 10 * 60;

const loginQuery = z.object({ returnTo: z.string().max(2000).optional() });

const loginError = (code: "access_denied" | "auth_error" | "login_error", returnTo: string) =>
  `/login?error=${code}${returnTo !== "/" ? `&returnTo=${encodeURIComponent(returnTo)}` : ""}`;

/**
 * GET /api/login?returnTo= starts the external provider login; GET /api/callback finishes
 * it. Without a configured provider, /api/login sends the browser to /auth instead.
 */
export const oidcRoutes = (deps: AppDeps) =>
  new Elysia({ name: "oidc-routes", prefix: "/api" })
    .use(session(deps))
    // Its own key (derived from the app secret), so a flow cookie can never pass as a session.
    .use(jwt({ name: "flowJwt", secret: `${deps.config.jwtSecret}|oidc-flow`, alg: "HS256" }))
    .get("/login", async ({ query, cookie, flowJwt, redirect }) => {
      const returnTo = safeReturnTo(query.returnTo);
      const oidc = deps.config.oidc;
      if (!oidc) return redirect(`/auth${query.returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`, 302);
      let started;
      try {
        // The provider sends the browser back to the configured origin, never the request's Host.
        started = await beginLogin(oidc, `${deps.config.publicOrigin}/api/callback`);
      } catch (err) {
        console.warn("OIDC discovery failed:", (err as Error).message);
        return redirect(loginError("login_error", returnTo), 302);
      }
      const { verifier, state, nonce } = started.checks;
      cookie[FLOW_COOKIE]!.set({
        value: await flowJwt.sign({ v: verifier, s: state, n: nonce, r: returnTo, exp: `${FLOW_TTL_SECONDS}s` }),
        httpOnly: true, sameSite: "lax", path: "/api", secure: deps.config.production, maxAge: FLOW_TTL_SECONDS,
      });
      return redirect(started.url, 302);
    }, { query: loginQuery })
    .get("/callback", async ({ request, cookie, flowJwt, sessionJwt, server, sessionId, redirect }) => {
      const flow = await flowJwt.verify(typeof cookie[FLOW_COOKIE]?.value === "string" ? cookie[FLOW_COOKIE].value : undefined);
      // One use only: the cookie goes whatever happens next.
      cookie[FLOW_COOKIE]!.set({ value: "", httpOnly: true, sameSite: "lax", path: "/api", secure: deps.config.production, maxAge: 0, expires: new Date(0) });
      const oidc = deps.config.oidc;
      if (!oidc || !flow || typeof flow.v !== "string" || typeof flow.s !== "string" || typeof flow.n !== "string") {
        return redirect(loginError("auth_error", "/"), 302);
      }
      const returnTo = safeReturnTo(flow.r);
      const url = new URL(request.url);
      let identity;
      try {
        // The provider's own error (user cancelled, consent refused, ...) or a failed exchange.
        if (url.searchParams.has("error")) throw new Error(`provider error ${url.searchParams.get("error")}`);
        identity = await finishLogin(oidc, new URL(`${deps.config.publicOrigin}/api/callback${url.search}`), {
          verifier: flow.v, state: flow.s, nonce: flow.n,
        });
      } catch (err) {
        console.warn("OIDC callback failed:", (err as Error).message);
        return redirect(loginError("auth_error", returnTo), 302);
      }
      const userId = await signInExternal(deps.db, identity, deps.clock());
      if (!userId) return redirect(loginError("access_denied", returnTo), 302);
      await startSession(deps, { cookie, sessionJwt, request, server, sessionId }, userId);
      const user = await loadAccountUser(deps.db, userId);
      // An invite page has done its job once its invite is an account.
      const next = /^\/(invite|register)\//.test(returnTo) || returnTo.startsWith("/welcome") ? undefined : returnTo;
      return redirect(landingFor(user, next), 302);
    });
