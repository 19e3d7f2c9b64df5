import { T } from "../../shared/text";
import type { Viewer } from "../../shared/types";
import { accountErrorMessage } from "../../api/auth/accountErrors";
import { AccountScreen } from "./AccountCard";
import { ForgotLink } from "./ForgotPasswordPage";

/** The login page's error codes: access_denied, auth_error, login_error. */
const LOGIN_ERRORS: Record<string, string> = {
  access_denied: T.auth.accessDenied,
  auth_error: T.auth.authError,
  login_error: T.auth.loginError,
};

/** The text for /login?error=: the login codes, or why an invitation could not become an account. */
export function loginErrorMessage(code: unknown): string | null {
  if (typeof code === "string" && Object.hasOwn(LOGIN_ERRORS, code)) return LOGIN_ERRORS[code]!;
  return accountErrorMessage(code);
}

/** /login: the external identity provider login (falls back to /auth when none is configured). */
export function LoginPage({ viewer, returnTo, error, providerConfigured, notice = null, mail }: {
  viewer: Viewer | null; returnTo: string; error: string | null; providerConfigured: boolean; notice?: string | null;
  /** Whether mail can be sent: the forgot-password link, or who to ask instead. */
  mail: boolean;
}) {
  const q = returnTo !== "/" ? `?returnTo=${encodeURIComponent(returnTo)}` : "";
  return (
    <AccountScreen viewer={viewer} title={T.account.loginTitle} intro={providerConfigured ? T.account.loginIntro : undefined}>
      {notice ? <p role="status" className="callout">{notice}</p> : null}
      {error ? <p role="alert" className="field__error form-status form-status--error">{error}</p> : null}
      <a className="button button--primary" href={`/api/login${q}`}>
        {`${T.invite.continueWith} ${providerConfigured ? T.account.provider : T.account.emailProvider}`}
      </a>
      {providerConfigured ? <a className="button button--ghost" href={`/auth${q}`}>{T.account.useEmail}</a> : null}
      <ForgotLink mail={mail} />
    </AccountScreen>
  );
}
