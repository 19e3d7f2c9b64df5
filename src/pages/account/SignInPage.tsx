import { Island } from "../../render/island";
import { T } from "../../shared/text";
import { AccountScreen } from "./AccountCard";

/** /auth: email and password sign-in; the identity provider as an alternative when configured. */
/** What `/auth?notice=` says: why the visitor landed here (every redirect to it is a plain 303). */
const NOTICES: Record<string, string> = {
  /** A guarded page sent the visitor here. */
  signin: T.account.signInNotice,
  /** A password reset link was used. */
  reset: T.password.resetDone,
};
export const signInNotice = (code: unknown): string | null =>
  typeof code === "string" && Object.hasOwn(NOTICES, code) ? NOTICES[code]! : null;

export function SignInPage({ returnTo, error, providerHref, notice = null }: {
  returnTo: string | null; error: string | null; providerHref: string | null; notice?: string | null;
}) {
  return (
    <AccountScreen viewer={null} title={T.account.signInTitle} intro={T.account.signInIntro}>
      {notice ? <p role="status" className="callout">{notice}</p> : null}
      <Island name="SignInForm" props={{ returnTo, error }} />
      {providerHref ? (
        <>
          <p className="auth-card__separator muted"><span>{T.account.orSeparator}</span></p>
          <a className="button button--ghost" href={providerHref}>{`${T.invite.continueWith} ${T.account.provider}`}</a>
        </>
      ) : null}
    </AccountScreen>
  );
}

/** /auth?invite=: account creation from an invite (6+ character password), signed in afterwards. */
export function CreateAccountPage({ token, email, boosterId, error, loginUrl }: {
  token: string; email: string; boosterId: string | null; error: string | null; loginUrl: string;
}) {
  return (
    <AccountScreen viewer={null} title={T.account.createAccountTitle} intro={T.account.createAccountIntro}>
      <Island name="RegisterForm" props={{ mode: "invite", token, email, boosterId, error, loginUrl }} />
    </AccountScreen>
  );
}
