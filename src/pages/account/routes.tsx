import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../http/context";
import { session } from "../../http/session";
import { safeReturnTo } from "../../domain/access";
import { landingFor } from "../../domain/landing";
import { guarded } from "../guard";
import { pageResponse, type PageResult } from "../respond";
import { accountErrorMessage } from "../../api/auth/errors";
import { inviteByToken, type InviteState } from "../../api/invites/service";
import { T } from "../../shared/text";
import type { Viewer } from "../../shared/types";
import { InvalidInvite, Redirecting } from "./AccountCard";
import { CreateAccountPage, SignInPage, signInNotice } from "./SignInPage";
import { LoginPage, loginErrorMessage } from "./LoginPage";
import { InvitePage } from "./InvitePage";
import { RegisterPage } from "./RegisterPage";
import { ProfilePage } from "./ProfilePage";
import { AccountPage, ResetPasswordPage } from "./PasswordPages";
import { hasPassword, resetByToken } from "../../api/passwords/service";

/** SPEC §9: a used invite sends the person to login after 1 s; an accepted one after 1.5 s. */
export const USED_INVITE_REDIRECT_SECONDS = 1;
export const ACCEPTED_REDIRECT_SECONDS = 1.5;

// Account pages carry tokens, emails and per-person state: never stored by any cache.
const NO_STORE = { "Cache-Control": "private, no-store" };

// Pages never answer a 400 for odd query strings: a repeated parameter counts once and
// over-long values are cut where they are used.
const text = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().optional());
const tokenParams = z.object({ token: z.string() });
const cut = (s: string) => s.slice(0, 200);

const titled = (title: string) => `${title} · ${T.app.name}`;

/** Where "then login" goes: the identity provider's page when there is one, else /auth. */
const loginUrl = (deps: AppDeps) => (deps.config.oidc ? "/login" : "/auth");

/** The page for an invite that is not valid: used (then login after 1 s) or invalid. */
function unusableInvite(deps: AppDeps, viewer: Viewer | null, state: Exclude<InviteState, { state: "valid" }>, invalidText: string): PageResult {
  if (state.state === "used") {
    const to = loginUrl(deps);
    return {
      title: titled(T.invite.invalidTitle),
      refresh: { seconds: USED_INVITE_REDIRECT_SECONDS, url: to },
      body: <Redirecting viewer={viewer} title={T.account.inviteTitle} message={T.invite.alreadyUsed} to={to} />,
    };
  }
  return { title: titled(T.invite.invalidTitle), status: 404, body: <InvalidInvite viewer={viewer} text={invalidText} /> };
}

/** Sign-in, external login, invitation, registration and profile screens (SPEC §2). */
export const accountRoutes = (deps: AppDeps) =>
  new Elysia({ name: "account-pages" })
    .use(session(deps))
    .get("/auth", async ({ request, viewer, query, redirect }) => {
      const page = (p: PageResult) => pageResponse(request, deps.manifest, viewer, p, NO_STORE);
      const error = accountErrorMessage(query.error);
      if (query.invite !== undefined) {
        const found = await inviteByToken(deps.db, cut(query.invite), deps.clock());
        if (found.state !== "valid") return page(unusableInvite(deps, viewer, found, T.invite.invalidLink));
        return page({
          title: titled(T.account.createAccountTitle),
          body: <CreateAccountPage token={cut(query.invite)} email={found.invite.email} boosterId={found.invite.boosterUserId} error={error} loginUrl={loginUrl(deps)} />,
        });
      }
      // Already signed in: nothing to do here.
      if (viewer) return redirect(landingFor(viewer, query.returnTo), 302);
      const returnTo = query.returnTo ? safeReturnTo(query.returnTo, "") || null : null;
      const providerHref = deps.config.oidc ? `/api/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}` : null;
      return page({ title: titled(T.account.signInTitle), body: <SignInPage returnTo={returnTo} error={error} providerHref={providerHref} notice={signInNotice(query.notice)} /> });
    }, { query: z.object({ returnTo: text, invite: text, error: text, notice: text }) })
    .get("/login", ({ request, viewer, query }) => pageResponse(request, deps.manifest, viewer, {
      title: titled(T.account.loginTitle),
      body: (
        <LoginPage viewer={viewer} returnTo={safeReturnTo(query.returnTo)} providerConfigured={!!deps.config.oidc}
          error={loginErrorMessage(query.error)} />
      ),
    }, NO_STORE), { query: z.object({ returnTo: text, error: text }) })
    .get("/invite/:token", async ({ request, viewer, params, query }) => {
      const page = (p: PageResult) => pageResponse(request, deps.manifest, viewer, p, NO_STORE);
      const found = await inviteByToken(deps.db, cut(params.token), deps.clock());
      if (found.state === "used" && query.accepted !== undefined) {
        // Back from a no-JavaScript acceptance: the success message, then login after 1.5 s.
        const to = loginUrl(deps);
        return page({
          title: titled(T.account.inviteTitle),
          refresh: { seconds: ACCEPTED_REDIRECT_SECONDS, url: to },
          body: <Redirecting viewer={viewer} title={T.account.inviteTitle} message={T.auth.profileDoneInvite} to={to} />,
        });
      }
      if (found.state !== "valid") return page(unusableInvite(deps, viewer, found, T.invite.invalidText));
      return page({
        title: titled(T.account.inviteTitle),
        body: (
          <InvitePage viewer={viewer} token={params.token} invite={found.invite} providerConfigured={!!deps.config.oidc}
            loginUrl={loginUrl(deps)} error={accountErrorMessage(query.error)} />
        ),
      });
    }, { params: tokenParams, query: z.object({ accepted: text, error: text }) })
    .get("/register/:token", async ({ request, viewer, params, query }) => {
      const page = (p: PageResult) => pageResponse(request, deps.manifest, viewer, p, NO_STORE);
      const found = await inviteByToken(deps.db, cut(params.token), deps.clock());
      if (found.state !== "valid") return page(unusableInvite(deps, viewer, found, T.invite.invalidText));
      return page({
        title: titled(T.account.createAccountTitle),
        body: (
          <RegisterPage viewer={viewer} token={params.token} email={found.invite.email} boosterId={found.invite.boosterUserId}
            error={accountErrorMessage(query.error)} loginUrl={loginUrl(deps)} />
        ),
      });
    }, { params: tokenParams, query: z.object({ error: text }) })
    .get("/reset/:token", async ({ request, viewer, params, query }) => {
      const page = (p: PageResult) => pageResponse(request, deps.manifest, viewer, p, NO_STORE);
      const found = await resetByToken(deps.db, cut(params.token), deps.clock());
      if (!found) {
        return page({
          title: titled(T.password.invalidTitle), status: 404,
          body: <InvalidInvite viewer={viewer} title={T.password.invalidTitle} text={T.password.invalidText} />,
        });
      }
      return page({
        title: titled(T.password.setTitle),
        body: <ResetPasswordPage viewer={viewer} token={params.token} email={found.email} error={accountErrorMessage(query.error)} />,
      });
    }, { params: tokenParams, query: z.object({ error: text }) })
    .get("/account", ({ request, viewer, query }) =>
      guarded(deps, request, viewer, "account", async (v) => ({
        title: titled(T.password.accountTitle),
        body: (
          <AccountPage viewer={v} hasPassword={await hasPassword(deps.db, v.id)} error={accountErrorMessage(query.error)}
            success={query.changed !== undefined ? T.password.changed : null} />
        ),
      })), { query: z.object({ error: text, changed: text }) })
    .get("/complete-profile", ({ request, viewer, query }) =>
      guarded(deps, request, viewer, "completeProfile", (v) => ({
        title: titled(T.account.completeProfileTitle),
        body: <ProfilePage viewer={v} token={null} error={accountErrorMessage(query.error)} />,
      })), { query: z.object({ error: text }) })
    .get("/welcome", ({ request, viewer, query }) =>
      guarded(deps, request, viewer, "completeProfile", async (v) => {
        const token = query.token ? cut(query.token) : undefined;
        if (!token) return { title: titled(T.invite.invalidTitle), status: 404, body: <InvalidInvite viewer={v} text={T.invite.contactAdmin} /> };
        const found = await inviteByToken(deps.db, token, deps.clock());
        // The invite that created this account is already used, and that is fine here.
        if (found.state === "invalid") return { title: titled(T.invite.invalidTitle), status: 404, body: <InvalidInvite viewer={v} text={T.invite.invalidLink} /> };
        return {
          title: titled(T.account.completeProfileTitle),
          body: <ProfilePage viewer={v} token={token} error={accountErrorMessage(query.error)} />,
        };
      }), { query: z.object({ token: text, error: text }) });
