import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../http/context";
import { session } from "../../http/session";
import { idParams } from "../params";
import { RATE_LIMITS, clientIp, consume, limitKey } from "../../http/rateLimit";
import { STAFF_ROLES } from "../../shared/enums";
import { changePasswordSchema, resetPasswordSchema, resetTokenSchema } from "../../shared/schemas/auth";
import { T } from "../../shared/text";
import { AccountError, accountErrorCode } from "../auth/errors";
import { isFormPost, withError } from "../auth/forms";
import { changePassword, issuePasswordReset, resetPassword } from "./service";

const tokenParams = z.object({ token: resetTokenSchema });

/** Where the /reset form goes back to (its token is the path's last segment). */
const resetPage = (request: Request) => `/reset/${new URL(request.url).pathname.split("/").pop() ?? ""}`;
/** Where the account page's form goes back to. */
const ACCOUNT_PAGE = "/account";

/**
 * A form post (no JavaScript) whose fields fail the route's schema goes back to its page
 * with the rule's code (`?error=`), like the services' own refusals; JSON callers get the
 * usual 400 from validation. (A transform hook: it runs after parsing, before validation.)
 */
const formRuleBack = (schema: z.ZodType, back: (request: Request) => string) =>
  ({ request, body, set, status }: {
    request: Request; body: unknown; set: { headers: Record<string, unknown> }; status: (code: 303, body: string) => unknown;
  }) => {
    // No body: a refused caller's (the session guard answers) or a malformed post (validation does).
    if (!isFormPost(request) || body === null || body === undefined) return;
    const checked = schema.safeParse(body);
    if (checked.success) return;
    set.headers.location = withError(back(request), accountErrorCode(checked.error.issues[0]?.message ?? ""));
    set.headers["cache-control"] = "no-store";
    // Elysia answers a status returned by a transform hook; its types only say void.
    return status(303, "") as never;
  };

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
    .post("/auth/reset/:token", async ({ params, body, request, server, redirect }) => {
      const form = isFormPost(request);
      try {
        // Like sign-in: limits first, so a flood buys no argon2 work.
        if (!(await consume(deps.db, limitKey("password-reset", clientIp(server, request)), RATE_LIMITS.passwordReset, deps.clock()))) {
          throw new AccountError("tooMany");
        }
        await resetPassword(deps.db, params.token, body.password, deps.clock());
        return form ? redirect("/auth?notice=reset", 303) : { ok: true as const };
      } catch (err) {
        if (form && err instanceof AccountError) return redirect(withError(`/reset/${encodeURIComponent(params.token)}`, err.code), 303);
        throw err;
      }
    }, { params: tokenParams, body: resetPasswordSchema, transform: formRuleBack(resetPasswordSchema, resetPage) })
    .post("/auth/password", async ({ viewer, sessionId, body, request, redirect }) => {
      const form = isFormPost(request);
      try {
        // Guessing the current password from a borrowed session is limited per account.
        if (!(await consume(deps.db, limitKey("password-change", String(viewer.id)), RATE_LIMITS.passwordChange, deps.clock()))) {
          throw new AccountError("tooMany");
        }
        await changePassword(deps.db, viewer.id, sessionId, body, deps.clock());
        return form ? redirect(`${ACCOUNT_PAGE}?changed=1`, 303) : { ok: true as const };
      } catch (err) {
        if (form && err instanceof AccountError) return redirect(withError(ACCOUNT_PAGE, err.code), 303);
        throw err;
      }
    }, { signedIn: true, body: changePasswordSchema, transform: formRuleBack(changePasswordSchema, () => ACCOUNT_PAGE) });
