// The storefront's webhook signature, Stripe's scheme: the header
// `Runboard-Signature: t=<unix seconds>,v1=<hex>` where the hex is HMAC-SHA256, keyed with
// STOREFRONT_WEBHOOK_SECRET as written, of "<t>.<raw body>". Several v1 values may be sent
// (a store rotating its secret signs with both); one that matches is enough.
import { createHmac, timingSafeEqual } from "node:crypto";
import { SIGNATURE_TOLERANCE_S } from "../shared/storefront";

/** The hex signature of `body` at `t` (unix seconds): what the store computes, and what tests send. */
export function storefrontSignature(secret: string, t: number, body: string | Uint8Array): string {
  return createHmac("sha256", secret).update(`${t}.`).update(body).digest("hex");
}

/** The header value a store sends for `body` signed now (`t` in unix seconds). */
export const signatureHeader = (secret: string, t: number, body: string | Uint8Array): string =>
  `t=${t},v1=${storefrontSignature(secret, t, body)}`;

/** The header's timestamp and v1 signatures (other schemes ignored), or null when it has no usable pair. */
export function parseSignatureHeader(header: string | null): { t: number; v1: Buffer[] } | null {
  if (!header || header.length > 2_000) return null;
  let t: number | null = null;
  const v1: Buffer[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) t = Number(value);
    // A SHA-256 is 64 hex digits; anything else can never match, so it is not compared.
    else if (key === "v1" && /^[0-9a-fA-F]{64}$/.test(value)) v1.push(Buffer.from(value, "hex"));
  }
  return t === null || !v1.length ? null : { t, v1 };
}

export type SignatureCheck = "ok" | "bad" | "stale";

/**
 * Checks `header` against the raw `body` bytes before anything parses them: "bad" when it
 * is missing, malformed or no v1 matches (compared in constant time), "stale" when it
 * matches but its timestamp is more than SIGNATURE_TOLERANCE_S from `nowMs`.
 */
export function checkSignature(secret: string, header: string | null, body: Uint8Array, nowMs: number): SignatureCheck {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return "bad";
  const expected = Buffer.from(storefrontSignature(secret, parsed.t, body), "hex");
  // Every candidate is compared (no early exit), so the time taken says nothing about which matched.
  let match = false;
  for (const candidate of parsed.v1) match = timingSafeEqual(candidate, expected) || match;
  if (!match) return "bad";
  return Math.abs(nowMs / 1000 - parsed.t) > SIGNATURE_TOLERANCE_S ? "stale" : "ok";
}
