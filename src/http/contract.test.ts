// A route's declared answer is checked (development and tests): an answer
// that breaks it is our bug, answered 500 and logged, never a 400 blaming the client; the
// check never changes what is sent.
import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { z } from "zod";
import { errors } from "./errorAnswers";
import { redirectAnswer, replies } from "./contract";
import { DomainError } from "../domain/errors";
import { T } from "../shared/text";
import { captureConsoleErrors } from "../testing/log";

const app = new Elysia().use(errors())
  .get("/ok", () => ({ name: "  padded  " }), { response: replies({ 200: z.strictObject({ name: z.string().trim() }) }) })
  .get("/wrong-type", () => ({ name: 42 as unknown as string }), { response: replies({ 200: z.strictObject({ name: z.string() }) }) })
  .get("/extra-field", () => ({ name: "x", secret: "TOPSECRET" }), { response: replies({ 200: z.strictObject({ name: z.string() }) }) })
  .get("/refused", ({ status }) => status(404, { message: T.validation.notFound }), { response: replies({ 200: z.strictObject({ name: z.string() }) }, 404) });

const get = (path: string) => app.handle(new Request(`http://localhost${path}`));

// A no-JavaScript form route: refusals go back to /form with a code, our bugs do not.
const formApp = new Elysia().use(errors({ "/post": () => "/form" }))
  .post("/post", ({ body }) => {
    if ((body as { name?: string }).name === "taken") throw new DomainError("conflict", T.validation.invalidRequest);
    return { name: 42 as unknown as string };
  }, { response: replies({ 200: z.strictObject({ name: z.string() }), 303: redirectAnswer }, 409) });
const formPost = (name: string) => formApp.handle(new Request("http://localhost/post", {
  method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" }, body: `name=${name}`,
}));

describe("response checks", () => {
  const log = captureConsoleErrors();

  test("a valid answer is sent as the handler returned it (the check does not transform it)", async () => {
    const res = await get("/ok");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: "  padded  " });
  });

  test("an answer of the wrong shape, or with a field the contract does not name, is a 500 with the generic message", async () => {
    for (const path of ["/wrong-type", "/extra-field"]) {
      const res = await get(path);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: T.validation.serverError });
    }
    // Logged as our bug, without the answer's values.
    expect(log.lines).toHaveLength(2);
    expect(log.lines.join("\n")).not.toContain("TOPSECRET");
  });

  test("a declared refusal passes with its status", async () => {
    const res = await get("/refused");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: T.validation.notFound });
  });

  test("a form post's refusal goes back to its form; an answer that breaks its schema stays a 500", async () => {
    const refused = await formPost("taken");
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/form?error=invalidRequest");
    const broken = await formPost("new");
    expect(broken.status).toBe(500);
    expect(log.lines).toHaveLength(1);
  });
});
