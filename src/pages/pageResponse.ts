import type { ReactNode } from "react";
import { renderDocument, type PublicMeta } from "../render/document";
import { textResponse } from "../http/compress";
import type { Manifest } from "../render/manifest";
import type { Viewer } from "../shared/types";

export type PageResult = {
  title: string; description?: string; body: ReactNode; status?: number;
  /** Public, indexable pages only (canonical, Open Graph, JSON-LD); any other page is `noindex`. */
  meta?: PublicMeta;
  /** Plain enhancement scripts by name (no React), e.g. the run page's share control. */
  plain?: readonly string[];
  /** Attributes of the <html> element (an embed's class and theme). */
  root?: Readonly<Record<string, string>>;
  /**
   * A public page's part for staff only (the calendar's embed control), put in place of its
   * <StaffSlot/> in a staff viewer's variant, with the plain scripts it needs.
   */
  staff?: { body: ReactNode; plain?: readonly string[] };
  /** `<base target>` of an embed: links leave the frame in a new tab. */
  baseTarget?: "_blank";
};

/**
 * A request's path and query as routed: the English path, without a locale prefix (the
 * language switcher of a page that is not cached, such as a 404).
 */
export function hereOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/**
 * Renders a page to a compressed HTML response with a content ETag; a matching
 * If-None-Match gets 304. Signed-in pages are private to the browser.
 */
export function pageResponse(request: Request, manifest: Manifest, viewer: Viewer | null, page: PageResult, extraHeaders: Record<string, string> = {}): Response {
  const { status: _s, ...doc } = page;
  const html = renderDocument({ ...doc, manifest });
  const etag = `W/"${Bun.hash(html).toString(36)}"`;
  const headers: Record<string, string> = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": viewer ? "private, no-cache" : "public, no-cache",
    ETag: etag,
    Vary: "Cookie",
    ...extraHeaders,
  };
  const status = page.status ?? 200;
  if (status === 200 && request.headers.get("if-none-match") === etag) {
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": headers["Cache-Control"]!, Vary: "Cookie" } });
  }
  return textResponse(request, html, { status, headers });
}
