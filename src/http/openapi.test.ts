// The API contract is documented. The routes come from the app itself, so
// a route added without `response:` (or whose schemas drift from the document) fails here.
import { beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, ORIGIN, type TestApp } from "../testing/app";
import { openApiPath, type ApiDocument } from "./openapi";

let t: TestApp;
let document: ApiDocument;
beforeAll(async () => {
  t = await makeTestApp();
  const res = await t.app.handle(new Request(`${ORIGIN}/api/openapi.json`));
  expect(res.status).toBe(200);
  document = await res.json();
}, 60_000); // the first test app builds the island bundle

type Schema = { "~standard": { jsonSchema: { input(o: { target: string }): Record<string, unknown> } } };
/** A zod object schema's field names (params and query schemas are plain objects). */
const fields = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});
const jsonSchema = (schema: unknown) => {
  const { $schema: _, ...rest } = (schema as Schema)["~standard"].jsonSchema.input({ target: "draft-2020-12" });
  return rest;
};

function apiRoutes() {
  return t.app.routes.filter((r) => r.path.startsWith("/api/")).map((r) => ({
    key: `${r.method} ${r.path}`,
    operation: document.paths[openApiPath(r.path)]?.[r.method.toLowerCase()],
    hooks: r.hooks,
  }));
}

describe("GET /api/openapi.json", () => {
  test("is an OpenAPI 3.1 document of the API only, public", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe("Runboard API");
    expect(Object.keys(document.paths).every((p) => p.startsWith("/api/"))).toBe(true);
    expect(apiRoutes().length).toBeGreaterThan(40);
  });

  test("every /api route is in it, with its params, query and body schemas", () => {
    for (const { key, operation, hooks } of apiRoutes()) {
      expect({ key, documented: !!operation }).toEqual({ key, documented: true });
      const params = operation!.parameters ?? [];
      const named = (where: string) => params.filter((p) => p.in === where).map((p) => p.name).sort();
      expect({ key, path: named("path") }).toEqual({ key, path: fields(hooks.params).sort() });
      expect({ key, query: named("query") }).toEqual({ key, query: fields(hooks.query).sort() });
      const body = operation!.requestBody?.content["application/json"]?.schema;
      expect({ key, body }).toEqual({ key, body: hooks.body ? jsonSchema(hooks.body) : undefined });
    }
  });

  test("every /api route has a summary and one tag, declares its answers, and the document shows the success answer's schema", () => {
    for (const { key, operation, hooks } of apiRoutes()) {
      const tagged = !!operation!.summary && operation!.tags.length === 1 && document.tags.some((t) => t.name === operation!.tags[0]);
      expect({ key, detail: tagged }).toEqual({ key, detail: true });
      const declared = Object.keys(hooks.response ?? {}).map(Number).sort();
      expect({ key, declares: declared.length > 0 }).toEqual({ key, declares: true });
      expect({ key, statuses: Object.keys(operation!.responses).map(Number).sort() }).toEqual({ key, statuses: declared });
      const success = String(declared[0]);
      const answer = operation!.responses[success]!;
      if (Number(success) < 300) {
        const [media] = Object.values(answer.content ?? {});
        // A type, or a choice of them (a run list: the whole list or one page).
        const schema = media?.schema as { type?: unknown; anyOf?: unknown[] } | undefined;
        expect({ key, success, schema: !!(schema?.type || schema?.anyOf?.length) }).toEqual({ key, success, schema: true });
      } else {
        expect({ key, success, location: !!answer.headers?.Location }).toEqual({ key, success, location: true });
      }
    }
  });

  test("refusals are { message }; guarded routes name their access rule", () => {
    const op = document.paths["/api/users/{id}"]!.patch!;
    expect(op.responses["404"]!.content!["application/json"]!.schema).toEqual({
      type: "object", properties: { message: { type: "string" } }, required: ["message"], additionalProperties: false,
    });
    expect(op["x-access"]).toEqual({ roles: ["owner", "administrator"], pending: false });
    expect(op.security).toEqual([{ session: [] }]);
    expect(document.paths["/api/games"]!.get!.security).toBeUndefined();
  });
});

describe("GET /api/docs", () => {
  test("a readable page of every endpoint, without a session and without JavaScript", async () => {
    const res = await t.app.handle(new Request(`${ORIGIN}/api/docs`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).not.toContain("<script");
    expect(html).toContain("<h1>API reference</h1>");
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        expect(html).toContain(`id="${method}-${path.replace(/[^a-z0-9]+/gi, "-")}"`);
      }
    }
    expect(html).toContain("Signed in (session cookie), active account with the role owner or administrator.");
  });
});
