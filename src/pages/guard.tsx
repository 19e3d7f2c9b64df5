import { pageAccess, type GuardedPage } from "../domain/access";
import { notFoundPage } from "./notFound";
import { pageResponse, type PageResult } from "./pageResponse";
import type { AppContext } from "../http/context";
import type { Viewer } from "../shared/types";

/** The query flag that makes /auth say why the visitor landed there (T.account.signInNotice). */
export const SIGN_IN_NOTICE = "notice=signin";

/**
 * Renders a guarded page: the page when allowed; otherwise a 303 to /auth (with returnTo
 * and a notice it shows: no timed refresh, works without JavaScript), a redirect (status
 * gate) or the not-found page for the wrong role.
 */
export async function guarded(
  deps: AppContext, request: Request, viewer: Viewer | null, page: GuardedPage,
  render: (viewer: Viewer) => Promise<PageResult> | PageResult,
): Promise<Response> {
  const url = new URL(request.url);
  const access = pageAccess(viewer, page, url.pathname + url.search);
  switch (access.kind) {
    case "signIn":
      return new Response(null, { status: 303, headers: { Location: `${access.to}&${SIGN_IN_NOTICE}`, "Cache-Control": "no-store" } });
    case "redirect":
      return new Response(null, { status: 302, headers: { Location: access.to, "Cache-Control": "no-store" } });
    case "notFound":
      return pageResponse(request, deps.manifest, viewer, notFoundPage(viewer));
    case "ok":
      return pageResponse(request, deps.manifest, viewer, await render(viewer!), { "Cache-Control": "private, no-store" });
  }
}
