import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../http/context";
import { session } from "../../http/session";
import { RATE_LIMITS, clientIp, consume, limitKey } from "../../http/rateLimit";
import { dashboardFor } from "../../domain/access";
import { STAFF_ROLES } from "../../shared/enums";
import { acceptInviteSchema, inviteSchema, inviteTokenSchema, profileSchema, registrationSchema } from "../../shared/schemas/auth";
import { T } from "../../shared/text";
import {
  acceptedInviteSchema, createdInviteSchema, invitationSchema, inviteInfoSchema, userAnswerSchema, userInviteInfoSchema,
} from "../../shared/schemas/responses";
import { doc, redirectAnswer, replies } from "../../http/contract";
import { AccountError } from "../auth/errors";
import { isFormPost, withError } from "../auth/forms";
import { startSession } from "../auth/cookie";
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

/** A form post (no JavaScript) is answered with a redirect instead of JSON. */
const FORM_REDIRECT = { 303: "A form post goes to the next page, or back with ?error=<code>" };

export const invitesRoutes = (deps: AppDeps) =>
  new Elysia({ name: "invites-routes", prefix: "/api" })
    .use(session(deps))
    .post("/invites", async ({ viewer, body, set }) => {
      const { token, expiresAt } = await createInvite(deps.db, viewer, body, deps.clock());
      set.status = 201;
      // The link is on the configured origin, never the request's Host header.
      return { token, inviteUrl: `${deps.config.publicOrigin}/invite/${token}`, expiresAt: expiresAt.toISOString() };
    }, { roles: STAFF_ROLES, body: inviteSchema, response: replies({ 201: createdInviteSchema }, 400, 401, 403, 409), detail: doc("Invitations", "Invite a booster (staff) or an administrator or owner (owner); answers the link") })
    .get("/validate-invite/:token", async ({ params }) => {
      const found = await inviteByToken(deps.db, params.token, deps.clock());
      if (found.state === "used") throw new AccountError("inviteUsed");
      if (found.state === "invalid") throw new AccountError("inviteNotFound");
      return inviteInfo(found.invite);
    }, { params: tokenParams, response: replies({ 200: inviteInfoSchema }, 400, 404), detail: doc("Invitations", "What an invitation link offers") })
    .get("/invites/:token", async ({ params }) => {
      const found = await inviteByToken(deps.db, params.token, deps.clock());
      if (found.state === "used") throw new AccountError("inviteUsed");
      if (found.state === "invalid") throw new AccountError("invitationNotFound");
      return { email: found.invite.email, userType: found.invite.userType };
    }, { params: tokenParams, response: replies({ 200: invitationSchema }, 400, 404), detail: doc("Invitations", "The email and account type of an open invitation") })
    .post("/accept-invite/:token", async ({ params, body, request, server, cookie, sessionJwt, sessionId, redirect }) => {
      const form = isFormPost(request);
      // The /auth form sends a password; the /invite form only a nickname.
      const back = body.password ? `/auth?invite=${encodeURIComponent(params.token)}` : `/invite/${encodeURIComponent(params.token)}`;
      try {
        if (!(await consume(deps.db, limitKey("invite-accept", clientIp(server, request)), RATE_LIMITS.inviteAccept, deps.clock()))) {
          throw new AccountError("tooMany");
        }
        // Without an identity provider, an account without a password could never sign in.
        if (!body.password && !deps.config.oidc) throw new AccountError("passwordNeeded");
        const { user, hasPassword } = await acceptInvite(deps.db, params.token, body, deps.clock());
        if (hasPassword) await startSession(deps, { cookie, sessionJwt, request, server, sessionId }, user.id);
        if (form) return redirect(hasPassword ? dashboardFor(user) : `/invite/${encodeURIComponent(params.token)}?accepted=1`, 303);
        return { user, signedIn: hasPassword };
      } catch (err) {
        if (form && err instanceof AccountError) return redirect(withError(back, err.code), 303);
        throw err;
      }
    }, { params: tokenParams, body: acceptInviteSchema, response: replies({ 200: acceptedInviteSchema, 303: redirectAnswer }, 400, 409, 429), detail: doc("Invitations", "Accept an invitation: creates the account (signed in when it has a password)", FORM_REDIRECT) })
    .post("/auth/register/:token", async ({ params, body, request, server, cookie, sessionJwt, sessionId, redirect }) => {
      const form = isFormPost(request);
      try {
        if (!(await consume(deps.db, limitKey("register", clientIp(server, request)), RATE_LIMITS.register, deps.clock()))) {
          throw new AccountError("tooMany");
        }
        const user = await registerWithInvite(deps.db, params.token, body, deps.clock());
        await startSession(deps, { cookie, sessionJwt, request, server, sessionId }, user.id);
        return form ? redirect(dashboardFor(user), 303) : { user };
      } catch (err) {
        if (form && err instanceof AccountError) return redirect(withError(`/register/${encodeURIComponent(params.token)}`, err.code), 303);
        throw err;
      }
    }, { params: tokenParams, body: registerBody, response: replies({ 200: userAnswerSchema, 303: redirectAnswer }, 400, 409, 429), detail: doc("Invitations", "Register with an invitation and a password; signs in", FORM_REDIRECT) })
    .post("/complete-profile-with-invite/:token", async ({ viewer, params, body, request, server, redirect }) => {
      const form = isFormPost(request);
      try {
        if (!(await consume(deps.db, limitKey("invite-accept", clientIp(server, request)), RATE_LIMITS.inviteAccept, deps.clock()))) {
          throw new AccountError("tooMany");
        }
        const user = await completeProfileWithInvite(deps.db, viewer, params.token, body.nickname, deps.clock());
        return form ? redirect(dashboardFor(user), 303) : { user };
      } catch (err) {
        if (form && err instanceof AccountError) return redirect(withError(`/welcome?token=${encodeURIComponent(params.token)}`, err.code), 303);
        throw err;
      }
    }, { account: true, params: tokenParams, body: profileSchema, response: replies({ 200: userAnswerSchema, 303: redirectAnswer }, 400, 401, 403, 409, 429), detail: doc("Invitations", "Complete an external sign-in's pending account with its invitation", FORM_REDIRECT) })
    .get("/user/invite-info", async ({ viewer }) => {
      const info = await inviteInfoForUser(deps.db, viewer.email);
      if (!info) throw new AccountError("notFound");
      return info;
    }, { account: true, response: replies({ 200: userInviteInfoSchema }, 401, 404), detail: doc("Invitations", "The invitation of the signed-in person's email, if any") });
