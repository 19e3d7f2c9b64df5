// The API contract's route options: what a route answers (`response`) and how the
// reference document presents it (`detail`). See src/http/openapi.ts.
import type { z } from "zod";
import type { StandardSchemaV1Like } from "elysia/types";
import { apiErrorSchema } from "../shared/schemas/responses";

/** The refusals a route may answer, each as `{ message }` (see STATUS_OF in ./errors). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 429;

/**
 * A 3xx answer: the Response `redirect()` makes (form posts without JavaScript, the
 * identity provider's round trip). Elysia never checks a Response against a schema; in
 * the document it is a Location header without a body (see src/http/openapi.ts).
 */
export const redirectAnswer: StandardSchemaV1Like<Response> & {
  "~standard": { version: 1; vendor: string; validate: (value: unknown) => { value: unknown }; jsonSchema: { input: () => object; output: () => object } };
} = {
  "~standard": {
    version: 1, vendor: "runboard-redirect", validate: (value) => ({ value }),
    jsonSchema: { input: () => ({}), output: () => ({}) },
  },
};

/**
 * A route's `response` option: its success schema by status, plus the error schema for
 * each refusal status it may answer. Elysia checks every answer against it, Eden types
 * the islands' calls from it, and the OpenAPI document lists it.
 */
export function replies<const S extends Record<number, z.ZodType | typeof redirectAnswer>, const R extends readonly RefusalStatus[]>(
  success: S, ...refusals: R
): S & { [K in R[number]]: typeof apiErrorSchema } {
  const errors = Object.fromEntries(refusals.map((status) => [status, apiErrorSchema]));
  return { ...errors, ...success } as S & { [K in R[number]]: typeof apiErrorSchema };
}

/** The OpenAPI tags (groups of the reference page). */
export type ApiTag = "Accounts" | "Invitations" | "Users" | "Games" | "Runs" | "Reference data" | "Boosters";

/**
 * A route's `detail` option for the reference document. `redirects` names the 3xx answers
 * a route gives instead of JSON (form posts without JavaScript, the identity provider's
 * round trip); they carry a Location header and no body.
 */
export const doc = (tag: ApiTag, summary: string, redirects?: Record<number, string>) =>
  ({ tags: [tag], summary, ...(redirects ? { "x-redirects": redirects } : {}) });

