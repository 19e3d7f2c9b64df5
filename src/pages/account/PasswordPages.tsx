import { Island } from "../island";
import { T } from "../../shared/text";
import type { Viewer } from "../../shared/types";
import type { AnyLocale } from "../../shared/i18n/locales";
import { AccountScreen, Detail } from "./AccountCard";

/** /reset/{token}: a new password from a one-time link (with and without JavaScript). */
export function ResetPasswordPage({ viewer, token, email, error }: { viewer: Viewer | null; token: string; email: string; error: string | null }) {
  return (
    <AccountScreen viewer={viewer} title={T.password.setTitle} intro={T.password.setIntro({ email })}>
      <Island name="PasswordForm" props={{ mode: "reset", token, email, error }} />
    </AccountScreen>
  );
}

/**
 * /account: who the person is signed in as, their language, and changing their password
 * (current and new). An account with only external sign-in has no password: it is told how to get one.
 */
export function AccountPage({ viewer, hasPassword, error, success, language }: {
  viewer: Viewer; hasPassword: boolean; error: string | null; success: string | null;
  /** The language form: its choices (each named in itself), its error and whether it was just saved. */
  language: { choices: { value: AnyLocale; label: string; lang?: string }[]; error: string | null; saved: boolean };
}) {
  return (
    <AccountScreen viewer={viewer} title={T.password.accountTitle} intro={T.password.accountIntro}>
      <dl className="invite-details">
        <Detail term={T.account.email}>{viewer.email}</Detail>
        <Detail term={T.account.role}><span className={`badge role--${viewer.role}`}>{T.labels.role[viewer.role]}</span></Detail>
        {viewer.nickname ? <Detail term={T.account.nickname}>{viewer.nickname}</Detail> : null}
        {viewer.boosterId ? <Detail term={T.account.boosterId}><code>{viewer.boosterId}</code></Detail> : null}
      </dl>
      <section className="stack" aria-labelledby="change-password">
        <h2 id="change-password">{T.password.changeHeading}</h2>
        {hasPassword
          ? <Island name="PasswordForm" props={{ mode: "change", email: viewer.email, error, success }} />
          : <p className="callout">{T.password.noPassword}</p>}
      </section>
      <section className="stack" aria-labelledby="language">
        <h2 id="language">{T.password.languageHeading}</h2>
        <Island name="LanguageForm" props={{
          locale: viewer.locale, choices: language.choices, error: language.error, success: language.saved ? T.password.languageSaved : null,
        }} />
      </section>
    </AccountScreen>
  );
}
