// Visitor alerts' sign-up, through the whole app: the API's and the form post's answers, the
// confirmation mail queued in the sign-up's transaction (at most one per 10 minutes), the
// confirm, unsubscribe and manage pages, and what is (not) stored.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { asc } from "drizzle-orm";
import { alertSubscribers, alerts, alertTokens, mailOutbox, type raidRuns } from "../../../db/schema";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, ORIGIN, testManifest, type TestApp } from "../../testing/app";
import type { AppDeps } from "../../http/context";
import { everythingChanged } from "../../../db/changes";
import { runDueAlertJobs } from "./jobs";
import { boosterRow, makeRun } from "../../testing/factories";
import { T } from "../../shared/text";
import { captureLog } from "../../testing/log";
import { GAME_SLUGS } from "../../shared/enums";

let t: TestApp;
let deps: AppDeps;
beforeAll(async () => {
  t = await makeTestApp();
  deps = { db: t.db, config: t.config, clock: t.clock, manifest: await testManifest() };
}, 60_000);
/** Runs the due alert jobs (the confirmation mails among them) at the app's clock, as the worker would. */
const work = async () => {
  everythingChanged();
  await runDueAlertJobs(deps, t.clock());
};
beforeEach(async () => {
  await resetDb();
  t.setNow(TEST_NOW);
});

const A = T.alerts;
const fullRun = async (over: Partial<typeof raidRuns.$inferInsert> = {}) =>
  makeRun(t.db, "raid", { boosterId: await boosterRow(t.db, "BB-1001"), spots: 2, spotsTaken: 2, ...over });
const ask = (body: unknown, headers: Record<string, string> = {}) => t.request("POST", "/api/alerts", { body, headers });
const formPost = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.handle(new Request(`${ORIGIN}/alerts`, {
    method: "POST", headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", accept: "text/html", ...headers },
    body: new URLSearchParams(fields).toString(),
  }));
const outbox = () => t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
const linkIn = (text: string | null, kind: string) => new RegExp(`${ORIGIN}/alerts/${kind}/([A-Za-z0-9_-]+)`).exec(text ?? "")?.[1] ?? null;
const page = (method: string, path: string, body?: Record<string, string>) =>
  t.app.handle(new Request(ORIGIN + path, {
    method, headers: body ? { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" } : {},
    body: body ? new URLSearchParams(body).toString() : undefined,
  }));

describe("POST /api/alerts", () => {
  test("a spot alert on a full run: 202, one confirmation mail, the alert waits unconfirmed", async () => {
    const r = await fullRun();
    const res = await ask({ email: " Visitor@Example.com ", type: "spot", run: r.displayId.toLowerCase() });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: A.accepted });
    // The sign-up queued a confirm job; the job queues the mail.
    expect(await outbox()).toEqual([]);
    await work();
    const [sub] = await t.db.select().from(alertSubscribers);
    expect(sub!.email).toBe("visitor@example.com");
    const [a] = await t.db.select().from(alerts);
    expect(a).toMatchObject({ type: "spot", runKind: "raid", runId: r.id, run: r.displayId, consentedAt: null, locale: "en" });
    const mails = await outbox();
    expect(mails.map((m) => [m.purpose, m.recipient])).toEqual([["alert-confirm", "visitor@example.com"]]);
    expect(mails[0]!.textBody).toContain(A.describe.spot({ run: r.displayId }));
    const token = linkIn(mails[0]!.textBody, "confirm")!;
    // Only the hash is stored.
    const stored = await t.db.select().from(alertTokens);
    expect(stored.map((s) => s.purpose)).toEqual(["confirm"]);
    expect(stored[0]!.hash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  test("the same answer for a new, a known and a waiting address; one confirmation per address per 10 minutes, listing what waits", async () => {
    const r = await fullRun();
    const r2 = await fullRun();
    const r3 = await fullRun();
    const answers: unknown[] = [];
    for (const body of [
      { email: "a@example.com", type: "spot", run: r.displayId },
      { email: "a@example.com", type: "spot", run: r.displayId },
      { email: "a@example.com", type: "spot", run: r2.displayId },
      { email: "b@example.com", type: "spot", run: r.displayId },
    ]) {
      const res = await ask(body);
      answers.push([res.status, await res.json()]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    await work();
    let mails = await outbox();
    expect(mails.map((m) => m.recipient)).toEqual(["a@example.com", "b@example.com"]);
    expect(mails[0]!.textBody).toContain(A.describe.spot({ run: r2.displayId }));
    expect(await t.db.select().from(alerts)).toHaveLength(3);
    // A minute later: a new alert for a@ waits for the end of the 10 minutes, then gets its mail.
    t.setNow(new Date(TEST_NOW.getTime() + 60_000));
    expect((await ask({ email: "a@example.com", type: "spot", run: r3.displayId })).status).toBe(202);
    await work();
    expect(await outbox()).toHaveLength(2);
    t.setNow(new Date(TEST_NOW.getTime() + 10 * 60_000));
    await work();
    mails = await outbox();
    expect(mails.map((m) => m.recipient)).toEqual(["a@example.com", "b@example.com", "a@example.com"]);
    expect(mails[2]!.textBody).toContain(A.describe.spot({ run: r3.displayId }));
    // Asking again for what is listed already sends nothing more.
    t.setNow(new Date(TEST_NOW.getTime() + 30 * 60_000));
    expect((await ask({ email: "a@example.com", type: "spot", run: r3.displayId })).status).toBe(202);
    await work();
    expect(await outbox()).toHaveLength(3);
  });

  test("invalid input: 400 with the field's catalogue message, nothing stored", async () => {
    const r = await fullRun();
    const open = await makeRun(t.db, "raid", { boosterId: await boosterRow(t.db, "BB-1001"), spots: 5, spotsTaken: 1 });
    const cases: [unknown, string][] = [
      [{ email: "nope", type: "spot", run: r.displayId }, T.validation.invalidEmail],
      [{ email: "a@example.com", type: "later", run: r.displayId }, A.validation.type],
      [{ email: "a@example.com", type: "spot" }, A.validation.runNeeded],
      [{ email: "a@example.com", type: "new-runs" }, A.validation.calendarNeeded],
      [{ email: "a@example.com", type: "spot", run: "not a run" }, A.validation.run],
      [{ email: "a@example.com", type: "spot", run: "MOP-99999" }, A.validation.unknownRun],
      [{ email: "a@example.com", type: "spot", run: open.displayId }, A.validation.notFull],
      [{ email: "a@example.com", type: "new-runs", calendar: "no-such-game" }, A.validation.unknownCalendar],
      [{ email: "a@example.com", type: "new-runs", calendar: "x", filters: "a".repeat(501) }, A.validation.filters],
    ];
    for (const [body, message] of cases) {
      const res = await ask(body);
      expect([res.status, await res.json()]).toEqual([400, { message }]);
    }
    expect(await t.db.select().from(alerts)).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  test("a reminder needs a run more than an hour away", async () => {
    const soon = await makeRun(t.db, "raid", { boosterId: await boosterRow(t.db, "BB-1001"), startsAt: new Date(TEST_NOW.getTime() + 50 * 60_000) });
    const res = await ask({ email: "a@example.com", type: "reminder", run: soon.displayId });
    expect([res.status, await res.json()]).toEqual([400, { message: A.validation.tooLate }]);
  });

  test("a new-runs alert keeps the calendar's canonical filters", async () => {
    const res = await ask({ email: "a@example.com", type: "new-runs", calendar: GAME_SLUGS.raid, filters: "?junk=1&open=1&open=1" });
    expect(res.status).toBe(202);
    const [a] = await t.db.select().from(alerts);
    expect(a).toMatchObject({ type: "new-runs", calendar: GAME_SLUGS.raid, filters: "open=1", runId: null });
  });

  test("rate limits: per email, then per client address; 429 with the catalogue's message", async () => {
    const r = await fullRun();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await ask({ email: "a@example.com", type: "spot", run: r.displayId }, { "x-forwarded-for": `10.0.0.${i}` })).status);
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
    // A new window: 20 sign-ups from one client address, whatever the email, then 429.
    t.setNow(new Date(TEST_NOW.getTime() + 61 * 60_000));
    const perIp: number[] = [];
    for (let i = 0; i < 21; i++) perIp.push((await ask({ email: `v${i}@example.com`, type: "spot", run: r.displayId })).status);
    expect(perIp.slice(0, 20).every((s) => s === 202)).toBe(true);
    const last = await ask({ email: "z@example.com", type: "spot", run: r.displayId });
    expect([last.status, await last.json()]).toEqual([429, { message: A.rateLimited }]);
  }, 60_000);

  test("without mail (production, no SMTP_URL): 503, nothing stored", async () => {
    const prod = await makeTestApp({ env: { NODE_ENV: "production" } });
    const r = await fullRun();
    const res = await prod.request("POST", "/api/alerts", { body: { email: "a@example.com", type: "spot", run: r.displayId } });
    expect([res.status, await res.json()]).toEqual([503, { message: T.mail.unavailable }]);
    expect(await t.db.select().from(alerts)).toEqual([]);
  });

  test("a cross-site sign-up is refused", async () => {
    const r = await fullRun();
    const res = await ask({ email: "a@example.com", type: "spot", run: r.displayId }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    const form = await formPost({ email: "a@example.com", type: "spot", run: r.displayId }, { origin: "https://evil.example" });
    expect(form.status).toBe(403);
  });
});

describe("POST /alerts (a plain form)", () => {
  test("303 back to the page with ?alert=<flag> and its fragment; never the address in the URL", async () => {
    const r = await fullRun();
    const sent = await formPost({ email: "a@example.com", type: "spot", run: r.displayId, calendar: "", filters: "", back: `/runs/${r.displayId}?tz=EST` });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/runs/${r.displayId}?tz=EST&alert=sent#alert`);
    const bad = await formPost({ email: "nope", type: "spot", run: r.displayId, back: "/game/mists-of-pandaria#card-1" });
    expect(bad.headers.get("location")).toBe("/game/mists-of-pandaria?alert=email#card-1");
    const unknown = await formPost({ email: "a@example.com", type: "spot", run: "MOP-99999", back: "/" });
    expect(unknown.headers.get("location")).toBe("/?alert=invalid#alert");
    // Odd bodies are a refusal on the home page (the address, the first field, is missing), never a 500.
    for (const [type, body] of [["application/json", "[1,2]"], ["application/json", "null"], ["text/plain", "x"], ["application/x-www-form-urlencoded", ""]]) {
      const res = await t.app.handle(new Request(`${ORIGIN}/alerts`, { method: "POST", headers: { origin: ORIGIN, "content-type": type! }, body }));
      expect([res.status, res.headers.get("location")]).toEqual([303, "/?alert=email#alert"]);
    }
    // Another site is never a destination.
    for (const back of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "/.//evil.example", "/./\\evil.example", "/a/..//evil.example", "/%2e//evil.example"]) {
      const res = await formPost({ email: "a@example.com", type: "spot", run: r.displayId, back });
      expect(res.headers.get("location")!.startsWith("/?alert=")).toBe(true);
    }
  });
});

describe("confirm, unsubscribe, manage", () => {
  async function confirmedSpot() {
    const r = await fullRun();
    await ask({ email: "a@example.com", type: "spot", run: r.displayId });
    await work();
    const token = linkIn((await outbox())[0]!.textBody, "confirm")!;
    return { r, token };
  }

  test("GET shows the alert and a button, and confirms nothing; POST confirms; the link then says there is nothing left", async () => {
    const { r, token } = await confirmedSpot();
    const shown = await page("GET", `/alerts/confirm/${token}`);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain(A.describe.spot({ run: r.displayId }));
    expect(html).toContain(`action="/alerts/confirm/${token}"`);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    expect((await t.db.select().from(alerts))[0]!.consentedAt).toBeNull();
    const done = await page("POST", `/alerts/confirm/${token}`, {});
    expect(await done.text()).toContain(A.confirm.done({ n: 1 }));
    expect((await t.db.select().from(alerts))[0]!.consentedAt).toEqual(TEST_NOW);
    // The confirmation links of the address are spent.
    expect(await t.db.select().from(alertTokens)).toEqual([]);
    expect((await page("GET", `/alerts/confirm/${token}`)).status).toBe(404);
  });

  test("a confirmation link expires after 48 hours", async () => {
    const { token } = await confirmedSpot();
    t.setNow(new Date(TEST_NOW.getTime() + 48 * 3_600_000));
    expect((await page("POST", `/alerts/confirm/${token}`, {})).status).toBe(404);
    expect((await t.db.select().from(alerts))[0]!.consentedAt).toBeNull();
    expect((await page("GET", "/alerts/confirm/short")).status).toBe(404);
  });
});

describe("privacy", () => {
  test("the request log holds neither the visitor's address nor a link's token", async () => {
    const log = captureLog();
    const logged = await makeTestApp({ logger: log.logger });
    const r = await fullRun();
    const email = "private.person@example.com";
    expect((await logged.request("POST", "/api/alerts", { body: { email, type: "spot", run: r.displayId } })).status).toBe(202);
    await logged.app.handle(new Request(`${ORIGIN}/alerts`, {
      method: "POST", headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "nope", type: "spot", run: r.displayId, back: "/" }).toString(),
    }));
    await work();
    const token = linkIn((await outbox())[0]!.textBody, "confirm")!;
    await logged.app.handle(new Request(`${ORIGIN}/alerts/confirm/${token}`));
    await logged.app.handle(new Request(`${ORIGIN}/alerts/unsubscribe/${token}x`, { method: "POST" }));
    await logged.app.handle(new Request(`${ORIGIN}/alerts/confirm/${token}/extra`));
    const text = await log.text();
    expect(text).toContain("/api/alerts");
    expect(text).toContain("/alerts/confirm/");
    expect(text.toLowerCase()).not.toContain("private.person");
    expect(text).not.toContain(token);
  });
});
