import { pageAccess, type GuardedPage } from "../domain/access";
import { Island } from "../render/island";
import { Layout } from "./layout";
import { notFoundPage } from "./notFound";
import { pageResponse, type PageResult } from "./respond";
import type { AppDeps } from "../http/context";
import { T } from "../shared/text";
import type { Viewer } from "../shared/types";

/** SPEC §6: 0.5 s between the guard's toast and the redirect to sign-in. */
export const SIGN_IN_REDIRECT_SECONDS = 0.5;

function signInPage(viewer: null, to: string, message: string): PageResult {
  return {
    title: `${T.auth.accessDeniedTitle} · ${T.app.name}`,
    status: 401,
    refresh: { seconds: SIGN_IN_REDIRECT_SECONDS, url: to },
    body: (
      <Layout viewer={viewer}>
        <section className="card not-found">
          <h1>{T.auth.accessDeniedTitle}</h1>
          <p className="muted">{message}</p>
          <a className="button button--primary" href={to}>{T.auth.logIn}</a>
        </section>
        <Island name="Toaster" props={{ initial: { title: T.toast.unauthorized, description: message, variant: "destructive" } }} />
      </Layout>
    ),
  };
}

/**
 * Renders a guarded page: the page when allowed; otherwise sign-in (toast, then /auth with
 * returnTo after 0.5 s, with or without JavaScript), a redirect (status gate) or the
 * not-found page for the wrong role.
 */
export async function guarded(
  deps: AppDeps, request: Request, viewer: Viewer | null, page: GuardedPage,
  render: (viewer: Viewer) => Promise<PageResult> | PageResult,
): Promise<Response> {
  const url = new URL(request.url);
  const access = pageAccess(viewer, page, url.pathname + url.search);
  switch (access.kind) {
    case "signIn":
      return pageResponse(request, deps.manifest, null, signInPage(null, access.to, page === "admin" ? T.auth.adminOnly : page === "dashboard" ? T.auth.boosterOnly : T.auth.notAuthenticated));
    case "redirect":
      return new Response(null, { status: 302, headers: { Location: access.to, "Cache-Control": "no-store" } });
    case "notFound":
      return pageResponse(request, deps.manifest, viewer, notFoundPage(viewer));
    case "ok":
      return pageResponse(request, deps.manifest, viewer, await render(viewer!), { "Cache-Control": "private, no-store" });
  }
}
