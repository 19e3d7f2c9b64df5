import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { safeReturnTo } from "../../domain/access";
import { landingFor } from "../../domain/landing";
import { guarded } from "../guard";
import { pageResponse, type PageResult } from "../pageResponse";
import { accountErrorMessage } from "../../api/auth/accountErrors";
import { loginPath } from "../../api/auth/accountFormPages";
import { keptFields, withQuery } from "../../http/formPost";
import { inviteByToken, type InviteState } from "../../api/invites/service";
import { T } from "../../shared/text";
import { languageChoices } from "../../shared/i18n/locales";
import type { Viewer } from "../../shared/types";
import { InvalidInvite } from "./AccountCard";
import { CreateAccountPage, SignInPage } from "./SignInPage";
import { LoginPage, loginErrorMessage } from "./LoginPage";
import { InvitePage } from "./InvitePage";
import { RegisterPage } from "./RegisterPage";
import { ProfilePage } from "./ProfilePage";
import { AccountPage, ResetPasswordPage } from "./PasswordPages";
import { hasPassword, resetByToken } from "../../api/passwords/service";
import { ForgotPasswordPage } from "./ForgotPasswordPage";
import { mailAvailable } from "../../config/mailConfig";

// Account pages carry tokens, emails and per-person state: never stored by any cache.
const NO_STORE = { "Cache-Control": "private, no-store" };

// Pages never answer a 400 for odd query strings: a repeated parameter counts once and
// over-long values are cut where they are used.
const text = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().optional());
const tokenParams = z.object({ token: z.string() });
const cut = (s: string) => s.slice(0, 200);

const titled = (title: string) => `${title} · ${T.app.name}`;

/** What /auth and /login say for `?notice=`: why a redirect brought the person there. */
const NOTICES: Record<string, string> = {
  signin: T.account.signInNotice,
  inviteUsed: T.account.inviteUsedNotice,
  inviteAccepted: T.auth.profileDoneInvite,
  /** A password reset link was used. */
  reset: T.password.resetDone,
};
const noticeText = (code: unknown) => (typeof code === "string" && Object.hasOwn(NOTICES, code) ? NOTICES[code]! : null);

/** A plain 303 (never a timed refresh): works without JavaScript, and the landing page says why. */
const seeOther = (to: string) => new Response(null, { status: 303, headers: { Location: to, ...NO_STORE } });

/** A used invite goes to login, which says so; an invalid one gets its page. */
function unusableInvite(deps: AppContext, viewer: Viewer | null, state: Exclude<InviteState, { state: "valid" }>, invalidText: string): Response | PageResult {
  if (state.state === "used") return seeOther(withQuery(loginPath(deps), { notice: "inviteUsed" }));
  return { title: titled(T.invite.invalidTitle), status: 404, body: <InvalidInvite viewer={viewer} text={invalidText} /> };
}

type ValidInvite = Extract<InviteState, { state: "valid" }>["invite"];

/** The page of an invite link (/invite, /register) when its token is valid; otherwise as `unusableInvite` says. */
async function invitePage(deps: AppContext, request: Request, viewer: Viewer | null, token: string, build: (invite: ValidInvite) => PageResult) {
  const found = await inviteByToken(deps.db, cut(token), deps.clock());
  const p = found.state === "valid" ? build(found.invite) : unusableInvite(deps, viewer, found, T.invite.invalidText);
  return p instanceof Response ? p : pageResponse(request, deps.manifest, viewer, p, NO_STORE);
}

/** Sign-in, external login, invitation, registration and profile screens. */
export const accountRoutes = (deps: AppContext) =>
  new Elysia({ name: "account-pages" })
    .use(session(deps))
    .get("/auth", async ({ request, viewer, query, redirect }) => {
      const page = (p: Response | PageResult) => (p instanceof Response ? p : pageResponse(request, deps.manifest, viewer, p, NO_STORE));
      const error = accountErrorMessage(query.error);
      // A failed no-JS post comes back with its non-secret fields (src/http/formPost.ts).
      const kept = keptFields(query);
      if (query.invite !== undefined) {
        const found = await inviteByToken(deps.db, cut(query.invite), deps.clock());
        if (found.state !== "valid") return page(unusableInvite(deps, viewer, found, T.invite.invalidLink));
        return page({
          title: titled(T.account.createAccountTitle),
          body: <CreateAccountPage token={cut(query.invite)} email={found.invite.email} boosterId={found.invite.boosterUserId} error={error}
            nickname={kept.nickname ?? ""} loginUrl={loginPath(deps)} />,
        });
      }
      // Already signed in: nothing to do here.
      if (viewer) return redirect(landingFor(viewer, query.returnTo), 302);
      const returnTo = query.returnTo ? safeReturnTo(query.returnTo, "") || null : null;
      const providerHref = deps.config.oidc ? `/api/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ""}` : null;
      return page({
        title: titled(T.account.signInTitle),
        body: <SignInPage returnTo={returnTo} error={error} email={kept.email ?? ""} providerHref={providerHref} notice={noticeText(query.notice)}
          mail={mailAvailable(deps.config)} />,
      });
    }, { query: z.object({ returnTo: text, invite: text, error: text, notice: text, email: text, nickname: text }) })
    .get("/login", ({ request, viewer, query }) => pageResponse(request, deps.manifest, viewer, {
      title: titled(T.account.loginTitle),
      body: (
        <LoginPage viewer={viewer} returnTo={safeReturnTo(query.returnTo)} providerConfigured={!!deps.config.oidc}
          error={loginErrorMessage(query.error)} notice={noticeText(query.notice)} mail={mailAvailable(deps.config)} />
      ),
    }, NO_STORE), { query: z.object({ returnTo: text, error: text, notice: text }) })
    .get("/invite/:token", ({ request, viewer, params, query }) => invitePage(deps, request, viewer, params.token, (invite) => ({
      title: titled(T.account.inviteTitle),
      body: (
        <InvitePage viewer={viewer} token={params.token} invite={invite} providerConfigured={!!deps.config.oidc}
          loginUrl={loginPath(deps)} error={accountErrorMessage(query.error)} nickname={keptFields(query).nickname ?? ""} />
      ),
    })), { params: tokenParams, query: z.object({ error: text, nickname: text }) })
    .get("/register/:token", ({ request, viewer, params, query }) => invitePage(deps, request, viewer, params.token, (invite) => ({
      title: titled(T.account.createAccountTitle),
      body: (
        <RegisterPage viewer={viewer} token={params.token} email={invite.email} boosterId={invite.boosterUserId}
          error={accountErrorMessage(query.error)} nickname={keptFields(query).nickname ?? ""} loginUrl={loginPath(deps)} />
      ),
    })), { params: tokenParams, query: z.object({ error: text, nickname: text }) })
    // Forgot password (docs/decisions/33): the form, the one confirmation, or "mail is unavailable".
    .get("/forgot", ({ request, viewer, query }) => {
      const state = !mailAvailable(deps.config) ? "unavailable" : query.sent !== undefined ? "sent" : "form";
      return pageResponse(request, deps.manifest, viewer, {
        title: titled(state === "sent" ? T.staffMail.forgotSentTitle : T.staffMail.forgotTitle),
        body: <ForgotPasswordPage viewer={viewer} state={state} error={accountErrorMessage(query.error)} email={keptFields(query).email ?? ""} signInHref={loginPath(deps)} />,
      }, NO_STORE);
    }, { query: z.object({ sent: text, error: text, email: text }) })
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
      guarded(deps, request, viewer, "account", async (v) => {
        // A failed language post comes back with the language's own message (the form's field).
        const languageError = query.error === "localeInvalid" ? accountErrorMessage(query.error) : null;
        return {
          title: titled(T.password.accountTitle),
          body: (
            <AccountPage viewer={v} hasPassword={await hasPassword(deps.db, v.id)} error={languageError ? null : accountErrorMessage(query.error)}
              success={query.changed !== undefined ? T.password.changed : null}
              language={{ choices: languageChoices(!deps.config.production), error: languageError, saved: query.saved !== undefined }} />
          ),
        };
      }), { query: z.object({ error: text, changed: text, saved: text }) })
    .get("/complete-profile", ({ request, viewer, query }) =>
      guarded(deps, request, viewer, "completeProfile", (v) => ({
        title: titled(T.account.completeProfileTitle),
        body: <ProfilePage viewer={v} token={null} error={accountErrorMessage(query.error)} nickname={keptFields(query).nickname ?? ""} />,
      })), { query: z.object({ error: text, nickname: text }) })
    .get("/welcome", ({ request, viewer, query }) =>
      guarded(deps, request, viewer, "completeProfile", async (v) => {
        const token = query.token ? cut(query.token) : undefined;
        if (!token) return { title: titled(T.invite.invalidTitle), status: 404, body: <InvalidInvite viewer={v} text={T.invite.contactAdmin} /> };
        const found = await inviteByToken(deps.db, token, deps.clock());
        // The invite that created this account is already used, and that is fine here.
        if (found.state === "invalid") return { title: titled(T.invite.invalidTitle), status: 404, body: <InvalidInvite viewer={v} text={T.invite.invalidLink} /> };
        return {
          title: titled(T.account.completeProfileTitle),
          body: <ProfilePage viewer={v} token={token} error={accountErrorMessage(query.error)} nickname={keptFields(query).nickname ?? ""} />,
        };
      }), { query: z.object({ token: text, error: text, nickname: text }) });
