import { T } from "../../shared/text";
import { consoleDateTime } from "../../domain/dateFormat";
import type { MailStatus as Status } from "../../mail/status";
import type { MailPurpose } from "../../mail/message";

const M = T.mailStatus;
// Every purpose has its name (a new purpose without one fails the typecheck here).
const PURPOSES: Record<MailPurpose, string> = M.purposes;

/**
 * The Activity tab's mail section (server-rendered, no script): mails waiting and failed, and
 * the latest failed ones. Without a mail transport it says mail is not set up.
 */
export function MailStatus({ status, available }: { status: Status; available: boolean }) {
  return (
    <section className="stack" aria-labelledby="mail-status-heading">
      <h2 id="mail-status-heading">{M.heading}</h2>
      {available ? null : <p>{T.mail.unavailable}</p>}
      <p>{M.counts({ waiting: status.waiting, failed: status.failed })}</p>
      {status.recent.length ? (
        <div className="table-wrap">
          <table className="table table--fit" aria-label={M.failedHeading}>
            <thead>
              <tr>
                <th scope="col">{M.colAt}</th>
                <th scope="col">{M.colPurpose}</th>
                <th scope="col">{M.colError}</th>
                <th scope="col">{M.colAttempts}</th>
              </tr>
            </thead>
            <tbody>
              {status.recent.map((m) => (
                <tr key={m.id}>
                  <td data-label={M.colAt}><time dateTime={m.failedAt}>{consoleDateTime(m.failedAt)}</time></td>
                  <td data-label={M.colPurpose}>{PURPOSES[m.purpose] ?? m.purpose}</td>
                  <td data-label={M.colError}>{m.error ?? ""}</td>
                  <td data-label={M.colAttempts}>{m.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="muted">{M.note}</p>
    </section>
  );
}
