// Production refuses weak JWT secrets and a missing PUBLIC_ORIGIN;
// port sharing is off unless REUSE_PORT turns it on.
import { describe, expect, test } from "bun:test";
import { estimatedEntropyBits, parseConfig } from "./appConfig";

// A 32-character secret drawn at random (base64url alphabet), and `openssl rand -base64 32`'s shape.
const RANDOM_32 = "3Cluqr7YaVS2BI8DyJag74mLjr9NaA0l";
const RANDOM_44 = "q9bS0m+7cTz1Yw3LkQe8vXn2Hj5uRf4dPa6GoIs1Zt8=";
const prod = (env: Record<string, string>) => () => parseConfig({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://runs.example.com", ...env });

describe("JWT_SECRET in production", () => {
  test("32 zeros, 32 spaces, a repeated letter and a short secret are refused", () => {
    for (const secret of ["0".repeat(32), " ".repeat(32), "p".repeat(40), "Short-but-random-7Qx"]) {
      expect(prod({ JWT_SECRET: secret })).toThrow("JWT_SECRET");
    }
  });

  test("random secrets of 32 characters and more are accepted", () => {
    expect(prod({ JWT_SECRET: RANDOM_32 })().jwtSecret).toBe(RANDOM_32);
    expect(prod({ JWT_SECRET: RANDOM_44 })().jwtSecret).toBe(RANDOM_44);
    expect(estimatedEntropyBits("0".repeat(32))).toBe(0);
    expect(estimatedEntropyBits(RANDOM_32)).toBeGreaterThanOrEqual(128);
  });
});

describe("PUBLIC_ORIGIN", () => {
  test("is required in production", () => {
    expect(() => parseConfig({ NODE_ENV: "production", JWT_SECRET: RANDOM_44 })).toThrow("PUBLIC_ORIGIN is required");
  });

  test("is reduced to its origin; development falls back to localhost on the configured port", () => {
    expect(prod({ JWT_SECRET: RANDOM_44, PUBLIC_ORIGIN: "https://runs.example.com/some/path" })().publicOrigin).toBe("https://runs.example.com");
    expect(parseConfig({ PORT: "4123" }).publicOrigin).toBe("http://localhost:4123");
  });
});

describe("REUSE_PORT", () => {
  test("is off by default and on only when asked", () => {
    expect(parseConfig({}).reusePort).toBe(false);
    expect(parseConfig({ REUSE_PORT: "true" }).reusePort).toBe(true);
    expect(parseConfig({ REUSE_PORT: "false" }).reusePort).toBe(false);
    expect(() => parseConfig({ REUSE_PORT: "sometimes" })).toThrow("REUSE_PORT");
    // Several workers are a deliberate multi-process setting of their own.
    expect(parseConfig({ WORKERS: "2", DATABASE_URL: "postgres://postgres@127.0.0.1:5432/x" }).reusePort).toBe(true);
  });
});

const withIssuer = (issuer: string) => () => parseConfig({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: "runboard" });

test("a plain-http identity provider is accepted only on a loopback host", () => {
  for (const ok of ["https://id.example.com", "http://localhost:8080", "http://127.0.0.1:9000", "http://[::1]:9000"]) {
    expect(withIssuer(ok)().oidc?.issuer).toBe(ok);
  }
  for (const bad of ["http://id.example.com", "http://10.0.0.5", "http://localhost.example.com"]) {
    expect(withIssuer(bad)).toThrow("OIDC_ISSUER must use https (plain http only on localhost, 127.0.0.1 or [::1])");
  }
});
