// The API contract's route options: what a route answers (`response`) and how the
// reference document presents it (`detail`). See src/http/openapi.ts.
import type { z } from "zod";
import type { StandardSchemaV1Like } from "elysia/types";
import { apiErrorSchema } from "../shared/schemas/responses";

/** The refusals a route may answer, each as `{ message }` (see STATUS_OF in ./errors). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 429;

/** The schema of an answer that is a Response already: Elysia never checks those against a schema. */
type ResponseAnswer = StandardSchemaV1Like<Response> & {
  "~standard": { version: 1; vendor: string; validate: (value: unknown) => { value: unknown }; jsonSchema: { input: () => object; output: () => object } };
};
const responseAnswer = (jsonSchema: object): ResponseAnswer => ({
  "~standard": {
    version: 1, vendor: "runboard-response", validate: (value) => ({ value }),
    jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
  },
});

/**
 * A 3xx answer: the Response `redirect()` makes (form posts without JavaScript, the
 * identity provider's round trip). In the document: a Location header without a body.
 */
export const redirectAnswer = responseAnswer({});
/** A server-rendered HTML page. */
export const htmlAnswer = responseAnswer({ type: "string", contentMediaType: "text/html" });

/**
 * Answers are checked against their schema in development and tests, where a drifting
 * answer fails loudly (500, logged); production trusts the handlers, whose return types
 * tsc already checks against the same schemas (a check costs more than the JSON
 * serialization: docs/decisions/10-api-contract.md). A check never changes
 * the answer (zod's parsed copy is not sent), so tests see exactly what production sends.
 */
const CHECK_ANSWERS = process.env.NODE_ENV !== "production";

/** A zod response schema as Elysia sees it: zod's types and JSON Schema, our validation rule. */
type Answer<S extends z.ZodType> = {
  "~standard": Pick<S["~standard"], "version" | "vendor" | "types" | "jsonSchema"> & { validate: (value: unknown) => unknown };
};

function answer<S extends z.ZodType>(schema: S): Answer<S> {
  const standard = schema["~standard"];
  return {
    "~standard": {
      version: 1, vendor: standard.vendor, types: standard.types, jsonSchema: standard.jsonSchema,
      validate: (value: unknown) => {
        if (!CHECK_ANSWERS) return { value };
        const result = standard.validate(value);
        if (result instanceof Promise) throw new Error("response schemas must be synchronous");
        return result.issues ? result : { value };
      },
    },
  };
}

type Answers<S> = { [K in keyof S]: S[K] extends z.ZodType ? Answer<S[K]> : S[K] };

/**
 * A route's `response` option: its success schema by status, plus the error schema for
 * each refusal status it may answer. Elysia checks answers against it (see CHECK_ANSWERS),
 * Eden types the islands' calls from it, and the OpenAPI document lists it.
 */
export function replies<const S extends Record<number, z.ZodType | ResponseAnswer>, const R extends readonly RefusalStatus[]>(
  success: S, ...refusals: R
): Answers<S & { [K in R[number]]: typeof apiErrorSchema }> {
  const all: Record<number, z.ZodType | ResponseAnswer> = { ...Object.fromEntries(refusals.map((status) => [status, apiErrorSchema])), ...success };
  const out = Object.fromEntries(Object.entries(all).map(([status, schema]) => [status, "_zod" in schema ? answer(schema) : schema]));
  return out as Answers<S & { [K in R[number]]: typeof apiErrorSchema }>;
}

/** The OpenAPI tags (groups of the reference page). */
export type ApiTag = "API" | "Accounts" | "Invitations" | "Users" | "Games" | "Runs" | "Reference data" | "Boosters" | "Audit" | "Alerts";

/**
 * A route's `detail` option for the reference document. `redirects` names the 3xx answers
 * a route gives instead of JSON (form posts without JavaScript, the identity provider's
 * round trip); they carry a Location header and no body.
 */
export const doc = (tag: ApiTag, summary: string, redirects?: Record<number, string>) =>
  ({ tags: [tag], summary, ...(redirects ? { "x-redirects": redirects } : {}) });


/** The `redirects` of a form post (no JavaScript): a 303 instead of JSON. */
export const FORM_REDIRECT = { 303: "A form post goes to the next page, or back with ?error=<code>" };
