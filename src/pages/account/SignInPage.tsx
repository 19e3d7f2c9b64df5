import { Island } from "../../render/island";
import { T } from "../../shared/text";
import { AccountScreen } from "./AccountCard";

/** /auth: email and password sign-in; the identity provider as an alternative when configured. */
export function SignInPage({ returnTo, error, providerHref, notice = false }: {
  returnTo: string | null; error: string | null; providerHref: string | null;
  /** A guarded page sent the visitor here: say so (the redirect itself is a plain 303). */
  notice?: boolean;
}) {
  return (
    <AccountScreen viewer={null} title={T.account.signInTitle} intro={T.account.signInIntro}>
      {notice ? <p role="status" className="callout">{T.account.signInNotice}</p> : null}
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
