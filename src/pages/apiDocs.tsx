// The API reference page (/api/docs): the OpenAPI document rendered on the server, grouped
// by tag, with no JavaScript (the usual Scalar or Swagger UIs load scripts from a CDN,
// which the CSP and offline deployments forbid).
import { Layout } from "./layout";
import { T } from "../shared/text";
import type { PageResult } from "./pageResponse";
import type { ApiDocument, ApiOperation } from "../http/openapi";

const METHODS = ["get", "post", "put", "patch", "delete"];

/** Who may call an operation, in words. */
function accessLine(op: ApiOperation): string {
  const access = op["x-access"];
  if (!access) return T.apiDocs.public;
  if (access.pending) return T.apiDocs.account;
  if (access.roles.length === 3) return T.apiDocs.signedIn;
  return T.apiDocs.roles({ roles: access.roles.join(" or ") });
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const anchor = (method: string, path: string) => `${method}-${path.replace(/[^a-z0-9]+/gi, "-")}`;

function Operation({ method, path, op }: { method: string; path: string; op: ApiOperation }) {
  const body = op.requestBody?.content;
  return (
    <article className="card api-op" id={anchor(method, path)}>
      <h3 className="api-op__title"><span className="badge api-op__method">{method.toUpperCase()}</span> <code>{path}</code></h3>
      {op.summary ? <p>{op.summary}</p> : null}
      <p className="muted"><strong>{T.apiDocs.auth}:</strong> {accessLine(op)}</p>
      {op.parameters?.length ? (
        <>
          <h4>{T.apiDocs.parameters}</h4>
          <ul className="api-op__list">
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code>{p.name}</code> ({p.in}, {p.required ? T.apiDocs.required : T.apiDocs.optional}): <code>{JSON.stringify(p.schema)}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {body ? (
        <>
          <h4>{T.apiDocs.body} <span className="muted">({Object.keys(body).join(", ")})</span></h4>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to be scrolled (axe scrollable-region-focusable) */}
          <pre className="api-op__schema" tabIndex={0}>{json(Object.values(body)[0]?.schema)}</pre>
        </>
      ) : null}
      <h4>{T.apiDocs.responses}</h4>
      <dl className="api-op__responses">
        {Object.entries(op.responses).map(([status, answer]) => (
          <div key={status}>
            <dt><code>{status}</code> {answer.description}</dt>
            {answer.content
              ? Object.entries(answer.content).map(([type, media]) => (
                <dd key={type}>
                  <span className="muted">{type}</span>
                  {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to be scrolled (axe scrollable-region-focusable) */}
                  <pre className="api-op__schema" tabIndex={0}>{json(media.schema)}</pre>
                </dd>
              ))
              : null}
          </div>
        ))}
      </dl>
    </article>
  );
}

export function ApiDocsPage({ document }: { document: ApiDocument }) {
  const byTag = document.tags.map(({ name }) => ({
    name,
    operations: Object.entries(document.paths).flatMap(([path, ops]) =>
      METHODS.flatMap((method) => {
        const op = ops[method];
        return op?.tags.includes(name) ? [{ method, path, op }] : [];
      })),
  })).filter((t) => t.operations.length);
  return (
    <Layout viewer={null}>
      <section className="api-docs">
        <h1>{T.apiDocs.title}</h1>
        <p>{document.info.description}</p>
        <p><a href="/api/openapi.json">{T.apiDocs.document}</a></p>
        <nav aria-label={T.apiDocs.contents}>
          <ul className="api-docs__toc">
            {byTag.map((t) => <li key={t.name}><a href={`#tag-${anchor("", t.name)}`}>{t.name}</a> ({t.operations.length})</li>)}
          </ul>
        </nav>
        {byTag.map((t) => (
          <section key={t.name} aria-labelledby={`tag-${anchor("", t.name)}`}>
            <h2 id={`tag-${anchor("", t.name)}`}>{t.name}</h2>
            {t.operations.map(({ method, path, op }) => <Operation key={`${method} ${path}`} method={method} path={path} op={op} />)}
          </section>
        ))}
      </section>
    </Layout>
  );
}

export function apiDocsPage(document: ApiDocument): PageResult {
  return { title: `${T.apiDocs.title} · ${T.app.name}`, description: T.apiDocs.intro, body: <ApiDocsPage document={document} /> };
}
