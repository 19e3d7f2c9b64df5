import { beforeAll, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { resetDb } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";
import { pickEncoding } from "./compress";

let t: TestApp;
beforeAll(async () => { await resetDb(); t = await makeTestApp(); });

test("large JSON answers are compressed for clients that accept it, and decode to the same data", async () => {
  const plain = await t.request("GET", "/api/runs");
  const body = await plain.json();
  expect(plain.headers.get("content-encoding")).toBeNull();
  const zipped = await t.request("GET", "/api/runs", { headers: { "accept-encoding": "gzip" } });
  expect(zipped.status).toBe(200);
  expect(zipped.headers.get("content-encoding")).toBe("gzip");
  expect(zipped.headers.get("content-type")).toContain("application/json");
  expect(zipped.headers.get("x-content-type-options")).toBe("nosniff");
  const raw = new Uint8Array(await zipped.arrayBuffer());
  expect(JSON.parse(gunzipSync(raw).toString())).toEqual(body);
});

test("error statuses survive compression", async () => {
  const res = await t.request("GET", "/api/games/nope/children", { headers: { "accept-encoding": "gzip" } });
  expect(res.status).toBe(404);
});

test("encoding negotiation prefers brotli, honours q=0", () => {
  expect(pickEncoding("gzip, deflate, br")).toBe("br");
  expect(pickEncoding("gzip")).toBe("gzip");
  expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
  expect(pickEncoding("identity")).toBeNull();
  expect(pickEncoding(null)).toBeNull();
});
