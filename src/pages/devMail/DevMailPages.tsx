import { Layout } from "../layout";
import { T } from "../../shared/text";
import { consoleDateTime } from "../../domain/dateFormat";
import type { Viewer } from "../../shared/types";
import type { PageResult } from "../pageResponse";

const D = T.devMail;

export type DevMailSummary = { file: string; at: string | null; to: string; subject: string };
export type DevMailView = DevMailSummary & { headers: [string, string][]; text: string; hasHtml: boolean };

/** /dev/mail: the .eml files the files transport wrote, newest first. */
export function devMailListPage(viewer: Viewer | null, dir: string, mails: DevMailSummary[]): PageResult {
  return {
    title: `${D.heading} · ${T.app.name}`,
    body: (
      <Layout viewer={viewer}>
        <section className="panel stack" aria-labelledby="dev-mail-heading">
          <h1 id="dev-mail-heading">{D.heading}</h1>
          <p className="muted">{D.intro({ dir })}</p>
          {mails.length === 0 ? <p>{D.empty}</p> : (
            <div className="table-wrap">
              <table className="table table--fit" aria-label={D.heading}>
                <thead>
                  <tr><th scope="col">{D.colAt}</th><th scope="col">{D.colTo}</th><th scope="col">{D.colSubject}</th></tr>
                </thead>
                <tbody>
                  {mails.map((m) => (
                    <tr key={m.file}>
                      <td data-label={D.colAt}>{m.at ? <time dateTime={m.at}>{consoleDateTime(m.at)}</time> : null}</td>
                      <td data-label={D.colTo}>{m.to}</td>
                      <td data-label={D.colSubject}><a href={`/dev/mail/${m.file}`}>{m.subject || m.file}</a></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </Layout>
    ),
  };
}

/** /dev/mail/:file: one mail's headers and text part, with links to its HTML part (sandboxed) and the file. */
export function devMailPage(viewer: Viewer | null, mail: DevMailView): PageResult {
  return {
    title: `${mail.subject} · ${D.heading} · ${T.app.name}`,
    body: (
      <Layout viewer={viewer}>
        <article className="panel stack" aria-labelledby="dev-mail-subject">
          <p><a href="/dev/mail">{D.back}</a></p>
          <h1 id="dev-mail-subject">{mail.subject}</h1>
          <h2>{D.headers}</h2>
          <dl className="mono">
            {mail.headers.map(([k, v], i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a header may repeat; the order is the key
              <div key={i}><dt>{k}</dt><dd>{v}</dd></div>
            ))}
          </dl>
          <p className="row">
            {mail.hasHtml ? <a className="button button--primary" href={`/dev/mail/${mail.file}/html`}>{D.viewHtml}</a> : null}
            <a className="button button--ghost" href={`/dev/mail/${mail.file}/raw`}>{D.download}</a>
          </p>
          <h2>{D.textPart}</h2>
          <pre className="mono" style={{ whiteSpace: "pre-wrap" }}>{mail.text}</pre>
        </article>
      </Layout>
    ),
  };
}

export function devMailMissing(viewer: Viewer | null): PageResult {
  return {
    title: `${D.notFound} · ${T.app.name}`, status: 404,
    body: <Layout viewer={viewer}><section className="panel"><h1>{D.notFound}</h1><p><a href="/dev/mail">{D.back}</a></p></section></Layout>,
  };
}
