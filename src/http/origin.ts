import { Elysia } from "elysia";
import type { Config } from "../config/appConfig";
import { T } from "../shared/text";
import { STOREFRONT_ORDERS_PATH } from "../shared/storefront";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Server-to-server writes that no browser makes: they carry no cookie and no Origin, and
 * authenticate every request with a signature over its body instead (a forged cross-site
 * request cannot sign). Exact method and path only.
 */
const SIGNED_WRITES = new Set([`POST ${STOREFRONT_ORDERS_PATH}`]);

/**
 * The visitor alert pages' form posts (docs/decisions/34-visitor-alerts.md) are checked like
 * the API: /alerts (sign-up), /alerts/confirm/…, /alerts/manage/….
 */
const ALERT_PAGES = "/alerts";
/**
 * …but one-click unsubscribe (RFC 8058) is POSTed by mail clients from their own origin (or
 * none): the unguessable token in the path authorises it, and all it can do is stop mail.
 */
const ONE_CLICK_UNSUBSCRIBE = "/alerts/unsubscribe/";

/** The origins this app answers as: the request URL's own, and PUBLIC_ORIGIN when set. */
export function allowedOrigins(requestUrl: URL, publicOrigin: string | undefined): string[] {
  const out = [requestUrl.origin];
  if (publicOrigin) out.push(new URL(publicOrigin).origin);
  return out;
}

/**
 * Cross-site request forgery guard: a state-changing /api call must carry an Origin
 * header naming this app. Browsers always send Origin on such requests (fetch and form
 * posts alike), so a missing one means a non-browser or a stripped request: refused.
 */
export const originCheck = (config: Pick<Config, "publicOrigin">) =>
  new Elysia({ name: "origin-check" }).onRequest(({ request, set }) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const url = new URL(request.url);
    const api = url.pathname === "/api" || url.pathname.startsWith("/api/");
    const alertPage = url.pathname === ALERT_PAGES || url.pathname.startsWith(`${ALERT_PAGES}/`);
    if (!api && !alertPage) return;
    if (SIGNED_WRITES.has(`${request.method} ${url.pathname}`)) return;
    if (url.pathname.startsWith(ONE_CLICK_UNSUBSCRIBE)) return;
    const origin = request.headers.get("origin");
    if (origin && allowedOrigins(url, config.publicOrigin).includes(origin)) return;
    set.status = 403;
    return { message: T.validation.badOrigin };
  });
