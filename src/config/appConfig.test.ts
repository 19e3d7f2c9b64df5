// Production refuses weak or published secrets and a missing PUBLIC_ORIGIN;
// port sharing is off unless REUSE_PORT turns it on.
import { describe, expect, test } from "bun:test";
import { parseConfig } from "./appConfig";
import { DEV_DATA_ENCRYPTION_KEY, DEV_JWT_SECRET } from "./secretRules";

// `openssl rand -base64 48` and `openssl rand -hex 32` output.
const RANDOM_B64 = "cgfdFnL3dFUCtIf21Lb7fktgtT9fM/NP8TZVpKOXzvfqcyiqjAzIT5Ekihm2oFFP";
const RANDOM_HEX = "e7ecab85fcfb9c00f75164a1de0ba5dc4aea3f9f7094836963b370f2e5a8f3dc";
const KEYS = { JWT_SECRET: RANDOM_B64, DATA_ENCRYPTION_KEY: RANDOM_HEX };
const prod = (env: Record<string, string>) => () => parseConfig({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://runs.example.com", ...KEYS, ...env });

describe("secrets in production", () => {
  const HOW = "openssl rand -base64 48";
  test("patterned, short, text-like and non-base64 values are refused, saying how to make one", () => {
    for (const name of ["JWT_SECRET", "DATA_ENCRYPTION_KEY"]) {
      for (const value of [
        "0123456789abcdef0123456789abcdef", // hex, but only 16 bytes
        "0123456789abcdef".repeat(4), // 32 bytes of a repeated pattern
        Buffer.from(Array.from({ length: 48 }, (_, i) => i * 3)).toString("base64"), // a counting sequence
        "Runboard-production-secret-2026!", // not base64 or hex
        Buffer.from("Runboard-production-secret-2026!Runboard").toString("base64"), // text in base64 clothing
        "0".repeat(64), "A".repeat(64), "Short-but-random-7Qx",
      ]) {
        expect(prod({ [name]: value })).toThrow(`${name} must be at least 32 random bytes written as base64 or hex: make one with \`${HOW}\``);
      }
    }
  });

  test("the development defaults written in the source are refused by name", () => {
    expect(prod({ JWT_SECRET: DEV_JWT_SECRET })).toThrow(`JWT_SECRET is a development default written in the source code: make one with \`${HOW}\``);
    expect(prod({ DATA_ENCRYPTION_KEY: DEV_DATA_ENCRYPTION_KEY })).toThrow("DATA_ENCRYPTION_KEY is a development default written in the source code");
    expect(prod({ JWT_SECRET: "runboard-development-secret-not-for-production" })).toThrow("JWT_SECRET is a development default");
  });

  test("both are required", () => {
    expect(() => parseConfig({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://runs.example.com" }))
      .toThrow(/JWT_SECRET is required when NODE_ENV=production[\s\S]*DATA_ENCRYPTION_KEY is required when NODE_ENV=production/);
  });

  test("random base64 (standard or URL-safe) and hex values are accepted", () => {
    const config = prod({})();
    expect(config.jwtSecret).toBe(RANDOM_B64);
    expect(config.dataKey).toBe(RANDOM_HEX);
    const urlSafe = "aVi1nH-cKJwi3ZWlKoBFg6IyJtt4F24HCVjG7o73DBpD_BiKED0vqhqgNqLbvncP";
    expect(prod({ JWT_SECRET: urlSafe })().jwtSecret).toBe(urlSafe);
  });

  test("development and tests need no secrets", () => {
    expect(parseConfig({}).jwtSecret).toBe(DEV_JWT_SECRET);
    expect(parseConfig({ NODE_ENV: "test" }).dataKey).toBe(DEV_DATA_ENCRYPTION_KEY);
  });
});

describe("PUBLIC_ORIGIN", () => {
  test("is required in production", () => {
    expect(() => parseConfig({ NODE_ENV: "production", ...KEYS })).toThrow("PUBLIC_ORIGIN is required");
  });

  test("is reduced to its origin; development falls back to localhost on the configured port", () => {
    expect(prod({ PUBLIC_ORIGIN: "https://runs.example.com/some/path" })().publicOrigin).toBe("https://runs.example.com");
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
