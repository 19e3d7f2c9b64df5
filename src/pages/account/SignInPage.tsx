import { Island } from "../island";
import { T } from "../../shared/text";
import { AccountScreen } from "./AccountCard";
import { ForgotLink } from "./ForgotPasswordPage";

/** /auth: email and password sign-in; the identity provider as an alternative when configured. */
export function SignInPage({ returnTo, error, email = "", providerHref, notice = null, mail }: {
  returnTo: string | null; error: string | null; providerHref: string | null;
  /** Whether mail can be sent: the forgot-password link, or who to ask instead. */
  mail: boolean;
  /** The email a failed no-JS post carried back. */
  email?: string;
  /** Why a redirect brought the visitor here (a guarded page, an invitation), shown above the form. */
  notice?: string | null;
}) {
  return (
    <AccountScreen viewer={null} title={T.account.signInTitle} intro={T.account.signInIntro}>
      {notice ? <p role="status" className="callout">{notice}</p> : null}
      <Island name="SignInForm" props={{ returnTo, error, email }} />
      <ForgotLink mail={mail} />
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
export function CreateAccountPage({ token, email, boosterId, error, nickname = "", loginUrl }: {
  token: string; email: string; boosterId: string | null; error: string | null; nickname?: string; loginUrl: string;
}) {
  return (
    <AccountScreen viewer={null} title={T.account.createAccountTitle} intro={T.account.createAccountIntro}>
      <Island name="RegisterForm" props={{ mode: "invite", token, email, boosterId, error, nickname, loginUrl }} />
    </AccountScreen>
  );
}
