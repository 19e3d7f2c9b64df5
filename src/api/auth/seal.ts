// Authenticated encryption (AES-256-GCM) for values the server keeps but must not hold in
// the clear, such as a provider's ID token: a leaked database does not leak them. The key
// is derived (HKDF-SHA256) from a secret of the configuration and the value's purpose; a value
// sealed under another secret or purpose does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const keyFor = (secret: string, purpose: string) => Buffer.from(hkdfSync("sha256", secret, "runboard", purpose, 32));

export function seal(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The sealed value, or null when it was altered or sealed under another secret or purpose. */
export function unseal(secret: string, purpose: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret, purpose), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
