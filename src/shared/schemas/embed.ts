// The embed page's own query parameters (the calendar's filters are parsed by its kind, as on
// the calendar page). Both are optional hints: a bad value is dropped, never an error, so a
// storefront with a stale snippet still shows the calendar.
import { z } from "./zod";
import { EMBED_THEMES, httpOrigin } from "../embed";

export const embedQuerySchema = z.object({
  theme: z.enum(EMBED_THEMES).nullable().catch(null),
  /** The embedding page's origin, passed by the loader for booking attribution; only an http(s) origin is kept. */
  origin: z.string().max(300).transform((v) => httpOrigin(v)).nullable().catch(null),
});
export type EmbedQuery = z.infer<typeof embedQuerySchema>;

/** The embed's parameters from a query string (absent or invalid: null). */
export function parseEmbedQuery(query: URLSearchParams): EmbedQuery {
  return embedQuerySchema.parse({ theme: query.get("theme"), origin: query.get("origin") });
}

/**
 * EMBED_ORIGINS: who may frame /embed/*, space-separated CSP sources: `*`, `'self'`, or http(s)
 * origins (a leading `*.` for any subdomain). Anything else (a path, a quote, a `;`) could
 * change the policy around it, so it is refused at start-up.
 */
export const embedOriginsSchema = z.string().transform((value, ctx) => {
  const entries = value.split(/\s+/).filter(Boolean);
  if (!entries.length) return ["*"];
  return entries.map((e) => {
    if (e === "*" || e === "'self'") return e;
    const wildcard = /^(https?:\/\/)\*\.(.+)$/i.exec(e);
    const origin = httpOrigin(wildcard ? `${wildcard[1]}${wildcard[2]}` : e);
    if (!origin) ctx.addIssue({ code: "custom", message: `"${e}" is not an origin (like https://shop.example.com, https://*.example.com, 'self' or *)` });
    return origin && wildcard ? origin.replace("://", "://*.") : origin ?? e;
  });
});
