import { Elysia } from "elysia";

// Pages ship only our own scripts (islands bundles); props travel as JSON, never inline JS.
// Inline style attributes are allowed because React and dnd-kit set element styles.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join("; ");

export function securityHeaders(production: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
  if (production) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/**
 * Every /api answer may carry per-user or staff data (even the games and run listings
 * differ by viewer), so no cache keeps one. Public pages are the cacheable surface.
 */
export const API_CACHE_CONTROL = "private, no-store";

/**
 * Adds the security headers to every response, errors included, and the API's
 * Cache-Control (a route may still set its own).
 */
export const security = (production: boolean) => {
  const headers = securityHeaders(production);
  return new Elysia({ name: "security", seed: production })
    .onRequest(({ request, set }) => {
      Object.assign(set.headers, headers);
      const path = new URL(request.url).pathname;
      if (path === "/api" || path.startsWith("/api/")) set.headers["cache-control"] = API_CACHE_CONTROL;
    });
};
