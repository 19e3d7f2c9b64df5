import { Island } from "../../render/island";
import { T } from "../../shared/text";
import type { Viewer } from "../../shared/types";
import { AccountScreen } from "./AccountCard";

/** /reset/{token}: a new password from a one-time link (with and without JavaScript). */
export function ResetPasswordPage({ viewer, token, email, error }: { viewer: Viewer | null; token: string; email: string; error: string | null }) {
  return (
    <AccountScreen viewer={viewer} title={T.password.setTitle} intro={T.password.setIntro(email)}>
      <Island name="PasswordForm" props={{ mode: "reset", token, email, error }} />
    </AccountScreen>
  );
}

/**
 * /account: who the person is signed in as, and changing their password (current and new).
 * An account with only external sign-in has no password: it is told how to get one.
 */
export function AccountPage({ viewer, hasPassword, error, success }: {
  viewer: Viewer; hasPassword: boolean; error: string | null; success: string | null;
}) {
  return (
    <AccountScreen viewer={viewer} title={T.password.accountTitle} intro={T.password.accountIntro}>
      <dl className="invite-details">
        <div>
          <dt>{T.account.email}</dt>
          <dd>{viewer.email}</dd>
        </div>
        <div>
          <dt>{T.account.role}</dt>
          <dd><span className={`badge role--${viewer.role}`}>{T.labels.role[viewer.role]}</span></dd>
        </div>
        {viewer.nickname ? (
          <div>
            <dt>{T.account.nickname}</dt>
            <dd>{viewer.nickname}</dd>
          </div>
        ) : null}
        {viewer.boosterId ? (
          <div>
            <dt>{T.account.boosterId}</dt>
            <dd><code>{viewer.boosterId}</code></dd>
          </div>
        ) : null}
      </dl>
      <section className="stack" aria-labelledby="change-password">
        <h2 id="change-password">{T.password.changeHeading}</h2>
        {hasPassword
          ? <Island name="PasswordForm" props={{ mode: "change", email: viewer.email, error, success }} />
          : <p className="callout">{T.password.noPassword}</p>}
      </section>
    </AccountScreen>
  );
}
