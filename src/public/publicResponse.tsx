// Answering a public page from the page cache. A page is rendered once per read-model
// snapshot and canonical URL, for an anonymous visitor; its header's account area is then
// cut out, so a signed-in visitor gets the same body with their own header stitched in
// (and that variant is cached too). A hit touches neither the database nor React.
import { AccountActions, StaffSlot } from "../pages/layout";
import { isStaff } from "../domain/permissions";
import { documentHtml, renderPart } from "../render/document";
import { pickEncoding, type Encoding } from "../http/compress";
import type { AppDeps } from "../http/context";
import type { PageResult } from "../pages/pageResponse";
import type { Viewer } from "../shared/types";
import { cachedPage, type CachedPage, type PageCache } from "../http/pageCache";
import type { PublicSnapshot } from "../readModel/model";
import { readPath } from "../readModel/readPath";
import { SESSION_COOKIE } from "../shared/sessionCookie";
import { metrics } from "../ops/metrics";
import type { EarlyAnswer } from "../ops/requestLog";
import { requestId } from "../ops/redact";
import { isEmbedPath, type SecuritySets } from "../http/security";
import { prefixOf, speakUrlLocale, splitLocalePath, urlLocale } from "../http/locale";
import { DEFAULT_LOCALE, type AnyLocale } from "../shared/i18n/locales";

/**
 * Browsers revalidate every time (a 304 costs nothing); a CDN may serve a page for 5 s and
 * a stale one for 10 s more while it refetches, so a deleted run is gone everywhere within
 * 15 s. Signed-in pages are for the browser only.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=10";
export const PRIVATE_CACHE_CONTROL = "private, no-cache";

/**
 * A rendered page split around the header's account area; `slot`: where in `after` its staff
 * part goes (the empty <StaffSlot/>), or -1.
 */
type Template = { page: Omit<PageResult, "body">; islands: string[]; before: string; after: string; slot: number };
/**
 * What a cache key says besides its page, for the fast path: the route pattern (request log,
 * metrics), the key's locale and whether it is an embed. It follows from the key alone, so
 * it is worked out on an entry's first early answer and kept with it (`placeOf`).
 */
type Place = { route: string; locale: AnyLocale; embed: boolean };
type Entry = CachedPage & { template?: Template; place?: Place };

const MIN_COMPRESS = 1024;
/** Per locale: the anonymous account area and the empty staff slot, as rendered (to find them in a page). */
const anonymousAccount = new Map<AnyLocale, string>();
const staffSlots = new Map<AnyLocale, string>();
type AccountPart = { html: string; islands: string[]; variants: Map<string, string> };
const headers = new WeakMap<Viewer, Map<AnyLocale, AccountPart>>();

/** The viewer's account area in the page's language, rendered once per cached session (island ids 'h0', ...). */
function accountPart(viewer: Viewer, locale: AnyLocale): AccountPart | undefined {
  return headers.get(viewer)?.get(locale);
}
function renderAccountPart(viewer: Viewer, locale: AnyLocale): AccountPart {
  const part = { ...renderPart(<AccountActions viewer={viewer} />, "h"), variants: new Map() };
  const parts = headers.get(viewer) ?? new Map<AnyLocale, AccountPart>();
  parts.set(locale, part);
  headers.set(viewer, parts);
  return part;
}

/**
 * The cache key of a page's variant with this account area: the page's key plus the area's
 * html, so viewers whose headers are identical share it. Kept per viewer and page, because a
 * string hashes once: a fresh concatenation would hash the whole header on every hit.
 */
function variantKey(part: AccountPart, key: string): string {
  let v = part.variants.get(key);
  if (v === undefined) {
    if (part.variants.size >= 256) part.variants.clear(); // pages a session visits; bounded anyway
    v = `${key}\u0000${part.html}`;
    part.variants.set(key, v);
  }
  return v;
}

/**
 * A signed-in viewer's page: the anonymous render with their account area and, for staff, the
 * page's staff part. A variant's key holds the account area's html, which already differs
 * between staff and everyone else (their dashboard button), so one key never serves both.
 */
function stitch(deps: AppDeps, t: Template, account: AccountPart, viewer: Viewer): string {
  const staff = t.page.staff && t.slot >= 0 && isStaff(viewer) ? t.page.staff : null;
  const staffSlot = staffSlots.get(urlLocale())!;
  if (!staff) return documentHtml({ ...t.page, manifest: deps.manifest }, [...account.islands, ...t.islands], t.before + account.html + t.after);
  const part = renderPart(staff.body, "s");
  const after = t.after.slice(0, t.slot) + part.html + t.after.slice(t.slot + staffSlot.length);
  return documentHtml({ ...t.page, plain: [...(t.page.plain ?? []), ...(staff.plain ?? [])], manifest: deps.manifest },
    [...account.islands, ...t.islands, ...part.islands], t.before + account.html + after);
}

/** Renders a page for a visitor, remembering where its header's account area sits. */
function render(deps: AppDeps, page: PageResult): Entry {
  const { html, islands } = renderPart(page.body);
  const { body: _b, ...meta } = page;
  const entry: Entry = cachedPage(documentHtml({ ...meta, manifest: deps.manifest }, islands, html));
  const locale = urlLocale();
  if (!anonymousAccount.has(locale)) anonymousAccount.set(locale, renderPart(<AccountActions viewer={null} />).html);
  if (!staffSlots.has(locale)) staffSlots.set(locale, renderPart(<StaffSlot />).html);
  const anonymous = anonymousAccount.get(locale)!;
  const staffSlot = staffSlots.get(locale)!;
  const at = html.indexOf(anonymous);
  if (at >= 0) {
    const after = html.slice(at + anonymous.length);
    entry.template = { page: meta, islands, before: html.slice(0, at), after, slot: meta.staff ? after.indexOf(staffSlot) : -1 };
    // The template is a second copy of the body: the cache's byte bound counts it (two bytes a character, at most).
    entry.bytes += 2 * (entry.template.before.length + entry.template.after.length);
  }
  return entry;
}

function headersFor(page: CachedPage, encoding: Encoding, cacheControl: string, extra?: Record<string, string>): Record<string, string> {
  return {
    ...extra, ETag: encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag, "Cache-Control": cacheControl,
    // A file (a feed) is the same for every visitor; a page's header depends on the session cookie.
    Vary: page.type ? "Accept-Encoding" : "Cookie, Accept-Encoding", "Content-Type": page.type ?? "text/html; charset=utf-8",
    ...(encoding ? { "Content-Encoding": encoding } : {}),
    ...(page.disposition ? { "Content-Disposition": page.disposition } : {}),
  };
}

/**
 * Response headers per cached page, coding, status (200, or 304 without the body's type and
 * coding) and whether the security headers are included (the fast path's answers), built
 * once: a Response copies a Headers object natively, far cheaper than converting a plain
 * object on every hit.
 */
const builtHeaders = new WeakMap<CachedPage, Headers[]>();
const CODINGS = { br: 1, gzip: 2 } as const;
function headersOf(page: CachedPage, encoding: Encoding, cacheControl: string, security: Record<string, string> | undefined, status: 200 | 304, reqId?: string): Headers {
  let built = builtHeaders.get(page);
  if (!built) {
    built = [];
    builtHeaders.set(page, built);
  }
  const kind = (encoding ? CODINGS[encoding] : 0) + (status === 304 ? 3 : 0) + (security ? 6 : 0) + (reqId ? 12 : 0);
  let h = built[kind];
  if (!h) {
    const all = headersFor(page, encoding, cacheControl, security);
    if (status === 304) {
      delete all["Content-Type"];
      delete all["Content-Encoding"];
    }
    built[kind] = h = new Headers(all);
  }
  // The request id goes into the shared headers just before a Response copies them (these
  // headers objects carry one only when asked to, so none leaks into an answer without).
  if (reqId) h.set("x-request-id", reqId);
  return h;
}

/**
 * If-None-Match for a GET: `*`, or a listed tag naming this content. Weak comparison (a
 * `W/` prefix is ignored), and the same content in any coding matches, since a client that
 * cached one coding may ask without it. Tags match exactly, never by prefix.
 */
export function notModified(header: string, etag: string): boolean {
  const base = etag.slice(0, -1);
  const ours = new Set([etag, `${base}-br"`, `${base}-gzip"`]);
  for (const raw of header.split(",")) {
    const tag = raw.trim();
    if (tag === "*" || ours.has(tag.startsWith("W/") ? tag.slice(2) : tag)) return true;
  }
  return false;
}

/** `headers`: the request's (read once by the caller: each `request.headers` is a call into the runtime). */
function send(
  headers: Headers, cache: PageCache, key: string, page: CachedPage, cacheControl: string, security?: Record<string, string>, reqId?: string,
): Response {
  const encoding = page.plain.byteLength >= MIN_COMPRESS ? pickEncoding(headers.get("accept-encoding")) : null;
  const asked = headers.get("if-none-match");
  if (asked && notModified(asked, page.etag)) return new Response(null, { status: 304, headers: headersOf(page, encoding, cacheControl, security, 304, reqId) });
  return new Response(cache.body(key, page, encoding), { headers: headersOf(page, encoding, cacheControl, security, 200, reqId) });
}

/**
 * A public page for `key` (its canonical URL) under snapshot `snap`. `build` renders it for
 * an anonymous visitor; it runs only on a cache miss.
 */
export function publicPage(
  deps: AppDeps, request: Request, viewer: Viewer | null, snap: PublicSnapshot, englishKey: string, build: () => PageResult,
): Response {
  const path = readPath(deps);
  const cache = path.pages;
  const prefix = prefixOf(speakUrlLocale());
  const key = prefix + englishKey;
  path.keys.remember(snap.id, prefix + rawTarget(request.url), key);
  let anon = cache.get(snap.id, key) as Entry | undefined;
  if (!viewer || !anon?.template) {
    if (!anon) {
      anon = render(deps, build());
      cache.set(snap.id, key, anon);
      if (!viewer || !anon.template) metrics.pageCache.miss();
    } else if (!viewer || !anon.template) metrics.pageCache.hit();
    // A page without an account area (an embed) is the same for every viewer.
    if (!viewer || !anon.template) return send(request.headers, cache, key, anon, PUBLIC_CACHE_CONTROL);
  }
  const account = accountPart(viewer, urlLocale()) ?? renderAccountPart(viewer, urlLocale());
  const variant = variantKey(account, key);
  let mine = cache.get(snap.id, variant);
  if (!mine) {
    const t = anon.template;
    if (!t) throw new Error(`public page ${key} has no account area to stitch`);
    mine = cachedPage(stitch(deps, t, account, viewer));
    cache.set(snap.id, variant, mine);
    metrics.pageCache.miss();
  } else metrics.pageCache.hit();
  return send(request.headers, cache, variant, mine, PRIVATE_CACHE_CONTROL);
}

/**
 * A public file that is not a page (a calendar feed, a run's .ics) for `key` under snapshot
 * `snap`: the same bytes for every visitor, cached, ETagged and answered early like the pages.
 * `build` runs only on a cache miss; `disposition` is its Content-Disposition, if any.
 */
export function publicFile(deps: AppDeps, request: Request, snap: PublicSnapshot, englishKey: string, type: string, build: () => string, disposition?: string): Response {
  const path = readPath(deps);
  const prefix = prefixOf(speakUrlLocale());
  const key = prefix + englishKey;
  path.keys.remember(snap.id, prefix + rawTarget(request.url), key);
  let file = path.pages.get(snap.id, key);
  if (file) metrics.pageCache.hit();
  else {
    file = cachedPage(build(), type, disposition);
    path.pages.set(snap.id, key, file);
    metrics.pageCache.miss();
  }
  return send(request.headers, path.pages, key, file, PUBLIC_CACHE_CONTROL);
}

/** Path and query of a request URL, as sent (the fast path's lookup key). */
const rawTarget = (url: string) => url.slice(url.indexOf("/", url.indexOf("//") + 2));

/** The session cookie's value from a Cookie header (its name matched exactly), or null. */
export function sessionToken(cookie: string): string | null {
  for (const pair of cookie.split(";")) {
    const eq = pair.indexOf("=");
    if (eq >= 0 && pair.slice(0, eq).trim() === SESSION_COOKIE) return pair.slice(eq + 1).trim() || null;
  }
  return null;
}

/**
 * An early answer's request id, chosen once the page is found: by then the request's headers
 * have been read anyway (docs/decisions/14-operations.md, "The id after the page").
 */
const idOf = (headers: Headers, reqId: string | true | undefined) => (reqId === true ? requestId(headers.get("x-request-id")) : reqId);

/** The locale a cache key's prefix names, and the key without it. */
const split = (key: string) => splitLocalePath(key, true) ?? { locale: DEFAULT_LOCALE, rest: key };

/** What a canonical key says (see `Place`), kept with its anonymous entry when there is one. */
function placeOf(key: string, entry: Entry | undefined): Place {
  if (entry?.place) return entry.place;
  const { locale, rest } = split(key);
  const place = { route: routeOf(rest), locale, embed: isEmbedPath(rest) };
  if (entry) entry.place = place;
  return place;
}

/** The route pattern a canonical key (without its locale prefix) was served under. */
function routeOf(key: string): string {
  const query = key.indexOf("?");
  const end = query < 0 ? key.length : query;
  if (end === 1) return "/";
  if (key.startsWith("/game/")) return "/game/:slug";
  if (key.startsWith("/runs/")) return key.slice(0, end).endsWith(".ics") ? "/runs/:displayId.ics" : "/runs/:displayId";
  if (key.startsWith("/calendars/")) return "/calendars/:file";
  if (key.startsWith("/embed/")) return "/embed/calendars/:slug";
  const slash = key.indexOf("/", "/category/".length); // one more segment: a child category
  return slash >= 0 && slash < end ? "/category/:slug/:childSlug" : "/category/:slug";
}

/**
 * Answers a repeat GET of a cached public page before routing (Elysia's onRequest): the
 * model is current, the target was seen under this snapshot, the visitor is anonymous or
 * has a cached session, and the page (or their variant) is in the cache. Anything else
 * returns undefined and takes the normal route, which fills the caches. `reqId`: the answer's
 * X-Request-Id, or `true` to choose one by the request-id rule; none when undefined.
 */
export function cachedResponse(deps: AppDeps, request: Request, sets: SecuritySets, reqId?: string | true): EarlyAnswer | undefined {
  if (request.method !== "GET") return undefined;
  const path = readPath(deps);
  const snap = path.model.current();
  if (!snap) return undefined;
  // Inside the app a /de/... request arrives as its English path in a German scope: the prefix
  // goes back on, or a cached English page would answer it (the server's fast path sees the raw URL).
  const key = path.keys.get(snap.id, prefixOf(urlLocale()) + rawTarget(request.url));
  if (key === undefined) return undefined;
  const headers = request.headers;
  const cookie = headers.get("cookie");
  const token = cookie ? sessionToken(cookie) : null;
  const anonymous = path.pages.get(snap.id, key) as Entry | undefined;
  const place = placeOf(key, anonymous);
  // An embed is framed by other sites: its own frame-ancestors, not 'none' (docs/decisions/35-embeds.md).
  const security = place.embed ? sets.embed : sets.page;
  // The anonymous page, or a file (a feed) or an embed, which are the same with or without a session.
  if (!token || anonymous?.type || (anonymous && !anonymous.template)) {
    if (!anonymous) return undefined;
    metrics.pageCache.hit();
    const id = idOf(headers, reqId);
    return { response: send(headers, path.pages, key, anonymous, PUBLIC_CACHE_CONTROL, security, id), route: place.route, reqId: id };
  }
  const viewer = path.sessions.peek(token, deps.clock().getTime());
  const account = viewer && accountPart(viewer, place.locale);
  if (!account) return undefined;
  const variant = variantKey(account, key);
  const page = path.pages.get(snap.id, variant);
  if (!page) return undefined;
  metrics.pageCache.hit();
  const id = idOf(headers, reqId);
  return { response: send(headers, path.pages, variant, page, PRIVATE_CACHE_CONTROL, security, id), route: place.route, userId: viewer.id, reqId: id };
}
