import { Elysia } from "elysia";

/** Pages that other sites may frame: the calendar embeds (docs/decisions/35-embeds.md). */
export const isEmbedPath = (path: string) => path.startsWith("/embed/");

// Pages ship only our own scripts (islands bundles); props travel as JSON, never inline JS.
// Inline style attributes are allowed because React and dnd-kit set element styles.
// `frameAncestors`: 'none' for every page but the embeds, which get EMBED_ORIGINS.
export const contentSecurityPolicy = (frameAncestors = "'none'") => [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  `frame-ancestors ${frameAncestors}`,
].join("; ");
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * The security headers of an answer. `embedOrigins`: given for an /embed/* page, whose
 * frame-ancestors lists them and which drops X-Frame-Options (it knows no list; DENY would
 * refuse every frame in a browser that reads it before CSP).
 */
export function securityHeaders(production: boolean, embedOrigins?: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": embedOrigins ? contentSecurityPolicy(embedOrigins.join(" ")) : CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(embedOrigins ? {} : { "X-Frame-Options": "DENY" }),
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
  if (production) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** The headers of ordinary pages and of the embeds, built once per app. */
export type SecuritySets = { page: Record<string, string>; embed: Record<string, string> };
export const securitySets = (config: { production: boolean; embedOrigins: readonly string[] }): SecuritySets => ({
  page: securityHeaders(config.production), embed: securityHeaders(config.production, config.embedOrigins),
});

/**
 * Every /api answer may carry per-user or staff data (even the games and run listings
 * differ by viewer), so no cache keeps one. Public pages are the cacheable surface.
 */
export const API_CACHE_CONTROL = "private, no-store";

/**
 * Adds the security headers to every response, errors included, and the API's
 * Cache-Control (a route may still set its own).
 */
export const security = (config: { production: boolean; embedOrigins: readonly string[] }) => {
  const sets = securitySets(config);
  return new Elysia({ name: "security", seed: `${config.production} ${config.embedOrigins.join(" ")}` })
    .onRequest(({ request, set }) => {
      const path = new URL(request.url).pathname;
      Object.assign(set.headers, isEmbedPath(path) ? sets.embed : sets.page);
      if (path === "/api" || path.startsWith("/api/")) set.headers["cache-control"] = API_CACHE_CONTROL;
    });
};
