import { Elysia } from "elysia";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { RATE_LIMITS, consumeAll, limitKey, resetLimit } from "../../http/rateLimit";
import { clientIp } from "../../http/clientAddress";
import { dashboardFor, safeReturnTo } from "../../domain/access";
import { landingFor } from "../../domain/landing";
import { loginSchema, preferencesSchema, productionPreferencesSchema, profileSchema } from "../../shared/schemas/auth";
import { textOf } from "../../shared/schemas/text";
import { T } from "../../shared/text";
import { accountUserSchema, logoutSchema, okSchema, userAnswerSchema } from "../../shared/schemas/responses";
import { FORM_REDIRECT, doc, redirectAnswer, replies } from "../../http/contract";
import { AccountError } from "./accountErrors";
import { isFormPost } from "../../http/formPost";
import { clearSessionCookie, startSession, stopSession } from "./cookie";
import { providerLogout } from "./oidcRoutes";
import { accountUser, completeProfile, loadAccountUser, setLocale, verifyCredentials } from "./service";

// A form post may carry where to go next; JSON callers navigate themselves.
const loginBody = loginSchema.extend({ returnTo: textOf(T.validation.invalidRequest).max(2000, T.validation.invalidRequest).optional() });

/** Email and password sign-in, the signed-in person, logout, profile completion, language. */
export const authRoutes = (deps: AppContext) =>
  new Elysia({ name: "auth-routes", prefix: "/api" })
    .use(session(deps))
    .post("/auth/login", async ({ body, request, server, cookie, sessionJwt, sessionId, redirect, audit }) => {
      // A failed form post goes back to /auth (ACCOUNT_FORM_PAGES); success goes where the script goes.
      // Where a form post goes next is settled before anything happens: a returnTo can never fail after signing in.
      const returnTo = safeReturnTo(body.returnTo, "") || null;
      const ip = clientIp(server, request, deps.config.trustedProxies);
      const accountKey = limitKey("login-account", ip, body.email);
      // Limits first: a flood must not buy argon2 work.
      const allowed = await consumeAll(deps.db, [
        [accountKey, RATE_LIMITS.loginAccount],
        [limitKey("login-ip", ip), RATE_LIMITS.loginIp],
      ], deps.clock());
      if (!allowed) throw new AccountError("tooMany");
      const found = await verifyCredentials(deps.db, body.email, body.password);
      if (!found) throw new AccountError("credentials");
      await resetLimit(deps.db, accountKey);
      await startSession(deps, { cookie, sessionJwt, request, server, sessionId, audit }, found.id);
      const user = await loadAccountUser(deps.db, found.id);
      return isFormPost(request) ? redirect(landingFor(user, returnTo), 303) : { user };
    }, { body: loginBody, response: replies({ 200: userAnswerSchema, 303: redirectAnswer }, 400, 401, 429), detail: doc("Accounts", "Sign in with email and password; sets the session cookie", FORM_REDIRECT) })
    .get("/auth/user", ({ viewer }) => accountUser(viewer),
      { account: true, response: replies({ 200: accountUserSchema }, 401), detail: doc("Accounts", "The signed-in person (a pending account too)") })
    .post("/auth/logout", async ({ request, sessionId, cookie, redirect, audit }) => {
      const idToken = sessionId ? await stopSession(deps, sessionId, audit) : null;
      clearSessionCookie(deps, cookie);
      // A session from the identity provider ends there too: the browser goes to its end-session URL.
      const providerLogoutUrl = await providerLogout(deps, cookie, idToken);
      // A plain form post goes home: the CSP's form-action 'self' forbids following it to another site
      // (the next external sign-in still asks the provider to sign in again).
      if (isFormPost(request)) return redirect("/", 303);
      return providerLogoutUrl ? { ok: true as const, providerLogoutUrl } : { ok: true as const };
    }, { response: replies({ 200: logoutSchema, 303: redirectAnswer }), detail: doc("Accounts", "Sign out; names the identity provider's logout page when the session came from it", { 303: "A form post goes to /" }) })
    .post("/complete-profile", async ({ viewer, body, request, redirect, audit }) => {
      const user = await completeProfile(deps.db, viewer.id, body.nickname, deps.clock(), audit);
      return isFormPost(request) ? redirect(dashboardFor(user), 303) : { user };
    }, { account: true, body: profileSchema, response: replies({ 200: userAnswerSchema, 303: redirectAnswer }, 400, 401, 409), detail: doc("Accounts", "Complete a pending account's profile (nickname)", FORM_REDIRECT) })
    // The write's own check says the pseudo-locale is development only (the column allows it).
    .post("/auth/preferences", async ({ viewer, body, request, redirect, audit }) => {
      await setLocale(deps.db, viewer.id, body.locale, deps.clock(), audit);
      return isFormPost(request) ? redirect("/account?saved=1", 303) : { ok: true as const };
    }, {
      account: true, body: deps.config.production ? productionPreferencesSchema : preferencesSchema,
      response: replies({ 200: okSchema, 303: redirectAnswer }, 400, 401, 404), detail: doc("Accounts", "Set one's language (staff console, dashboard, account pages, mails)", FORM_REDIRECT),
    });
