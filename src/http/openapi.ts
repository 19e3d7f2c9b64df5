// The API's OpenAPI 3.1 document, generated from the routes' own schemas (params, query,
// body, response, detail) by @elysiajs/openapi, then put in our terms: only /api routes,
// the session guard as a security requirement, redirects as Location headers. Served at
// /api/openapi.json and, readable without JavaScript, at /api/docs (src/pages/apiDocsRoutes.ts).
import type { AnyElysia } from "elysia";
import { toOpenAPISchema } from "@elysiajs/openapi";
import { z } from "zod";
import { SESSION_COOKIE } from "../shared/sessionCookie";
import type { ApiTag } from "./contract";
import { T } from "../shared/text";

type JsonSchema = { [key: string]: unknown };
type Media = Record<string, { schema: JsonSchema }>;
export type ApiParameter = { name: string; in: "path" | "query" | "header" | "cookie"; required: boolean; schema: JsonSchema };
export type ApiResponse = { description: string; content?: Media; headers?: Record<string, { schema: JsonSchema }> };
export type ApiOperation = {
  operationId: string;
  summary?: string;
  tags: string[];
  parameters?: ApiParameter[];
  requestBody?: { required: boolean; content: Media };
  responses: Record<string, ApiResponse>;
  security?: { session: string[] }[];
  /** Who may call it: the session guard's rule (absent: public). */
  "x-access"?: { roles: string[]; pending: boolean };
};
export type ApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  tags: { name: ApiTag }[];
  paths: Record<string, Record<string, ApiOperation>>;
  components: { securitySchemes: Record<string, unknown> };
};

const TAGS: ApiTag[] = ["Accounts", "Invitations", "Users", "Games", "Runs", "Reference data", "Boosters", "Audit", "Alerts", "API"];
/** The generated operation, before it is put in our terms. */
type Generated = Omit<ApiOperation, "x-access" | "tags"> & { tags?: string[]; "x-redirects"?: Record<string, string> };

const STATUS_TEXT: Partial<Record<number, string>> = T.apiDocs.status;

/** A schema's JSON Schema, without the `$schema` line each would repeat. */
function jsonSchemaOf(schema: unknown, io: "input" | "output"): JsonSchema | undefined {
  const standard = (schema as { "~standard"?: { jsonSchema?: Record<typeof io, (o: { target: string }) => JsonSchema> } } | undefined)?.["~standard"];
  const converted = standard?.jsonSchema?.[io]({ target: "draft-2020-12" });
  if (!converted) return undefined;
  return withoutDialect(converted);
}

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _, ...rest } = schema;
  return rest;
}

/** Our terms for one generated operation (see the module comment); `body` is the route's body schema. */
function normalize(op: Generated, body: unknown): ApiOperation {
  const { "x-redirects": redirects, ...rest } = op;
  const access = rest.tags?.find((t) => t.startsWith("access:"));
  const tags = (rest.tags ?? []).filter((t) => !t.startsWith("access:"));
  const responses: Record<string, ApiResponse> = {};
  for (const [status, answer] of Object.entries(rest.responses ?? {})) {
    const code = Number(status);
    const described = STATUS_TEXT[code];
    if (code >= 300 && code < 400) {
      responses[status] = { description: redirects?.[status] ?? T.apiDocs.redirect, headers: { Location: { schema: { type: "string" } } } };
      continue;
    }
    const plain = answer.content?.["text/plain"]?.schema;
    const json = answer.content?.["application/json"]?.schema;
    const content: Media | undefined = plain?.contentMediaType === "text/html" ? { "text/html": { schema: plain } }
      : json ? { "application/json": { schema: withoutDialect(json) } } : undefined;
    responses[status] = { description: described ?? answer.description, ...(content ? { content } : {}) };
  }
  const { requestBody: _generated, ...kept } = rest;
  const out: ApiOperation = { ...kept, tags, responses };
  // From the route itself: the generator drops the body of routes with a parse hook (the guards).
  const bodySchema = jsonSchemaOf(body, "input");
  if (bodySchema) {
    // JSON always; an urlencoded form too where the route answers form posts (no JavaScript).
    const media = { schema: bodySchema };
    out.requestBody = { required: true, content: { "application/json": media, ...(redirects ? { "application/x-www-form-urlencoded": media } : {}) } };
  }
  if (access) {
    const [roles = "", pending] = access.slice("access:".length).split(";");
    out["x-access"] = { roles: roles.split(","), pending: pending === "pending" };
    out.security = [{ session: [] }];
  }
  return out;
}

/** `/api/runs/:id` as OpenAPI writes it: `/api/runs/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([^/]+)/g, "{$1}");

/** The OpenAPI document of every /api route of `app`. */
export function apiDocument(app: AnyElysia): ApiDocument {
  // Not `staticFile` (that skips any path with a dot, /api/openapi.json among them).
  const generated = toOpenAPISchema(app, { staticFile: false, paths: [/^(?!\/api\/)/] }, undefined, undefined, "3.1.0");
  const raw: Record<string, Record<string, Generated>> = JSON.parse(JSON.stringify(generated.paths));
  const bodies = new Map(app.routes.map((r) => [`${r.method.toLowerCase()} ${openApiPath(r.path)}`, r.hooks.body]));
  const paths: ApiDocument["paths"] = {};
  for (const [path, operations] of Object.entries(raw)) {
    if (!path.startsWith("/api/")) continue;
    const described: Record<string, ApiOperation> = {};
    for (const [method, op] of Object.entries(operations)) described[method] = normalize(op, bodies.get(`${method} ${path}`));
    paths[path] = described;
  }
  return {
    openapi: "3.1.0",
    info: { title: `${T.app.name} API`, version: "1", description: T.apiDocs.intro },
    tags: TAGS.map((name) => ({ name })),
    paths,
    components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } } },
  };
}

/** The document's outer shape, as its route declares its answer. */
export const documentSchema = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({ responses: z.record(z.string(), z.unknown()) }))),
});
