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

/** Adds the security headers to every response, errors included. */
export const security = (production: boolean) => {
  const headers = securityHeaders(production);
  return new Elysia({ name: "security", seed: production })
    .onRequest(({ set }) => {
      Object.assign(set.headers, headers);
    });
};
