import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../http/context";
import { session } from "../../http/session";
import { idParams } from "../params";
import { RATE_LIMITS, clientIp, consume, limitKey } from "../../http/rateLimit";
import { STAFF_ROLES } from "../../shared/enums";
import { changePasswordSchema, resetPasswordSchema, resetTokenSchema } from "../../shared/schemas/auth";
import { T } from "../../shared/text";
import { AccountError } from "../auth/errors";
import { isFormPost } from "../../http/formPost";
import { changePassword, issuePasswordReset, resetPassword } from "./service";

const tokenParams = z.object({ token: resetTokenSchema });

/** Password reset links (staff issue them, anyone holding one uses it) and password changes. */
export const passwordRoutes = (deps: AppDeps) =>
  new Elysia({ name: "password-routes", prefix: "/api" })
    .use(session(deps))
    .post("/users/:id/password-reset", async ({ viewer, params, set }) => {
      const { token, expiresAt } = await issuePasswordReset(deps.db, viewer, params.id, deps.clock());
      set.status = 201;
      // On the configured origin, never the request's Host header.
      return { token, resetUrl: `${deps.config.publicOrigin}/reset/${token}`, expiresAt: expiresAt.toISOString() };
    }, { roles: STAFF_ROLES, params: idParams })
    // Without JavaScript a refusal goes back to the form's page (ACCOUNT_FORM_PAGES).
    .post("/auth/reset/:token", async ({ params, body, request, server, redirect }) => {
      // Like sign-in: limits first, so a flood buys no argon2 work.
      if (!(await consume(deps.db, limitKey("password-reset", clientIp(server, request)), RATE_LIMITS.passwordReset, deps.clock()))) {
        throw new AccountError("tooMany");
      }
      await resetPassword(deps.db, params.token, body.password, deps.clock());
      return isFormPost(request) ? redirect("/auth?notice=reset", 303) : { ok: true as const };
    }, { params: tokenParams, body: resetPasswordSchema })
    .post("/auth/password", async ({ viewer, sessionId, body, request, redirect }) => {
      // Guessing the current password from a borrowed session is limited per account.
      if (!(await consume(deps.db, limitKey("password-change", String(viewer.id)), RATE_LIMITS.passwordChange, deps.clock()))) {
        throw new AccountError("tooMany");
      }
      await changePassword(deps.db, viewer.id, sessionId, body, deps.clock());
      return isFormPost(request) ? redirect("/account?changed=1", 303) : { ok: true as const };
    }, { signedIn: true, body: changePasswordSchema });
