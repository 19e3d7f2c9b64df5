// The head tags that make a public page findable and previewable: canonical URL, Open Graph
// and Twitter cards, schema.org JSON-LD. A page without them (account, staff, error pages)
// asks search engines not to index it.
import { T, locale } from "../shared/text";
import { LOCALES, OG_LOCALES, prefixOf } from "../shared/i18n/locales";

export type PublicMeta = {
  /** The page's canonical URL, absolute (PUBLIC_ORIGIN + canonical path and query). */
  url: string;
  /**
   * The link previews' image: an absolute URL (a game's image), or a picture made for
   * previews with its size and text (a run's share image).
   */
  image?: string | PreviewImage | null;
  /** Open Graph type: pages are `website`; a run page is an `article` about one event. */
  type?: "website" | "article";
  /** schema.org data, written as a JSON-LD data block. */
  jsonLd?: object;
};

/** An image made for link previews: absolute URL, media type, pixel size and its text alternative. */
export type PreviewImage = { url: string; type: string; width: number; height: number; alt: string };

export const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const attr = escapeHtml;

/** An absolute URL on this site (PUBLIC_ORIGIN) for a path; images are stored as site paths. */
export const absolute = (origin: string, path: string) => new URL(path, origin).href;
const property = (name: string, content: string) => `<meta property="${name}" content="${attr(content)}">`;
const named = (name: string, content: string) => `<meta name="${name}" content="${attr(content)}">`;

/**
 * JSON for a `<script type="application/ld+json">` data block: `<`, `>` and `&` (so no
 * `</script>` or comment can close it early) and the JavaScript line separators are escaped
 * as JSON \u escapes, which parse back to the same string. Data blocks are never executed,
 * so the CSP's `script-src 'self'` does not apply to them.
 */
export function jsonLdBlock(data: object): string {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `<script type="application/ld+json">${json}</script>`;
}

/** A page's URL in another locale: pages give their English (unprefixed) URL. */
const inLocale = (englishUrl: string, lang: string) => {
  const u = new URL(englishUrl);
  return u.origin + prefixOf(lang as never) + (u.pathname === "/" && lang !== "en" ? "/" : u.pathname) + u.search;
};

/**
 * The head tags for a page: its public meta, or `noindex` when it has none. The canonical URL is
 * the page's own locale; every locale and x-default (English) are named as alternates.
 */
export function headMeta(title: string, description: string | undefined, meta: PublicMeta | undefined): string {
  if (!meta) return named("robots", "noindex");
  const lang = locale();
  const url = inLocale(meta.url, lang);
  const image = typeof meta.image === "string" ? { url: meta.image } : meta.image;
  const sized = image && "width" in image ? image : null;
  const tags = [
    `<link rel="canonical" href="${attr(url)}">`,
    ...LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${attr(inLocale(meta.url, l))}">`),
    `<link rel="alternate" hreflang="x-default" href="${attr(meta.url)}">`,
    property("og:locale", OG_LOCALES[lang]),
    property("og:type", meta.type ?? "website"),
    property("og:site_name", T.app.name),
    property("og:title", title),
    description ? property("og:description", description) : "",
    property("og:url", url),
    image ? property("og:image", image.url) : "",
    sized ? property("og:image:type", sized.type) + property("og:image:width", String(sized.width)) + property("og:image:height", String(sized.height)) + property("og:image:alt", sized.alt) : "",
    named("twitter:card", image ? "summary_large_image" : "summary"),
    named("twitter:title", title),
    description ? named("twitter:description", description) : "",
    image ? named("twitter:image", image.url) : "",
    sized ? named("twitter:image:alt", sized.alt) : "",
    meta.jsonLd ? jsonLdBlock({ ...meta.jsonLd, inLanguage: lang }) : "",
  ];
  return tags.join("");
}
