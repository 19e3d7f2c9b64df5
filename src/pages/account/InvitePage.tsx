import { Island } from "../island";
import { T } from "../../shared/text";
import type { UserType } from "../../shared/enums";
import type { Viewer } from "../../shared/types";
import { AccountScreen, Detail } from "./AccountCard";

export type InviteView = { email: string; userType: UserType; boosterUserId: string | null; message: string | null };

/** The invited role, email, booster id and welcome message. */
export function InviteDetails({ invite }: { invite: InviteView }) {
  return (
    <dl className="invite-details">
      <Detail term={T.account.role}><span className={`badge role--${invite.userType}`}>{T.labels.role[invite.userType]}</span></Detail>
      <Detail term={T.account.email}>{invite.email}</Detail>
      {invite.boosterUserId ? <Detail term={T.account.boosterId}><code>{invite.boosterUserId}</code></Detail> : null}
      {invite.message ? <Detail term={T.account.message} valueClass="invite-details__message">{invite.message}</Detail> : null}
    </dl>
  );
}

/**
 * /invite/{token}: the invitation, then the ways in. With an identity provider: 'Continue
 * with' it (the account is made at sign-in) or accept now with a nickname and sign in
 * afterwards. Always: create the account with a password (/register/{token}).
 */
export function InvitePage({ viewer, token, invite, providerConfigured, loginUrl, error, nickname = "" }: {
  viewer: Viewer | null; token: string; invite: InviteView; providerConfigured: boolean; loginUrl: string; error: string | null; nickname?: string;
}) {
  const here = `/invite/${encodeURIComponent(token)}`;
  return (
    <AccountScreen viewer={viewer} title={T.account.inviteTitle} intro={T.account.inviteIntro}>
      <InviteDetails invite={invite} />
      <div className="stack">
        {providerConfigured ? (
          <a className="button button--primary" href={`/api/login?returnTo=${encodeURIComponent(here)}`}>
            {`${T.invite.continueWith} ${T.account.provider}`}
          </a>
        ) : null}
        <a className={`button ${providerConfigured ? "button--ghost" : "button--primary"}`} href={`/register/${encodeURIComponent(token)}`}>
          {T.account.createAccount}
        </a>
      </div>
      {providerConfigured ? (
        <>
          <p className="auth-card__separator muted"><span>{T.account.orSeparator}</span></p>
          <p className="muted">{T.account.orNickname}</p>
          <Island name="InviteAccept" props={{ token, loginUrl, error, nickname }} />
        </>
      ) : error ? <p role="alert" className="field__error form-status form-status--error">{error}</p> : null}
    </AccountScreen>
  );
}
