// Forgot password (docs/decisions/33): POST /api/auth/forgot and the /forgot page. The answer
// never depends on the address; the mail and the link are real (queued rows, then followed).
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditEvents, mailOutbox, passwordResets, users } from "../../../db/schema";
import { TEST_NOW, resetDb } from "../../testing/db";
import { ORIGIN, TEST_SECRETS, makeTestApp, type TestApp } from "../../testing/app";
import { makeUser } from "../../testing/factories";
import { captureLog } from "../../testing/log";
import { RATE_LIMITS } from "../../http/rateLimit";
import { afterAnswerIdle } from "../../ops/afterAnswer";
import { T } from "../../shared/text";
import { sha256 } from "../auth/sessions";
import { RESET_TTL_MS } from "./service";

const log = captureLog();
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ logger: log.logger });
}, 60_000);
beforeEach(async () => {
  await resetDb({ runs: false });
  t.setNow(TEST_NOW);
  log.lines.length = 0;
});
// Forgot password's work runs up to 1 s after its answer: it belongs to the test that asked.
afterEach(() => afterAnswerIdle(t.db));

const NEW_PASSWORD = "Fresh-Start9";
const forgot = (email: string, app: TestApp = t) => app.request("POST", "/api/auth/forgot", { body: { email } });
/** A form post as a browser without JavaScript sends it. */
const forgotForm = (email: string, app: TestApp = t) => app.app.handle(new Request(`${ORIGIN}/api/auth/forgot`, {
  method: "POST", body: new URLSearchParams({ email }).toString(),
  headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
}));
/** What the outbox holds once the work after the answer is done. */
async function outbox() {
  await afterAnswerIdle(t.db);
  return t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
}
/** The one link of a mail's plain-text part. */
const linkIn = (text: string) => /https?:\/\/\S+\/reset\/[A-Za-z0-9_-]+/.exec(text)?.[0] ?? null;
/** An answer as a caller can observe it, less what differs per request (its id, the clock). */
async function observed(res: Response) {
  const headers = Object.fromEntries([...res.headers].filter(([k]) => k !== "x-request-id" && k !== "date"));
  return { status: res.status, headers, body: await res.text() };
}

describe("POST /api/auth/forgot", () => {
  test("an active account's address gets a reset link by mail: 202, one queued mail, only the token's hash stored", async () => {
    const res = await forgot("booster@example.com");
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: T.staffMail.forgotSent });
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ purpose: "password-reset", recipient: "booster@example.com", subject: "Set a new Runboard password" });
    const link = linkIn(mail!.textBody!)!;
    expect(link.startsWith(`${ORIGIN}/reset/`)).toBe(true);
    const token = link.split("/reset/")[1]!;
    expect(mail!.htmlBody).toContain(`href="${link}"`);
    expect(mail!.textBody).toContain("Someone, probably you, asked to reset the password of the Runboard account booster@example.com.");
    expect(mail!.textBody).toContain("The link works once, until Sat 2026-11-21 · 11:00 UTC.");
    expect(mail!.textBody).toContain("If you did not ask for this, ignore this mail");
    const [reset] = await t.db.select().from(passwordResets);
    expect(reset).toMatchObject({ tokenHash: sha256(token), createdBy: null, expiresAt: new Date(TEST_NOW.getTime() + RESET_TTL_MS), usedAt: null });
    expect(JSON.stringify(reset)).not.toContain(token);
  });

  test("the link from the mail sets a new password, once", async () => {
    await forgot("Booster@Example.com"); // any case of the address
    const [mail] = await outbox();
    const link = linkIn(mail!.textBody!)!;
    const path = link.slice(ORIGIN.length);
    const page = await t.request("GET", path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Choose a new password for booster@example.com.");
    const token = path.split("/reset/")[1]!;
    const set = await t.request("POST", `/api/auth/reset/${token}`, { body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(set.status).toBe(200);
    expect((await t.request("POST", "/api/auth/login", { body: { email: "booster@example.com", password: NEW_PASSWORD } })).status).toBe(200);
    expect((await t.request("POST", `/api/auth/reset/${token}`, { body: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } })).status).toBe(400);
  });

  test("a new request ends the earlier link: only the newest works", async () => {
    await forgot("booster@example.com");
    await forgot("booster@example.com");
    const mails = await outbox();
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map((m) => linkIn(m.textBody!)!.slice(ORIGIN.length));
    expect((await t.request("GET", first!)).status).toBe(404);
    expect((await t.request("GET", second!)).status).toBe(200);
  });

  test("unknown, inactive, pending and deleted accounts get nothing: no mail, no link, no audit event", async () => {
    const inactive = await makeUser(t.db, { role: "booster", status: "inactive" });
    const pending = await makeUser(t.db, { role: "booster", status: "pending" });
    const deleted = await makeUser(t.db, { role: "booster", deletedAt: TEST_NOW });
    for (const email of ["nobody@example.com", inactive.email, pending.email, deleted.email]) {
      const res = await forgot(email);
      expect(res.status).toBe(202);
    }
    expect(await outbox()).toEqual([]);
    expect(await t.db.select().from(passwordResets)).toEqual([]);
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.action, "password.forgot"))).toEqual([]);
  });

  test("no enumeration: known, unknown and deactivated addresses get identical answers (status, headers, body), JSON and form", async () => {
    const inactive = await makeUser(t.db, { role: "booster", status: "inactive" });
    const addresses = ["booster@example.com", "nobody@example.com", inactive.email];
    const json = await Promise.all(addresses.map(async (a) => observed(await forgot(a))));
    expect(json[0]!.status).toBe(202);
    expect(json[1]).toEqual(json[0]!);
    expect(json[2]).toEqual(json[0]!);
    const form = await Promise.all(addresses.map(async (a) => observed(await forgotForm(a))));
    expect(form[0]!.status).toBe(303);
    expect(form[0]!.headers.location).toBe("/forgot?sent=1");
    expect(form[1]).toEqual(form[0]!);
    expect(form[2]).toEqual(form[0]!);
    // …and only the active account got mail.
    expect((await outbox()).map((m) => m.recipient)).toEqual(["booster@example.com", "booster@example.com"]);
  });

  test("the audit event names the account by id, with no actor and no address", async () => {
    await forgot("booster@example.com");
    await afterAnswerIdle(t.db);
    const [{ id }] = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, "booster@example.com"))) as [{ id: number }];
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.action, "password.forgot"));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ entityType: "user", entityId: String(id), actorId: null });
    expect(JSON.stringify(events[0])).not.toContain("@");
  });

  test("neither the request log nor anything else logged holds the address", async () => {
    const inactive = await makeUser(t.db, { role: "booster", status: "inactive" });
    for (const email of ["booster@example.com", "nobody@example.com", inactive.email]) {
      await forgot(email);
      await forgotForm(email);
    }
    await t.request("POST", "/api/auth/forgot", { body: { email: "not-an-address@" } });
    await afterAnswerIdle(t.db);
    const text = await log.text();
    expect(log.lines.length).toBeGreaterThan(0);
    expect(text).toContain("/api/auth/forgot");
    for (const needle of ["booster@example.com", "nobody@example.com", inactive.email, "not-an-address", "@example"]) expect(text).not.toContain(needle);
  });

  test("a bad address is a 400 with the field's message; a form post goes back to /forgot with it", async () => {
    const res = await forgot("nope");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: T.validation.invalidEmail });
    const form = await forgotForm("nope");
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/forgot?error=invalidEmail&email=nope");
    const page = await (await t.request("GET", "/forgot?error=invalidEmail&email=nope")).text();
    expect(page).toContain(T.validation.invalidEmail);
    expect(page).toContain('value="nope"');
  });
});

describe("forgot password: rate limits", () => {
  test(`past ${RATE_LIMITS.forgotEmail.limit} mails an hour to one address, the answer stays 202 and nothing more is sent`, async () => {
    const answers = [];
    for (let i = 0; i < RATE_LIMITS.forgotEmail.limit + 2; i++) answers.push(await observed(await forgot("booster@example.com")));
    for (const a of answers) expect(a).toEqual(answers[0]!);
    expect(answers[0]!.status).toBe(202);
    expect(await outbox()).toHaveLength(RATE_LIMITS.forgotEmail.limit);
    // The next window sends again.
    t.setNow(new Date(TEST_NOW.getTime() + RATE_LIMITS.forgotEmail.windowMs + 1000));
    await forgot("booster@example.com");
    expect(await outbox()).toHaveLength(RATE_LIMITS.forgotEmail.limit + 1);
  });

  test(`past ${RATE_LIMITS.forgotIp.limit} requests from one client address: 429 for any address, known or not, and nothing sent`, async () => {
    for (let i = 0; i < RATE_LIMITS.forgotIp.limit; i++) expect((await forgot(`someone${i}@example.com`)).status).toBe(202);
    const known = await observed(await forgot("booster@example.com"));
    const unknown = await observed(await forgot("nobody@example.com"));
    expect(known.status).toBe(429);
    expect(JSON.parse(known.body)).toEqual({ message: T.auth.tooManyAttempts });
    expect(unknown).toEqual(known);
    expect(await outbox()).toEqual([]);
    const form = await forgotForm("booster@example.com");
    expect(form.headers.get("location")).toBe("/forgot?error=tooMany&email=booster%40example.com");
  });
});

describe("/forgot and the sign-in pages", () => {
  test("/auth and /login link to /forgot; the form posts there without JavaScript; the confirmation page is the same for everyone", async () => {
    for (const path of ["/auth", "/login"]) {
      const html = await (await t.request("GET", path)).text();
      expect(html).toContain(`<a href="/forgot">${T.staffMail.forgotLink}</a>`);
    }
    const res = await t.request("GET", "/forgot");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain('action="/api/auth/forgot" method="post"');
    expect(html).toContain('name="email"');
    // A plain form: the page loads no script.
    expect(html).not.toContain("<script");
    const sent = await (await t.request("GET", "/forgot?sent=1")).text();
    expect(sent).toContain(T.staffMail.forgotSentTitle);
    expect(sent).toContain(T.staffMail.forgotSent);
  });
});

describe("forgot password while mail is unavailable (production without SMTP_URL)", () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await makeTestApp({ env: { NODE_ENV: "production", ...TEST_SECRETS } });
    expect(prod.config.mail.transport).toBe("none");
  });

  test("the API answers 503 with a clear message; a form post goes to /forgot, which says so; nothing is queued", async () => {
    const res = await forgot("booster@example.com", prod);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: T.staffMail.forgotUnavailable });
    const form = await forgotForm("booster@example.com", prod);
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/forgot");
    const page = await (await prod.request("GET", "/forgot")).text();
    expect(page).toContain(T.staffMail.forgotUnavailable);
    expect(page).not.toContain("<form");
    expect(await outbox()).toEqual([]);
  });

  test("/auth and /login say to ask an administrator instead of linking to /forgot", async () => {
    for (const path of ["/auth", "/login"]) {
      const html = await (await prod.request("GET", path)).text();
      expect(html).toContain(T.staffMail.forgotByStaff);
      expect(html).not.toContain('href="/forgot"');
    }
  });
});

