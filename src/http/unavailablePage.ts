import { T } from "../shared/text";
import { escapeHtml } from "../render/document";

/** Seconds a client should wait before retrying while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

// Built once: the outage page must not need the database, the session or the bundle manifest.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(T.unavailable.title)} · ${escapeHtml(T.app.name)}</title></head><body><main><h1>${escapeHtml(T.unavailable.title)}</h1><p>${escapeHtml(T.unavailable.line)}</p></main></body></html>`;

type Set = { status?: number | string; headers: Record<string, string | number> };

/**
 * The 503 answer while the database is unreachable: JSON `{ message }` under /api, a plain
 * HTML page elsewhere, both with Retry-After and never cached. Goes through `set` so the
 * security headers set on the request stay on the answer.
 */
export function unavailable(request: Request, set: Set): string | { message: string } {
  set.status = 503;
  set.headers["retry-after"] = String(RETRY_AFTER_SECONDS);
  set.headers["cache-control"] = "no-store";
  if (new URL(request.url).pathname.startsWith("/api/")) return { message: T.unavailable.line };
  set.headers["content-type"] = "text/html; charset=utf-8";
  return PAGE;
}
