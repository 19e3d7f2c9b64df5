// The API reference's two routes: the OpenAPI document (src/http/openapi.ts builds it from
// the app's own routes) and the same as a page without JavaScript.
import { Elysia, type AnyElysia } from "elysia";
import type { AppContext } from "../http/context";
import { doc, htmlAnswer, replies } from "../http/contract";
import { apiDocument, documentSchema, type ApiDocument } from "../http/openapi";
import { API_CACHE_CONTROL } from "../http/security";
import { apiDocsPage } from "./apiDocs";
import { pageResponse } from "./pageResponse";

/**
 * GET /api/openapi.json and GET /api/docs, for `self` (the whole app, read on first use:
 * by then every route is registered). Public, no session.
 */
export const apiReference = (deps: AppContext, self: AnyElysia) => {
  let built: ApiDocument | undefined;
  const document = () => (built ??= apiDocument(self));
  return new Elysia({ name: "api-reference" })
    .get("/api/openapi.json", () => document(), { response: replies({ 200: documentSchema }), detail: doc("API", "This OpenAPI 3.1 document") })
    // Like every /api answer, not cacheable (README "Hardening"); the page's ETag still answers 304.
    .get("/api/docs", ({ request }) => pageResponse(request, deps.manifest, null, apiDocsPage(document()), { "Cache-Control": API_CACHE_CONTROL }),
      { response: { 200: htmlAnswer }, detail: doc("API", "This reference as a page (HTML, no JavaScript)") });
};
