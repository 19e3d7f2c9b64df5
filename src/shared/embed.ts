// The calendar embed's shared facts (docs/decisions/35-embeds.md): the iframe's path, the
// height message between the embed page and the loader, and the snippet staff paste into a
// storefront. Zod-free and tiny: the loader (islands/plain/embedLoader.ts) imports it too.
import { DEFAULT_LOCALE, isLocale, prefixOf, type Locale } from "./i18n/locales";

/** `theme=` of an embed: absent, the embed follows the visitor's `prefers-color-scheme`. */
export const EMBED_THEMES = ["light", "dark"] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** The message an embed page posts to its parent with its height in CSS pixels. */
export const EMBED_HEIGHT_MESSAGE = "runboard:height";
export type EmbedHeightMessage = { type: typeof EMBED_HEIGHT_MESSAGE; height: number };

/** The embed page of a calendar (the game's slug). */
export const embedPath = (slug: string) => `/embed/calendars/${encodeURIComponent(slug)}`;

/** The embed page in a snippet's `data-locale` (/de/embed/...); English, or anything else, has no prefix. */
export const localeEmbedPath = (slug: string, locale: string | undefined) => (isLocale(locale) ? prefixOf(locale) : "") + embedPath(slug);

/** What the calendar islands get on an embed page: the embedding page's origin (booking links name it; the height message goes to it). */
export type EmbedOptions = {
  /** The embedding page's origin, or null when unknown. */
  parentOrigin: string | null;
};

/**
 * An http(s) origin as `URL.origin` writes it (scheme, host, port; no path, user or query),
 * or null for anything else: the `origin=` the loader passes, and each EMBED_ORIGINS entry.
 */
export function httpOrigin(value: string): string | null {
  // Host names, IPv4 and [IPv6] only: nothing that could end a CSP source or start a path.
  if (!/^https?:\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?\/?$/i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The copy-paste snippet: the div the loader turns into the iframe (with a plain link to the
 * calendar inside it, left in place when the script cannot run) and the loader's script tag.
 * `filters`: the calendar's query without `?` (its canonical filter entries); `theme`: null follows the visitor.
 * `calendarHref`: the calendar page's path in the snippet's language.
 */
export function embedSnippet({ origin, slug, calendarHref, filters, theme, linkText, locale = DEFAULT_LOCALE }: {
  origin: string; slug: string; calendarHref: string; filters: string; theme: EmbedTheme | null; linkText: string;
  /** The calendar page's language: the embed is loaded in it (none for English). */
  locale?: Locale;
}): string {
  const attrs = [`data-runboard-calendar="${escapeAttr(slug)}"`];
  if (filters) attrs.push(`data-filters="${escapeAttr(filters)}"`);
  if (theme) attrs.push(`data-theme="${theme}"`);
  if (locale !== DEFAULT_LOCALE) attrs.push(`data-locale="${locale}"`);
  const link = origin + calendarHref + (filters ? `?${filters}` : "");
  return `<div ${attrs.join(" ")}><a href="${escapeAttr(link)}">${escapeAttr(linkText)}</a></div>\n`
    + `<script src="${escapeAttr(origin)}/embed.js" async></script>`;
}
