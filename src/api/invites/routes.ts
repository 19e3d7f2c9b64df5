import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../http/context";
import { session } from "../../http/session";
import { idParams } from "../params";
import { RATE_LIMITS, clientIp, consume, limitKey } from "../../http/rateLimit";
import { dashboardFor } from "../../domain/access";
import { STAFF_ROLES } from "../../shared/enums";
import { acceptInviteSchema, inviteSchema, inviteTokenSchema, profileSchema, registrationSchema } from "../../shared/schemas/auth";
import { T } from "../../shared/text";
import { AccountError } from "../auth/errors";
import { isFormPost, withQuery } from "../../http/formPost";
import { loginPath } from "../auth/forms";
import { startSession } from "../auth/cookie";
import { listPendingInvites, reissueInvite, revokeInvite } from "./manage";
import {
  acceptInvite, completeProfileWithInvite, createInvite, inviteByToken, inviteInfo, inviteInfoForUser, registerWithInvite,
} from "./service";

const tokenParams = z.object({ token: inviteTokenSchema });
// A no-JS form posts the confirmation too; when present it must match.
const registerBody = registrationSchema
  .extend({ confirmPassword: z.string().optional() })
  .refine((d) => d.confirmPassword === undefined || d.confirmPassword === d.password, {
    message: T.validation.passwordsDontMatch, path: ["confirmPassword"],
  });

export const invitesRoutes = (deps: AppDeps) =>
  new Elysia({ name: "invites-routes", prefix: "/api" })
    .use(session(deps))
    .post("/invites", async ({ viewer, body, set }) => {
      const { token, expiresAt } = await createInvite(deps.db, viewer, body, deps.clock());
      set.status = 201;
      // The link is on the configured origin, never the request's Host header.
      return { token, inviteUrl: `${deps.config.publicOrigin}/invite/${token}`, expiresAt: expiresAt.toISOString() };
    }, { roles: STAFF_ROLES, body: inviteSchema })
    .get("/pending-invites", () => listPendingInvites(deps.db, deps.clock()), { roles: STAFF_ROLES })
    .delete("/pending-invites/:id", async ({ viewer, params }) => {
      await revokeInvite(deps.db, viewer, params.id, deps.clock());
      return { success: true as const };
    }, { roles: STAFF_ROLES, params: idParams })
    .post("/pending-invites/:id/reissue", async ({ viewer, params }) => {
      const { token, expiresAt } = await reissueInvite(deps.db, viewer, params.id, deps.clock());
      return { token, inviteUrl: `${deps.config.publicOrigin}/invite/${token}`, expiresAt: expiresAt.toISOString() };
    }, { roles: STAFF_ROLES, params: idParams })
    .get("/validate-invite/:token", async ({ params }) => {
      const found = await inviteByToken(deps.db, params.token, deps.clock());
      if (found.state === "used") throw new AccountError("inviteUsed");
      if (found.state === "invalid") throw new AccountError("inviteNotFound");
      return inviteInfo(found.invite);
    }, { params: tokenParams })
    .get("/invites/:token", async ({ params }) => {
      const found = await inviteByToken(deps.db, params.token, deps.clock());
      if (found.state === "used") throw new AccountError("inviteUsed");
      if (found.state === "invalid") throw new AccountError("invitationNotFound");
      return { email: found.invite.email, userType: found.invite.userType };
    }, { params: tokenParams })
    .post("/accept-invite/:token", async ({ params, body, request, server, cookie, sessionJwt, sessionId, redirect }) => {
      // A failed form post goes back to its page (ACCOUNT_FORM_PAGES).
      if (!(await consume(deps.db, limitKey("invite-accept", clientIp(server, request)), RATE_LIMITS.inviteAccept, deps.clock()))) {
        throw new AccountError("tooMany");
      }
      // Without an identity provider, an account without a password could never sign in.
      if (!body.password && !deps.config.oidc) throw new AccountError("passwordNeeded");
      const { user, hasPassword } = await acceptInvite(deps.db, params.token, body, deps.clock());
      if (hasPassword) await startSession(deps, { cookie, sessionJwt, request, server, sessionId }, user.id);
      // Accepted without a password: sign in with the identity provider, which says so.
      if (isFormPost(request)) return redirect(hasPassword ? dashboardFor(user) : withQuery(loginPath(deps), { notice: "inviteAccepted" }), 303);
      return { user, signedIn: hasPassword };
    }, { params: tokenParams, body: acceptInviteSchema })
    .post("/auth/register/:token", async ({ params, body, request, server, cookie, sessionJwt, sessionId, redirect }) => {
      if (!(await consume(deps.db, limitKey("register", clientIp(server, request)), RATE_LIMITS.register, deps.clock()))) {
        throw new AccountError("tooMany");
      }
      const user = await registerWithInvite(deps.db, params.token, body, deps.clock());
      await startSession(deps, { cookie, sessionJwt, request, server, sessionId }, user.id);
      return isFormPost(request) ? redirect(dashboardFor(user), 303) : { user };
    }, { params: tokenParams, body: registerBody })
    .post("/complete-profile-with-invite/:token", async ({ viewer, params, body, request, server, redirect }) => {
      if (!(await consume(deps.db, limitKey("invite-accept", clientIp(server, request)), RATE_LIMITS.inviteAccept, deps.clock()))) {
        throw new AccountError("tooMany");
      }
      const user = await completeProfileWithInvite(deps.db, viewer, params.token, body.nickname, deps.clock());
      return isFormPost(request) ? redirect(dashboardFor(user), 303) : { user };
    }, { account: true, params: tokenParams, body: profileSchema })
    .get("/user/invite-info", async ({ viewer }) => {
      const info = await inviteInfoForUser(deps.db, viewer.email);
      if (!info) throw new AccountError("notFound");
      return info;
    }, { account: true });
