import { Layout } from "./layout";
import { T } from "../shared/text";
import type { Viewer } from "../shared/types";
import type { PageResult } from "./pageResponse";

/** Any unknown path (HTTP 404). */
export function NotFoundPage({ viewer }: { viewer: Viewer | null }) {
  return (
    <Layout viewer={viewer}>
      <section className="card not-found">
        <h1>{T.notFound.title}</h1>
        <p className="muted">{T.notFound.line}</p>
        <a className="button button--primary" href="/">{T.notFound.home}</a>
      </section>
    </Layout>
  );
}

export function notFoundPage(viewer: Viewer | null): PageResult {
  return { title: `${T.notFound.title} · ${T.app.name}`, body: <NotFoundPage viewer={viewer} />, status: 404 };
}
