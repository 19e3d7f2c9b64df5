import { expect, test } from "bun:test";
import { resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
const run = (env: Record<string, string>) => {
  const p = Bun.spawnSync(["bun", "src/server.ts"], { cwd: root, env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? "/tmp", ...env }, stderr: "pipe", stdout: "pipe", timeout: 20_000 });
  return { code: p.exitCode, err: p.stderr.toString().trim() };
};

test("an unreachable database stops start-up with one clear line and a non-zero exit", () => {
  const { code, err } = run({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere" });
  expect(code).not.toBe(0);
  expect(err.split("\n")).toHaveLength(1);
  expect(err).toStartWith("Cannot reach the database at postgres://postgres@127.0.0.1:1/nowhere");
});

test("production refuses to start without JWT_SECRET and DATA_ENCRYPTION_KEY", () => {
  const { code, err } = run({ NODE_ENV: "production" });
  expect(code).not.toBe(0);
  expect(err).toContain("JWT_SECRET is required when NODE_ENV=production");
  expect(err).toContain("DATA_ENCRYPTION_KEY is required when NODE_ENV=production");
});

test("production refuses to start with the development JWT_SECRET, a patterned key or without PUBLIC_ORIGIN", () => {
  const { code, err } = run({ NODE_ENV: "production", JWT_SECRET: "runboard-development-secret-not-for-production", DATA_ENCRYPTION_KEY: "0123456789abcdef".repeat(4) });
  expect(code).not.toBe(0);
  expect(err).toContain("JWT_SECRET is a development default written in the source code: make one with `openssl rand -base64 48`");
  expect(err).toContain("DATA_ENCRYPTION_KEY must be at least 32 random bytes written as base64 or hex");
  expect(err).toContain("PUBLIC_ORIGIN is required when NODE_ENV=production");
});
