// A generated sweep: every route of the app × every string field its schemas (body, query,
// path) declare, or its path names × five odd values (NUL, a lone surrogate, 10 kB, the
// right-to-left override, an emoji), each put after the field's valid text. No answer is a 5xx, and a refused request changes no
// table. The fields are discovered from the routes' own zod schemas, so a new route or field
// is swept without being listed here.
import { beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { boosters, challengeModeRuns, desertPerpetualRuns, games, invites, raidRuns, users } from "../../db/schema";
import { TEST_NOW, TEST_PASSWORD, resetDb } from "../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../testing/app";
import { tableChecksums } from "../testing/checksum";
import { captureConsoleErrors } from "../testing/log";
import { randomToken, sha256 } from "../api/auth/sessions";
import { apiDocument, openApiPath } from "./openapi";

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); }, 60_000);

/** The odd values; a lone surrogate cannot be percent-encoded from a string, so in URLs and forms it travels as its raw bytes. */
const ODD = { nul: "a\u0000b", loneSurrogate: "ab\ud800", long: "x".repeat(10_240), rtl: "ab\u202Ecd", emoji: "ab😀" } as const;
type OddName = keyof typeof ODD;
const LONE_SURROGATE_BYTES = "%ED%A0%80";
/** The odd value after the field's valid text (a path keeps its slash, an email its domain), as a URL or form carries it. */
const inUrl = (prefix: string, odd: OddName) => encodeURIComponent(prefix) + (odd === "loneSurrogate" ? `ab${LONE_SURROGATE_BYTES}` : encodeURIComponent(ODD[odd]));

// Zod's own description of a schema (zod 4 keeps it in `_zod.def`).
type Def = {
  type: string; innerType?: Schema; in?: Schema; out?: Schema; shape?: Record<string, Schema>; element?: Schema;
  options?: Schema[]; entries?: Record<string, string>; values?: unknown[];
};
type Schema = { _zod: { def: Def } };
const defOf = (s: Schema) => s._zod.def;
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"]);

/** Valid-looking values for string fields by name, so the odd value is the only thing wrong. */
let emails = 0;
const BASE_TEXT: Record<string, () => string> = {
  email: () => `sweep${++emails}@example.com`, nickname: () => "Sweeper", boosterUserId: () => "BB-9001",
  message: () => "Hello", scheduledDate: () => "2026-12-05 20:00", scheduledDates: () => "2026-12-05 20:00",
  password: () => TEST_PASSWORD, newPassword: () => TEST_PASSWORD, confirmPassword: () => TEST_PASSWORD, currentPassword: () => TEST_PASSWORD,
  returnTo: () => "/admin", q: () => "frost", url: () => "https://discord.com/api/webhooks/1234/sweep-token",
  from: () => "2026-11-01", to: () => "2026-11-30",
};

/** Where a base must name an existing row: sign-in needs an account, so the odd returnTo reaches the redirect. */
const BASE_OVERRIDES: Record<string, Record<string, unknown>> = { "POST /api/auth/login": { email: "owner@example.com" } };

/** A value the schema accepts (as far as a generic walk can tell): the base the odd values go into. */
function sample(s: Schema, key: string): unknown {
  const d = defOf(s);
  if (WRAPPERS.has(d.type)) return sample(d.innerType!, key);
  switch (d.type) {
    case "pipe": return defOf(d.in!).type === "transform" ? sample(d.out!, key) : sample(d.in!, key);
    case "object": return Object.fromEntries(Object.entries(d.shape!).map(([k, v]) => [k, sample(v, k)]));
    case "array": return [sample(d.element!, key)];
    case "union": return sample(d.options![0]!, key);
    case "enum": return Object.values(d.entries!)[0];
    case "literal": return d.values![0];
    case "number": return 1;
    case "boolean": return false;
    case "string": return BASE_TEXT[key]?.() ?? "Sweep";
    default: return undefined;
  }
}

type Path = (string | number)[];
/** Where the schema takes a string. */
function stringFields(s: Schema, at: Path = []): Path[] {
  const d = defOf(s);
  if (WRAPPERS.has(d.type)) return stringFields(d.innerType!, at);
  switch (d.type) {
    case "string": return [at];
    case "pipe": return stringFields(defOf(d.in!).type === "transform" ? d.out! : d.in!, at);
    case "object": return Object.entries(d.shape!).flatMap(([k, v]) => stringFields(v, [...at, k]));
    case "array": return stringFields(d.element!, [...at, 0]);
    case "union": return stringFields(d.options![0]!, at);
    default: return [];
  }
}

function valueAt(base: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], base);
}

function withValue(base: unknown, path: Path, value: string): unknown {
  if (!path.length) return value;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

type Route = { method: string; path: string; roles: string[] | null; pending: boolean; body?: Schema; query?: Schema; params?: Schema; form: boolean };
type Field = { where: "body" | "query" | "params"; path: Path };
type Probe = { route: Route; field: Field; odd: OddName };

function routes(): Route[] {
  const doc = apiDocument(t.app);
  return t.app.routes.filter((r) => r.method !== "HEAD" && !r.path.includes("*")).map((r) => {
    const h = r.hooks as { body?: Schema; query?: Schema; params?: Schema; detail?: { tags?: string[] } };
    const tag = (h.detail?.tags ?? []).find((x) => x.startsWith("access:"));
    const [roles, flag] = tag ? tag.slice("access:".length).split(";") : [];
    const op = doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()];
    const zodOr = (s: unknown) => (s && typeof s === "object" && "_zod" in s ? (s as Schema) : undefined);
    return {
      method: r.method, path: r.path, roles: roles ? roles.split(",") : null, pending: flag === "pending",
      body: zodOr(h.body), query: zodOr(h.query), params: zodOr(h.params),
      form: !!op?.requestBody?.content["application/x-www-form-urlencoded"],
    };
  });
}

/** The route's string fields: its schemas', and the names in its path that no schema types. */
function fieldsOf(r: Route): Field[] {
  const typed = (where: Field["where"], s?: Schema) => (s ? stringFields(s).map((path) => ({ where, path })) : []);
  const declared = r.params ? Object.keys(defOf(r.params).shape ?? {}) : [];
  const untyped = [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!).filter((n) => !declared.includes(n))
    .map((n) => ({ where: "params" as const, path: [n] }));
  return [...typed("body", r.body), ...typed("query", r.query), ...typed("params", r.params), ...untyped];
}

/** Real rows the base request names, so a valid base reaches the service and the database. */
async function pathValues(r: Route): Promise<Record<string, string>> {
  const [booster] = await t.db.select({ userId: users.id, rowId: boosters.id }).from(users).innerJoin(boosters, eq(boosters.userId, users.id)).where(eq(users.email, "booster@example.com"));
  const [game] = await t.db.select({ slug: games.slug }).from(games).limit(1);
  const runTable = r.path.startsWith("/api/challenge-mode-runs") ? challengeModeRuns : r.path.startsWith("/api/desert-perpetual-runs") ? desertPerpetualRuns : raidRuns;
  const [run] = await t.db.select({ id: runTable.id, displayId: runTable.displayId }).from(runTable).limit(1);
  const token = randomToken();
  if (/invite|register/.test(r.path)) {
    await t.db.insert(invites).values({ email: `sweep-invite${++emails}@example.com`, userType: "booster", boosterUserId: "BB-9002", gameIds: [1], tokenHash: sha256(token), expiresAt: new Date(TEST_NOW.getTime() + 86_400_000) });
  }
  const id = r.path.startsWith("/api/users/") ? booster!.userId : r.path.startsWith("/api/boosters/") ? booster!.rowId : r.path.includes("runs/") ? run!.id : 1;
  return { id: String(id), gameId: "5", slug: game!.slug, childSlug: "x", displayId: run?.displayId ?? "RB-1", file: "raid.ics", token };
}

async function cookieFor(r: Route): Promise<string> {
  if (r.pending) {
    await t.db.update(users).set({ status: "pending" }).where(eq(users.email, "booster2@example.com"));
    return t.cookieFor("booster2@example.com");
  }
  return t.cookieFor(r.roles && !r.roles.includes("owner") ? "booster@example.com" : "owner@example.com");
}

const formValue = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

/** One request with `value` in `field` (null: the base request), as JSON, or as a form post without JavaScript. */
function send(r: Route, cookie: string, base: { body: unknown; query: unknown; params: Record<string, string> }, field: Field | null, odd: OddName | null, asForm = false) {
  const source = field?.where === "params" ? base.params : field?.where === "query" ? base.query : base.body;
  const prefix = field ? String(valueAt(source, field.path) ?? "") : "";
  const value = field && odd ? `${prefix}${ODD[odd]}` : "";
  const body = field?.where === "body" ? withValue(base.body, field.path, value) : base.body;
  const query = (field?.where === "query" ? withValue(base.query, field.path, value) : base.query) as Record<string, unknown> | undefined;
  const encode = (k: string, v: unknown) => `${encodeURIComponent(k)}=${field && odd && field.path[0] === k && v === value ? inUrl(prefix, odd) : encodeURIComponent(formValue(v))}`;
  const path = r.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    (field?.where === "params" && odd && field.path[0] === name ? inUrl(prefix, odd) : encodeURIComponent(base.params[name] ?? "1")));
  const qs = query ? Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => encode(k, v)).join("&") : "";
  const headers: Record<string, string> = { cookie, origin: ORIGIN };
  let payload: string | undefined;
  if (r.body && r.method !== "GET") {
    if (asForm) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.accept = "text/html";
      payload = Object.entries(body as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => encode(k, v)).join("&");
    } else {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    }
  }
  return t.app.handle(new Request(`${ORIGIN}${path}${qs ? `?${qs}` : ""}`, { method: r.method, headers, body: payload }));
}

/** Every table but the attempt counters (counting a refused attempt is their job). */
let checksums: () => Promise<Record<string, string>>;
async function tables(): Promise<Record<string, string>> {
  checksums ??= await tableChecksums(t.db, { schema: "public" });
  const { "public.rate_limits": _limits, ...rest } = await checksums();
  return rest;
}

describe("odd input sweep", () => {
  const log = captureConsoleErrors();

  test("every route × every string field × {NUL, lone surrogate, 10 kB, RTL override, emoji}: no 5xx, no change on refusal", async () => {
    const all = routes();
    const probes: Probe[] = [];
    const failures: string[] = [];
    let requests = 0;
    for (const route of all) {
      const fields = fieldsOf(route);
      if (!fields.length) continue;
      await resetDb({ runs: true });
      const cookie = await cookieFor(route);
      const base = {
        body: route.body ? { ...(sample(route.body, "") as object), ...BASE_OVERRIDES[`${route.method} ${route.path}`] } : undefined,
        query: route.query ? sample(route.query, "") : undefined,
        params: await pathValues(route),
      };
      let before: Record<string, string> | null = null;
      for (const asForm of route.form ? [false, true] : [false]) {
        for (const field of fields) {
          if (asForm && field.where === "body" && field.path.length !== 1) continue;
          for (const odd of Object.keys(ODD) as OddName[]) {
            probes.push({ route, field, odd });
            // The state before this request: known after a refusal that changed nothing, else read again.
            before ??= await tables();
            const res = await send(route, cookie, base, field, odd, asForm);
            requests++;
            const label = `${route.method} ${route.path} ${field.where}.${field.path.join(".")} ${odd}${asForm ? " (form)" : ""}`;
            if (res.status >= 500) failures.push(`${label}: ${res.status}`);
            const refused = res.status >= 400 || (asForm && res.status === 303 && (res.headers.get("location") ?? "").includes("error="));
            if (refused) {
              const after = await tables();
              if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${label}: refused (${res.status}) but changed the database`);
              before = after;
            } else {
              before = null;
            }
            // The API accepts NUL in no field, and a lone surrogate in no JSON field (in a URL or form its bytes decode to U+FFFD).
            const broken = odd === "nul" || (odd === "loneSurrogate" && field.where === "body" && !asForm);
            if (broken && !refused && route.path.startsWith("/api/")) failures.push(`${label}: accepted (${res.status})`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(log.lines).toEqual([]);
    // The sweep reached the routes it should: body, query and path fields, API and pages.
    const swept = new Set(probes.map((p) => `${p.route.method} ${p.route.path} ${p.field.where}.${p.field.path.join(".")}`));
    for (const key of ["GET /api/runs query.q", "POST /api/complete-profile body.nickname", "POST /api/invites body.boosterUserId", "POST /api/auth/login body.returnTo", "PUT /api/games/:slug/webhook body.url", "GET /auth query.returnTo", "GET /runs/:displayId params.displayId"]) {
      expect(swept).toContain(key);
    }
    expect(requests).toBeGreaterThan(300);
    console.log(`odd input sweep: ${requests} requests over ${swept.size} fields`);
  }, 120_000);
});
