import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { idParams } from "../../shared/schemas/params";
import { RATE_LIMITS, consume, consumeAll, limitKey } from "../../http/rateLimit";
import { clientIp } from "../../http/clientAddress";
import { STAFF_ROLES } from "../../shared/enums";
import { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema, resetTokenSchema } from "../../shared/schemas/auth";
import { AccountError } from "../auth/accountErrors";
import { isFormPost } from "../../http/formPost";
import { apiErrorSchema, createdResetSchema, forgotAnswerSchema, okSchema } from "../../shared/schemas/responses";
import { FORM_REDIRECT, doc, redirectAnswer, replies } from "../../http/contract";
import { mailAvailable } from "../../config/mailConfig";
import { runAfterAnswer } from "../../ops/afterAnswer";
import { errorSummary } from "../../http/errorAnswers";
import { T } from "../../shared/text";
import { resetUrl } from "../../mail/staffMails";
import { changePassword, forgotPassword, issuePasswordReset, resetPassword } from "./service";

const tokenParams = z.object({ token: resetTokenSchema });

/**
 * Forgot password's work (lookup, link, mail) starts at a random moment within this long after
 * the answer: the load it puts on the process does not land on the same caller's next request
 * (scripts/bench-forgot.ts measured that it did, back to back, without the spread).
 */
export const FORGOT_WORK_SPREAD_MS = 1000;

/** Password reset links (staff issue them, anyone holding one uses it) and password changes. */
export const passwordRoutes = (deps: AppContext) =>
  new Elysia({ name: "password-routes", prefix: "/api" })
    .use(session(deps))
    .post("/users/:id/password-reset", async ({ viewer, params, set, audit }) => {
      const mail = mailAvailable(deps.config) ? { origin: deps.config.publicOrigin } : null;
      const { token, expiresAt, emailed } = await issuePasswordReset(deps.db, viewer, params.id, deps.clock(), audit, mail);
      set.status = 201;
      // On the configured origin, never the request's Host header.
      return { token, resetUrl: resetUrl(deps.config.publicOrigin, token), expiresAt: expiresAt.toISOString(), emailed };
    }, { roles: STAFF_ROLES, params: idParams, response: replies({ 201: createdResetSchema }, 400, 401, 403, 404, 409), detail: doc("Users", "Issue a password reset link for a user and email it to them (the previous link stops working)") })
    // Forgot password (docs/decisions/33): one answer, in the same time, whatever the address.
    // Only the limits run before it; the lookup and the mail run after the answer is sent.
    .post("/auth/forgot", async ({ body, request, server, set, redirect, audit }) => {
      const form = isFormPost(request);
      if (!mailAvailable(deps.config)) {
        if (form) return redirect("/forgot", 303);
        set.status = 503;
        return { message: T.staffMail.forgotUnavailable };
      }
      const now = deps.clock();
      const ip = clientIp(server, request, deps.config.trustedProxies);
      if (!(await consume(deps.db, limitKey("forgot-ip", ip), RATE_LIMITS.forgotIp, now))) throw new AccountError("tooMany");
      // Counted for every address, known or not, so the count costs the same; past it nothing is sent.
      if (await consume(deps.db, limitKey("forgot-email", body.email), RATE_LIMITS.forgotEmail, now)) {
        const origin = deps.config.publicOrigin;
        runAfterAnswer(deps.db, () => forgotPassword(deps.db, body.email, now, audit, { origin }), (err) => console.error(errorSummary(err)),
          Math.random() * FORGOT_WORK_SPREAD_MS);
      }
      if (form) return redirect("/forgot?sent=1", 303);
      set.status = 202;
      return { message: T.staffMail.forgotSent };
    }, { body: forgotPasswordSchema, response: replies({ 202: forgotAnswerSchema, 303: redirectAnswer, 503: apiErrorSchema }, 400, 429), detail: doc("Accounts", "Forgot password: email a reset link to the active account with this address, if any (the same answer whatever the address)", FORM_REDIRECT) })
    // Without JavaScript a refusal goes back to the form's page (ACCOUNT_FORM_PAGES).
    .post("/auth/reset/:token", async ({ params, body, request, server, redirect, audit }) => {
      // Like sign-in: limits first, so a flood buys no argon2 work.
      if (!(await consume(deps.db, limitKey("password-reset", clientIp(server, request, deps.config.trustedProxies)), RATE_LIMITS.passwordReset, deps.clock()))) {
        throw new AccountError("tooMany");
      }
      await resetPassword(deps.db, params.token, body.password, deps.clock(), audit);
      return isFormPost(request) ? redirect("/auth?notice=reset", 303) : { ok: true as const };
    }, { params: tokenParams, body: resetPasswordSchema, response: replies({ 200: okSchema, 303: redirectAnswer }, 400, 429), detail: doc("Accounts", "Set a new password with a reset link's token; ends the account's sessions", FORM_REDIRECT) })
    .post("/auth/password", async ({ viewer, sessionId, body, request, redirect, audit }) => {
      // Guessing the current password from a borrowed session is limited per session, so the
      // guesser cannot lock the holder's other sessions out; a looser ceiling holds per account.
      const allowed = await consumeAll(deps.db, [
        [limitKey("password-change", String(viewer.id), String(sessionId)), RATE_LIMITS.passwordChange],
        [limitKey("password-change-account", String(viewer.id)), RATE_LIMITS.passwordChangeAccount],
      ], deps.clock());
      if (!allowed) throw new AccountError("tooMany");
      await changePassword(deps.db, viewer.id, sessionId, body, deps.clock(), audit);
      return isFormPost(request) ? redirect("/account?changed=1", 303) : { ok: true as const };
    }, { signedIn: true, body: changePasswordSchema, response: replies({ 200: okSchema, 303: redirectAnswer }, 400, 401, 403, 404, 409, 429), detail: doc("Accounts", "Change one's own password (the current one is required); ends the other sessions", FORM_REDIRECT) });
