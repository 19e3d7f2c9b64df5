// The pages an alert mail's links open (docs/decisions/34-visitor-alerts.md): plain HTML
// forms, no script. A GET never changes anything (mail scanners open links); the buttons POST.
import { AccountScreen } from "../account/AccountCard";
import { T } from "../../shared/text";
import { localHref } from "../../shared/i18n/href";
import type { ManagedAlert } from "../../api/alerts/service";

const A = T.alerts;

/** A page that only says something (done, gone, invalid). */
export function AlertNotice({ title, text }: { title: string; text: string }) {
  return (
    <AccountScreen viewer={null} title={title}>
      <p role="status">{text}</p>
      <div className="form-actions">
        <a className="button button--ghost" href={localHref("/")}>{T.invite.goHome}</a>
      </div>
    </AccountScreen>
  );
}

/** /alerts/confirm/{token}: what would be confirmed, and the button that does it. */
export function ConfirmPage({ action, waiting }: { action: string; waiting: readonly string[] }) {
  return (
    <AccountScreen viewer={null} title={A.confirm.title} intro={A.confirm.intro}>
      <ul className="stack">{waiting.map((w) => <li key={w}>{w}</li>)}</ul>
      <form method="post" action={action} className="form-actions">
        <button type="submit" className="button button--primary">{A.confirm.button}</button>
      </form>
    </AccountScreen>
  );
}

/** /alerts/unsubscribe/{token}: the alert, and the button that ends it (the same POST a mail client sends). */
export function UnsubscribePage({ action, alert, manage }: { action: string; alert: string; manage: string }) {
  return (
    <AccountScreen viewer={null} title={A.unsubscribe.title} intro={A.unsubscribe.intro({ alert })}>
      <form method="post" action={action} className="form-actions">
        <button type="submit" className="button button--primary">{A.unsubscribe.button}</button>
      </form>
      <p><a href={manage}>{A.unsubscribe.manage}</a></p>
    </AccountScreen>
  );
}

/** /alerts/manage/{token}: every alert of the address, each with its remove button. */
export function ManagePage({ action, list, removed }: { action: string; list: readonly ManagedAlert[]; removed: boolean }) {
  return (
    <AccountScreen viewer={null} title={A.manage.title} intro={A.manage.intro}>
      {removed ? <p role="status" className="callout">{A.manage.removed}</p> : null}
      <ul className="stack">
        {list.map((a) => (
          <li key={a.id}>
            <form method="post" action={action} className="form-actions">
              <span>{a.text}{a.pending ? <span className="muted"> ({A.manage.pending})</span> : null}</span>
              <input type="hidden" name="alert" value={a.id} />
              <button type="submit" className="button button--ghost" aria-label={A.manage.removeLabel({ alert: a.text })}>{A.manage.remove}</button>
            </form>
          </li>
        ))}
      </ul>
    </AccountScreen>
  );
}
