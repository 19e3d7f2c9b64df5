import { randomBytes } from "node:crypto";

// What production accepts as JWT_SECRET and DATA_ENCRYPTION_KEY: at least 32 bytes written as
// base64 or hex that look random, and never a value this repository contains.

/** Development and test sign sessions with this, so sessions survive `bun --watch` restarts. */
export const DEV_JWT_SECRET = "runboard-development-secret-not-for-production";
/** Development and test seal stored secrets with this, so `bun run dev` needs no setup. */
export const DEV_DATA_ENCRYPTION_KEY = "runboard-development-data-key-not-for-production";

/** Values written in the source: anyone with the code knows them. */
const KNOWN_VALUES = new Set([DEV_JWT_SECRET, DEV_DATA_ENCRYPTION_KEY]);

export const MIN_SECRET_BYTES = 32;
export const MAKE_ONE = "make one with `openssl rand -base64 48`";

/** A secret's bytes: hex when it is only hex digits, else standard or URL-safe base64; null when neither. */
export function decodeSecret(value: string): Uint8Array | null {
  if (/^(?:[0-9a-fA-F]{2})+$/.test(value)) return Buffer.from(value, "hex");
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value) || value.replace(/=+$/, "").length % 4 === 1) return null;
  return Buffer.from(value, value.includes("-") || value.includes("_") ? "base64url" : "base64");
}

/** Distinct values expected among n uniform random bytes. */
const expectedDistinct = (n: number) => 256 * (1 - (255 / 256) ** n);

/**
 * Bytes a random generator could plausibly have made: not all printable text (a password in
 * base64 clothing), and as many distinct values and distinct steps between neighbours as
 * random bytes show, give or take a wide margin (a repeated or counting pattern has few).
 * 32 random bytes fail this with a probability below 10⁻¹³.
 */
export function looksRandom(bytes: Uint8Array): boolean {
  if (bytes.every((b) => b >= 0x20 && b < 0x7f)) return false;
  const steps = bytes.subarray(1).map((b, i) => (b - bytes[i]! + 256) & 255);
  return new Set(bytes).size >= 0.75 * expectedDistinct(bytes.length)
    && new Set(steps).size >= 0.75 * expectedDistinct(steps.length);
}

/** Why `value` is not good enough for production, or null when it is. */
export function secretProblem(name: string, value: string | undefined): string | null {
  if (!value) return `${name} is required when NODE_ENV=production: ${MAKE_ONE}`;
  if (KNOWN_VALUES.has(value)) return `${name} is a development default written in the source code: ${MAKE_ONE}`;
  const bytes = decodeSecret(value);
  if (!bytes || bytes.length < MIN_SECRET_BYTES || !looksRandom(bytes)) {
    return `${name} must be at least ${MIN_SECRET_BYTES} random bytes written as base64 or hex: ${MAKE_ONE}`;
  }
  return null;
}

/** Fresh production-grade secrets, for tests and benches that start production servers. */
export function freshSecrets(): { JWT_SECRET: string; DATA_ENCRYPTION_KEY: string } {
  return { JWT_SECRET: randomBytes(48).toString("base64"), DATA_ENCRYPTION_KEY: randomBytes(48).toString("base64") };
}
