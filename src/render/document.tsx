import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { RenderContext, newRenderState } from "./renderState";
import { assetsFor, localeAssets, type Manifest } from "./manifest";
import { escapeHtml, headMeta, type PublicMeta } from "./meta";
import { T, locale } from "../shared/text";
import { staticUrl } from "./staticFiles";

export type { PublicMeta };

export type DocumentOptions = {
  title: string;
  description?: string;
  manifest: Manifest;
  body: ReactNode;
  /** Canonical URL, link-preview and structured data of an indexable public page; without it the page is `noindex`. */
  meta?: PublicMeta;
  /** Plain (non-React) enhancement scripts the page loads, by name (`islands/plain/<name>.ts`). */
  plain?: readonly string[];
  /** Attributes of the <html> element besides `lang` (the embeds' class and colour theme). */
  root?: Readonly<Record<string, string>>;
  /** `<base target>`: an embed opens every link that leaves it in a new tab (no page of ours but /embed/* may be framed). */
  baseTarget?: "_blank";
};

export { escapeHtml };

/** Renders a React tree to HTML and the islands it used (their ids start with `prefix`). */
export function renderPart(body: ReactNode, prefix = "i"): { html: string; islands: string[] } {
  const state = newRenderState(prefix);
  const html = renderToString(<RenderContext.Provider value={state}>{body}</RenderContext.Provider>);
  return { html, islands: state.islands };
}

/** Renders a whole page: static HTML, plus script tags only for the islands it used. */
export function renderDocument({ body, ...opts }: DocumentOptions): string {
  const { html, islands } = renderPart(body);
  return documentHtml(opts, islands, html);
}

/** The document around already rendered body HTML; `islands` decides the scripts. */
export function documentHtml(
  { title, description, manifest, meta, plain = [], root = {}, baseTarget }: Omit<DocumentOptions, "body">, islands: Iterable<string>, main: string,
): string {
  const lang = locale();
  const { scripts, preloads } = assetsFor(manifest, islands, lang);
  const plainFiles = localeAssets(manifest, lang).plain;
  for (const name of plain) if (plainFiles?.[name]) scripts.push(plainFiles[name]);
  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    baseTarget ? `<base target="${baseTarget}">` : "",
    `<title>${escapeHtml(title)}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : "",
    headMeta(title, description, meta),
    `<meta name="theme-color" content="#14161f">`,
    `<link rel="icon" href="${staticUrl("/static/images/logo.svg")}" type="image/svg+xml">`,
    `<link rel="stylesheet" href="${manifest.css}">`,
    ...preloads.map((p) => `<link rel="modulepreload" href="${p}">`),
    ...scripts.map((s) => `<script type="module" src="${s}"></script>`),
  ].filter(Boolean).join("");
  const attrs = Object.entries(root).map(([k, v]) => ` ${k}="${escapeHtml(v)}"`).join("");
  return `<!doctype html><html lang="${lang}"${attrs}><head>${head}</head><body><a class="skip-link" href="#main">${T.app.skipToContent}</a>${main}</body></html>`;
}
