// Request bodies are bounded in size (413 with a JSON message, for
// declared lengths and chunked bodies alike) and in JSON nesting (400), before parsing
// and validation, for anyone.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { resetDb, TEST_PASSWORD } from "../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../testing/app";
import { T } from "../shared/text";
import { MAX_BODY_BYTES, SERVER_BODY_LIMIT } from "./body";
import { listenOptions } from "./listen";

let t: TestApp;
beforeAll(async () => { await resetDb(); t = await makeTestApp(); }, 60_000); // the first test app builds the island bundle

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  t.app.handle(new Request(ORIGIN + path, {
    method: "POST", body, headers: { origin: ORIGIN, "content-type": "application/json", ...headers },
  }));

/** A body delivered in pieces without a Content-Length (Transfer-Encoding: chunked). */
function chunked(text: string, pieces = 8): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const size = Math.ceil(bytes.byteLength / pieces);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

const login = (password: string) => JSON.stringify({ email: "owner@example.com", password });
const oversized = login("x".repeat(MAX_BODY_BYTES));

describe("body size", () => {
  test("a declared length over the limit is 413 with a JSON message", async () => {
    const res = await post("/api/auth/login", oversized, { "content-length": String(oversized.length) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: T.validation.bodyTooLarge });
  });

  test("a chunked body over the limit is 413 too; a small chunked body still works", async () => {
    const big = await post("/api/auth/login", chunked(oversized));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: T.validation.bodyTooLarge });
    const ok = await post("/api/auth/login", chunked(login(TEST_PASSWORD)));
    expect(ok.status).toBe(200);
  });

  test("the largest legitimate body, a full game reorder list, fits", async () => {
    const gameOrders = Array.from({ length: 1000 }, (_, i) => ({ id: 2_000_000_000 + i, displayOrder: 2_000_000_000 + i }));
    const body = JSON.stringify({ gameOrders });
    expect(body.length).toBeLessThan(MAX_BODY_BYTES);
    const res = await t.request("PATCH", "/api/games/reorder", { body: { gameOrders }, cookie: await t.cookieFor("owner@example.com") });
    expect(res.status).not.toBe(413);
  });
});

describe("JSON nesting", () => {
  const deep = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;

  test("deeply nested JSON from an anonymous caller is a 400, not a 500 (100,000 deep is over the size limit)", async () => {
    const res = await post("/api/auth/login", chunked("[".repeat(30_000) + "]".repeat(30_000)));
    expect(res.status).toBe(400);
    // Beyond the size limit a 100,000-deep document is refused for its size first.
    const huge = await post("/api/auth/login", "[".repeat(100_000) + "]".repeat(100_000));
    expect(huge.status).toBe(413);
    const objects = await post("/api/accept-invite/some-token", deep(10_000));
    expect(objects.status).toBe(400);
    expect(await objects.json()).toEqual({ message: T.validation.invalidRequest });
  });

  test("deep JSON from signed-in staff is a 400 as well", async () => {
    const res = await post("/api/invites", "[".repeat(30_000) + "]".repeat(30_000), { cookie: await t.cookieFor("owner@example.com") });
    expect(res.status).toBe(400);
  });
});

describe("the real server", () => {
  let server: ReturnType<typeof Bun.serve>;
  beforeAll(() => {
    server = Bun.serve({ ...listenOptions({ port: 0, reusePort: false }, "127.0.0.1"), fetch: (r) => t.app.handle(r) });
  });
  afterAll(() => server.stop(true));

  test("answers an oversized body with the JSON 413; Bun itself cuts off far larger ones", async () => {
    const url = `http://127.0.0.1:${server.port}/api/auth/login`;
    const headers = { origin: ORIGIN, "content-type": "application/json" };
    const res = await fetch(url, { method: "POST", headers, body: oversized });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: T.validation.bodyTooLarge });
    const huge = await fetch(url, { method: "POST", headers, body: "x".repeat(SERVER_BODY_LIMIT * 4) });
    expect(huge.status).toBe(413);
  });
});
