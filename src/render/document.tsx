import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { RenderContext, newRenderState } from "./island";
import { assetsFor, type Manifest } from "./manifest";
import { T } from "../shared/text";

export type DocumentOptions = {
  title: string;
  description?: string;
  manifest: Manifest;
  body: ReactNode;
  /** Navigate to `url` after `seconds` even without JavaScript (meta refresh). */
  refresh?: { seconds: number; url: string };
};

export const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** Renders a whole page: static HTML, plus script tags only for the islands it used. */
export function renderDocument({ title, description, manifest, body, refresh }: DocumentOptions): string {
  const state = newRenderState();
  const main = renderToString(<RenderContext.Provider value={state}>{body}</RenderContext.Provider>);
  const { scripts, preloads } = assetsFor(manifest, state.islands);
  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(title)}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : "",
    `<meta name="theme-color" content="#14161f">`,
    refresh ? `<meta http-equiv="refresh" content="${refresh.seconds};url=${escapeHtml(refresh.url)}">` : "",
    `<link rel="icon" href="/static/images/logo.svg" type="image/svg+xml">`,
    `<link rel="stylesheet" href="${manifest.css}">`,
    ...preloads.map((p) => `<link rel="modulepreload" href="${p}">`),
    ...scripts.map((s) => `<script type="module" src="${s}"></script>`),
  ].filter(Boolean).join("");
  return `<!doctype html><html lang="en"><head>${head}</head><body><a class="skip-link" href="#main">${T.app.skipToContent}</a>${main}</body></html>`;
}
