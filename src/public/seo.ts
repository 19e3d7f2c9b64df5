// /robots.txt and /sitemap.xml. The sitemap is made from the read model once per snapshot
// (landing, category, calendar and run pages with lastmod, each in every locale with its
// hreflang alternates) and answers 304 to a matching ETag; both may be cached like the public pages.
import { Elysia } from "elysia";
import type { AppDeps } from "../http/context";
import { textResponse } from "../http/compress";
import { escapeHtml } from "../render/meta";
import { calendarKind, calendarPath, findCalendarGame } from "../kinds/calendarLookup";
import type { PublicSnapshot } from "../readModel/model";
import { readPath } from "../readModel/readPath";
import { notModified, PUBLIC_CACHE_CONTROL } from "./publicResponse";
import { publicRuns } from "../readModel/runPages";
import { LOCALES, prefixOf } from "../shared/i18n/locales";

/** Account, staff and API paths crawlers should leave alone, plus the booking redirect. */
export const DISALLOWED = [
  "/admin", "/dashboard", "/api", "/auth", "/invite", "/register", "/login", "/reset", "/account", "/complete-profile", "/welcome", "/go/",
];

export function robotsTxt(origin: string): string {
  return ["User-agent: *", ...DISALLOWED.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

type Entry = { path: string; lastmod: number };

/** Every public page of a snapshot; a page's lastmod is the latest change of the runs it shows. */
export function sitemapEntries(snap: PublicSnapshot): Entry[] {
  const runs = [...publicRuns(snap).values()];
  const latest = (list: { updatedAt: number }[]) => list.reduce((m, r) => Math.max(m, r.updatedAt), 0);
  const entries: Entry[] = [{ path: "/", lastmod: latest(runs) }];
  for (const card of snap.cards) {
    if (!card.childGames.length) continue;
    const ids = new Set(card.childGames.map((c) => c.id));
    entries.push({ path: `/category/${card.slug}`, lastmod: latest(runs.filter((r) => ids.has(r.game.id))) });
  }
  for (const game of snap.games) {
    const found = calendarKind(game) && findCalendarGame(snap.games, game.slug);
    if (found) entries.push({ path: calendarPath(found, true), lastmod: latest(runs.filter((r) => r.game.id === game.id)) });
  }
  for (const r of runs) entries.push({ path: `/runs/${r.run.displayId}`, lastmod: r.updatedAt });
  return entries;
}

const XHTML = "http://www.w3.org/1999/xhtml";

/**
 * Every entry once per locale (English at its own path, the others under their prefix), each
 * naming all its language versions and x-default (English) as alternates, as the pages' heads
 * do. The xhtml namespace is declared on each link, so the urlset element is the plain sitemap one.
 */
export function sitemapXml(origin: string, entries: Entry[]): string {
  const urls: string[] = [];
  for (const e of entries) {
    const at = (l: (typeof LOCALES)[number]) => escapeHtml(origin + prefixOf(l) + e.path);
    const link = (lang: string, href: string) => `<xhtml:link xmlns:xhtml="${XHTML}" rel="alternate" hreflang="${lang}" href="${href}"/>`;
    const alternates = LOCALES.map((l) => link(l, at(l))).join("") + link("x-default", at("en"));
    const lastmod = e.lastmod ? `<lastmod>${new Date(e.lastmod).toISOString()}</lastmod>` : "";
    for (const l of LOCALES) urls.push(`<url><loc>${at(l)}</loc>${lastmod}${alternates}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join("")}</urlset>\n`;
}

function cacheable(request: Request, body: string, contentType: string): Response {
  const etag = `"${Bun.hash(body).toString(36)}"`;
  const headers = { "Content-Type": contentType, "Cache-Control": PUBLIC_CACHE_CONTROL, ETag: etag };
  const asked = request.headers.get("if-none-match");
  if (asked && notModified(asked, etag)) return new Response(null, { status: 304, headers: { "Cache-Control": PUBLIC_CACHE_CONTROL, ETag: etag } });
  return textResponse(request, body, { headers });
}

export const seoRoutes = (deps: AppDeps) => {
  const origin = deps.config.publicOrigin;
  const robots = robotsTxt(origin);
  const sitemaps = new WeakMap<PublicSnapshot, string>();
  return new Elysia({ name: "seo" })
    .get("/robots.txt", ({ request }) => cacheable(request, robots, "text/plain; charset=utf-8"))
    .get("/sitemap.xml", async ({ request }) => {
      const snap = await readPath(deps).model.get();
      let xml = sitemaps.get(snap);
      if (xml === undefined) {
        xml = sitemapXml(origin, sitemapEntries(snap));
        sitemaps.set(snap, xml);
      }
      return cacheable(request, xml, "application/xml; charset=utf-8");
    });
};
