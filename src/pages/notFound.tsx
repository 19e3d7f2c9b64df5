import { Layout } from "./layout";
import { T } from "../shared/text";
import type { Viewer } from "../shared/types";

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
