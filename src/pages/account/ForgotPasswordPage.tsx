import { T } from "../../shared/text";
import type { Viewer } from "../../shared/types";
import { AccountScreen } from "./AccountCard";

const M = T.staffMail;

/**
 * /forgot: ask for a reset link by email. A plain form (no script on this page): it posts to
 * POST /api/auth/forgot, which answers a form post with /forgot?sent=1, the same page whatever
 * the address. While mail is unavailable the page says so instead of showing the form.
 */
export function ForgotPasswordPage({ viewer, state, error, email, signInHref }: {
  viewer: Viewer | null;
  state: "form" | "sent" | "unavailable";
  error: string | null;
  /** Kept from a refused post (an invalid address), never from a sent one. */
  email: string;
  signInHref: string;
}) {
  const back = <p style={{ margin: 0 }}><a href={signInHref}>{M.backToSignIn}</a></p>;
  if (state === "sent") {
    return (
      <AccountScreen viewer={viewer} title={M.forgotSentTitle}>
        <p role="status" className="callout">{M.forgotSent}</p>
        {back}
      </AccountScreen>
    );
  }
  if (state === "unavailable") {
    return (
      <AccountScreen viewer={viewer} title={M.forgotTitle}>
        <p className="callout">{M.forgotUnavailable}</p>
        {back}
      </AccountScreen>
    );
  }
  return (
    <AccountScreen viewer={viewer} title={M.forgotTitle} intro={M.forgotIntro}>
      <form method="post" action="/api/auth/forgot" className="stack">
        {error ? <p id="forgot-error" role="alert" className="field__error form-status form-status--error">{error}</p> : null}
        <div className="field">
          <label className="field__label" htmlFor="forgot-email">{T.account.email}</label>
          <input id="forgot-email" className="input" type="email" name="email" autoComplete="email" required maxLength={255}
            defaultValue={email} aria-invalid={error ? true : undefined} aria-describedby={error ? "forgot-error" : undefined} />
        </div>
        <button type="submit" className="button button--primary">{M.forgotSubmit}</button>
      </form>
      {back}
    </AccountScreen>
  );
}

/** The line under a sign-in form: the way to /forgot, or, without mail, who to ask. */
export function ForgotLink({ mail }: { mail: boolean }) {
  return (
    <p className="muted" style={{ margin: 0 }}>
      {mail ? <a href="/forgot">{M.forgotLink}</a> : M.forgotByStaff}
    </p>
  );
}
