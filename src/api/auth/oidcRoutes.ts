import { Elysia, type Cookie } from "elysia";
import { jwt } from "@elysiajs/jwt";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { SESSION_JWT_ALG, session } from "../../http/sessionGuard";
import { landingFor } from "../../domain/landing";
import { safeReturnTo } from "../../domain/access";
import { inviteTokenSchema } from "../../shared/schemas/auth";
import { textOf } from "../../shared/schemas/text";
import { T } from "../../shared/text";
import { startSession } from "./cookie";
import { AccountError } from "./accountErrors";
import { signInExternal } from "../../accounts/externalSignIn";
import { beginLogin, endSessionUrl, finishLogin } from "./oidc";
import { loadAccountUser } from "./service";
import { doc, redirectAnswer } from "../../http/contract";

/** Short-lived cookie carrying the PKCE verifier, state, nonce, returnTo and opened invitation between login and callback. */
const FLOW_COOKIE = "runboard_oidc";
const FLOW_TTL_SECONDS = 10 * 60;
/** Set by logout: the next external sign-in on this browser asks the provider to sign in again. */
const REAUTH_COOKIE = "runboard_reauth";
const REAUTH_TTL_SECONDS = 365 * 24 * 60 * 60;

type CookieJar = Record<string, Cookie<unknown>>;

const loginQuery = z.object({ returnTo: textOf(T.validation.invalidRequest).max(2000, T.validation.invalidRequest).optional() });

/** The origin the provider sends the browser back to: the configured one, never the request's Host. */
export const appOrigin = (deps: AppContext) => deps.config.publicOrigin;

/** The login page with an error code it maps to catalogue text; the retry keeps returnTo. */
const loginError = (code: string, returnTo: string | undefined) =>
  `/login?error=${code}${returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ""}`;

/** The invitation a returnTo of /invite/{token} names: the one the person opened. */
function openedInvite(returnTo: string | undefined): string | null {
  const m = returnTo ? /^\/invite\/([^/?#]+)/.exec(returnTo) : null;
  if (!m) return null;
  try {
    const token = inviteTokenSchema.safeParse(decodeURIComponent(m[1]!));
    return token.success ? token.data : null;
  } catch {
    return null; // malformed percent-encoding
  }
}

const apiCookie = (deps: AppContext) => ({ httpOnly: true, sameSite: "lax" as const, path: "/api", secure: deps.config.production });

/**
 * Logout's provider part: remembers that the next external sign-in must ask the provider
 * again, and returns the provider's end-session URL when the session came from it (ID
 * token kept) and the provider offers RP-initiated logout. Null: nothing to do there.
 */
export async function providerLogout(deps: AppContext, cookie: CookieJar, idToken: string | null): Promise<string | null> {
  const oidc = deps.config.oidc;
  if (!oidc) return null;
  cookie[REAUTH_COOKIE]!.set({ value: "1", ...apiCookie(deps), maxAge: REAUTH_TTL_SECONDS });
  if (!idToken) return null;
  try {
    return await endSessionUrl(oidc, idToken, `${appOrigin(deps)}/`);
  } catch (err) {
    console.warn("OIDC logout unavailable:", (err as Error).message);
    return null;
  }
}

/**
 * GET /api/login?returnTo= starts the external provider login; GET /api/callback finishes
 * it. Without a configured provider, /api/login sends the browser to /auth instead. Every
 * failure of the callback ends on /login with a code the page shows as text.
 */
export const oidcRoutes = (deps: AppContext) =>
  new Elysia({ name: "oidc-routes", prefix: "/api" })
    .use(session(deps))
    // Its own key (derived from the app secret), so a flow cookie can never pass as a session.
    .use(jwt({ name: "flowJwt", secret: `${deps.config.jwtSecret}|oidc-flow`, alg: SESSION_JWT_ALG }))
    .get("/login", async ({ query, cookie, flowJwt, redirect }) => {
      // Only a path on this site, and only when given: without one the role decides the landing.
      const returnTo = safeReturnTo(query.returnTo, "") || undefined;
      const oidc = deps.config.oidc;
      if (!oidc) return redirect(`/auth${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}`, 302);
      let started: Awaited<ReturnType<typeof beginLogin>>;
      try {
        started = await beginLogin(oidc, `${appOrigin(deps)}/api/callback`, { reauthenticate: cookie[REAUTH_COOKIE]?.value === "1" });
      } catch (err) {
        console.warn("OIDC discovery failed:", (err as Error).message);
        return redirect(loginError("login_error", returnTo), 303);
      }
      const { verifier, state, nonce } = started.checks;
      // The opened invitation travels with state and nonce: the callback accepts exactly it.
      const invite = openedInvite(returnTo);
      cookie[FLOW_COOKIE]!.set({
        value: await flowJwt.sign({
          v: verifier, s: state, n: nonce, ...(returnTo ? { r: returnTo } : {}), ...(invite ? { i: invite } : {}), exp: `${FLOW_TTL_SECONDS}s`,
        }),
        ...apiCookie(deps), maxAge: FLOW_TTL_SECONDS,
      });
      return redirect(started.url, 302);
    }, { query: loginQuery, response: { 302: redirectAnswer, 303: redirectAnswer }, detail: doc("Accounts", "Start signing in with the identity provider", { 302: "To the identity provider, or to /auth without one", 303: "To /login?error=login_error" }) })
    .get("/callback", async ({ request, cookie, flowJwt, sessionJwt, server, sessionId, redirect, audit }) => {
      const flow = await flowJwt.verify(typeof cookie[FLOW_COOKIE]?.value === "string" ? cookie[FLOW_COOKIE].value : undefined, { algorithms: [SESSION_JWT_ALG] });
      // One use only: the cookie goes whatever happens next.
      cookie[FLOW_COOKIE]!.set({ value: "", ...apiCookie(deps), maxAge: 0, expires: new Date(0) });
      const oidc = deps.config.oidc;
      if (!oidc || !flow || typeof flow.v !== "string" || typeof flow.s !== "string" || typeof flow.n !== "string") {
        return redirect(loginError("auth_error", undefined), 303);
      }
      const returnTo = typeof flow.r === "string" ? safeReturnTo(flow.r, "") || undefined : undefined;
      const inviteToken = typeof flow.i === "string" ? flow.i : null;
      const url = new URL(request.url);
      let login: Awaited<ReturnType<typeof finishLogin>>;
      try {
        // The provider's own error (user cancelled, consent refused, ...) or a failed exchange.
        if (url.searchParams.has("error")) throw new Error(`provider error ${url.searchParams.get("error")}`);
        login = await finishLogin(oidc, new URL(`${appOrigin(deps)}/api/callback${url.search}`), {
          verifier: flow.v, state: flow.s, nonce: flow.n,
        });
      } catch (err) {
        console.warn("OIDC callback failed:", (err as Error).message);
        return redirect(loginError("auth_error", returnTo), 303);
      }
      let userId: Awaited<ReturnType<typeof signInExternal>>;
      try {
        userId = await signInExternal(deps.db, login.identity, deps.clock(), inviteToken, audit);
      } catch (err) {
        // An invitation that cannot become an account (used, booster id taken, other email, ...).
        if (err instanceof AccountError) return redirect(loginError(err.code, returnTo), 303);
        console.warn("OIDC sign-in failed:", (err as Error).message);
        return redirect(loginError("login_error", returnTo), 303);
      }
      if (!userId) return redirect(loginError("access_denied", returnTo), 303);
      await startSession(deps, { cookie, sessionJwt, request, server, sessionId, audit }, userId, login.idToken);
      cookie[REAUTH_COOKIE]!.set({ value: "", ...apiCookie(deps), maxAge: 0, expires: new Date(0) });
      const user = await loadAccountUser(deps.db, userId);
      // An invite page has done its job once its invite is an account.
      const next = returnTo && !/^\/(invite\/|register\/|welcome)/.test(returnTo) ? returnTo : undefined;
      return redirect(landingFor(user, next), 302);
    }, { response: { 302: redirectAnswer, 303: redirectAnswer }, detail: doc("Accounts", "The identity provider's return: signs in and goes on", { 302: "To the landing page", 303: "To /login?error=<code>" }) });
