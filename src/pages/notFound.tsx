import { Layout } from "./layout";
import { T } from "../shared/text";
import { localHref } from "../shared/i18n/href";
import type { Viewer } from "../shared/types";
import type { PageResult } from "./pageResponse";

/** Any unknown path (HTTP 404), in the language its prefix names. `here`: the English path, for the language switcher. */
export function NotFoundPage({ viewer, here }: { viewer: Viewer | null; here?: string }) {
  return (
    <Layout viewer={viewer} here={here}>
      <section className="card not-found">
        <h1>{T.notFound.title}</h1>
        <p className="muted">{T.notFound.line}</p>
        <a className="button button--primary" href={localHref("/")}>{T.notFound.home}</a>
      </section>
    </Layout>
  );
}

export function notFoundPage(viewer: Viewer | null, here?: string): PageResult {
  return { title: `${T.notFound.title} · ${T.app.name}`, body: <NotFoundPage viewer={viewer} here={here} />, status: 404 };
}
