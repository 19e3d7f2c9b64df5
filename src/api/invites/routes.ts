import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { idParams } from "../../shared/schemas/params";
import { RATE_LIMITS, consume, limitKey } from "../../http/rateLimit";
import { clientIp } from "../../http/clientAddress";
import { dashboardFor } from "../../domain/access";
import { STAFF_ROLES } from "../../shared/enums";
import { acceptInviteSchema, inviteSchema, inviteTokenSchema, profileSchema, registrationSchema } from "../../shared/schemas/auth";
import { T, locale } from "../../shared/text";
import { PSEUDO_LOCALE } from "../../shared/i18n/locales";
import { DomainError } from "../../domain/errors";
import {
  acceptedInviteSchema, createdInviteSchema, invitationSchema, inviteInfoSchema, pendingInviteSchema, successSchema, userAnswerSchema,
  userInviteInfoSchema,
} from "../../shared/schemas/responses";
import { FORM_REDIRECT, doc, redirectAnswer, replies } from "../../http/contract";
import { AccountError } from "../auth/accountErrors";
import { isFormPost, withQuery } from "../../http/formPost";
import { loginPath } from "../auth/accountFormPages";
import { startSession } from "../auth/cookie";
import { listPendingInvites, reissueInvite, revokeInvite } from "./manage";
import { createInvite, inviteByToken, inviteInfo, inviteInfoForUser } from "./service";
import { acceptInvite, completeProfileWithInvite, registerWithInvite } from "../../accounts/createAccount";
import { mailAvailable } from "../../config/mailConfig";
import { inviteUrl } from "../../mail/staffMails";

const tokenParams = z.object({ token: inviteTokenSchema });
/** Invitation mails link to PUBLIC_ORIGIN; none are sent while mail is unavailable. */
const linkMail = (deps: AppContext) => (mailAvailable(deps.config) ? { origin: deps.config.publicOrigin } : null);
// A no-JS form posts the confirmation too; when present it must match.
const registerBody = registrationSchema
  .extend({ confirmPassword: z.string().optional() })
  .refine((d) => d.confirmPassword === undefined || d.confirmPassword === d.password, {
    message: T.validation.passwordsDontMatch, path: ["confirmPassword"],
  });

export const invitesRoutes = (deps: AppContext) =>
  new Elysia({ name: "invites-routes", prefix: "/api" })
    .use(session(deps))
    .post("/invites", async ({ viewer, body, set, audit }) => {
      // The invitation speaks the inviter's page language (the island's Accept-Language) unless it names one.
      const wanted = body.locale ?? locale();
      if (deps.config.production && wanted === PSEUDO_LOCALE) throw new DomainError("invalid", T.validation.localeInvalid);
      const { token, expiresAt, emailed } = await createInvite(deps.db, viewer, { ...body, locale: wanted }, deps.clock(), audit, linkMail(deps));
      set.status = 201;
      // The link is on the configured origin, never the request's Host header.
      return { token, inviteUrl: inviteUrl(deps.config.publicOrigin, token), expiresAt: expiresAt.toISOString(), emailed };
    }, { roles: STAFF_ROLES, body: inviteSchema, response: replies({ 201: createdInviteSchema }, 400, 401, 403, 409), detail: doc("Invitations", "Invite a booster (staff) or an administrator or owner (owner): emails the link and answers it") })
    .get("/pending-invites", () => listPendingInvites(deps.db, deps.clock()),
      { roles: STAFF_ROLES, response: replies({ 200: z.array(pendingInviteSchema) }, 401, 403), detail: doc("Invitations", "Invitations not yet accepted that still work, newest first (never their tokens)") })
    .delete("/pending-invites/:id", async ({ viewer, params, audit }) => {
      await revokeInvite(deps.db, viewer, params.id, deps.clock(), audit);
      return { success: true as const };
    }, { roles: STAFF_ROLES, params: idParams, response: replies({ 200: successSchema }, 400, 401, 403, 404), detail: doc("Invitations", "Revoke a pending invitation: its link stops working") })
    .post("/pending-invites/:id/reissue", async ({ viewer, params, audit }) => {
      const { token, expiresAt, emailed } = await reissueInvite(deps.db, viewer, params.id, deps.clock(), audit, linkMail(deps));
      return { token, inviteUrl: inviteUrl(deps.config.publicOrigin, token), expiresAt: expiresAt.toISOString(), emailed };
    }, { roles: STAFF_ROLES, params: idParams, response: replies({ 200: createdInviteSchema }, 400, 401, 403, 404), detail: doc("Invitations", "Re-issue a pending invitation: a new link valid 7 days, emailed (the old one stops working)") })
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
    .post("/accept-invite/:token", async ({ params, body, request, server, cookie, sessionJwt, sessionId, redirect, audit }) => {
      // A failed form post goes back to its page (ACCOUNT_FORM_PAGES).
      if (!(await consume(deps.db, limitKey("invite-accept", clientIp(server, request, deps.config.trustedProxies)), RATE_LIMITS.inviteAccept, deps.clock()))) {
        throw new AccountError("tooMany");
      }
      // Without an identity provider, an account without a password could never sign in.
      if (!body.password && !deps.config.oidc) throw new AccountError("passwordNeeded");
      const { user, hasPassword } = await acceptInvite(deps.db, params.token, body, deps.clock(), audit);
      if (hasPassword) await startSession(deps, { cookie, sessionJwt, request, server, sessionId, audit }, user.id);
      // Accepted without a password: sign in with the identity provider, which says so.
      if (isFormPost(request)) return redirect(hasPassword ? dashboardFor(user) : withQuery(loginPath(deps), { notice: "inviteAccepted" }), 303);
      return { user, signedIn: hasPassword };
    }, { params: tokenParams, body: acceptInviteSchema, response: replies({ 200: acceptedInviteSchema, 303: redirectAnswer }, 400, 409, 429), detail: doc("Invitations", "Accept an invitation: creates the account (signed in when it has a password)", FORM_REDIRECT) })
    .post("/auth/register/:token", async ({ params, body, request, server, cookie, sessionJwt, sessionId, redirect, audit }) => {
      if (!(await consume(deps.db, limitKey("register", clientIp(server, request, deps.config.trustedProxies)), RATE_LIMITS.register, deps.clock()))) {
        throw new AccountError("tooMany");
      }
      const user = await registerWithInvite(deps.db, params.token, body, deps.clock(), audit);
      await startSession(deps, { cookie, sessionJwt, request, server, sessionId, audit }, user.id);
      return isFormPost(request) ? redirect(dashboardFor(user), 303) : { user };
    }, { params: tokenParams, body: registerBody, response: replies({ 200: userAnswerSchema, 303: redirectAnswer }, 400, 409, 429), detail: doc("Invitations", "Register with an invitation and a password; signs in", FORM_REDIRECT) })
    .post("/complete-profile-with-invite/:token", async ({ viewer, params, body, request, server, redirect, audit }) => {
      if (!(await consume(deps.db, limitKey("invite-accept", clientIp(server, request, deps.config.trustedProxies)), RATE_LIMITS.inviteAccept, deps.clock()))) {
        throw new AccountError("tooMany");
      }
      const user = await completeProfileWithInvite(deps.db, viewer, params.token, body.nickname, deps.clock(), audit);
      return isFormPost(request) ? redirect(dashboardFor(user), 303) : { user };
    }, { account: true, params: tokenParams, body: profileSchema, response: replies({ 200: userAnswerSchema, 303: redirectAnswer }, 400, 401, 403, 409, 429), detail: doc("Invitations", "Complete an external sign-in's pending account with its invitation", FORM_REDIRECT) })
    .get("/user/invite-info", async ({ viewer }) => {
      const info = await inviteInfoForUser(deps.db, viewer.email);
      if (!info) throw new AccountError("notFound");
      return info;
    }, { account: true, response: replies({ 200: userInviteInfoSchema }, 401, 404), detail: doc("Invitations", "The invitation of the signed-in person's email, if any") });
