// Mail delivery through a real SMTP server run by the test (smtp-server, parsed by mailparser),
// on PGlite or PostgreSQL (DATABASE_URL).
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { asc } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import { resetDb, TEST_NOW } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";
import { smtpReceiver, type SmtpReceiver } from "../testing/smtpReceiver";
import { startTestMailDelivery } from "../testing/mailDelivery";
import { captureLog } from "../testing/log";
import type { Outbox } from "../ops/outbox/engine";
import { metrics } from "../ops/metrics";
import { composeMail } from "./compose";
import { queueMail } from "./queue";
import { classifySmtpError, messageIdDomain, pruneMailOutbox } from "./delivery";
import { generateKeyPairSync } from "node:crypto";

let t: TestApp;
let running: Outbox[] = [];
let receivers: SmtpReceiver[] = [];

beforeAll(async () => {
  t = await makeTestApp({ env: { MAIL_FROM: "Runboard <runs@runs.example>" } });
}, 60_000);
beforeEach(async () => {
  await resetDb({ runs: false });
});
afterEach(async () => {
  await Promise.all(running.map((d) => d.stop()));
  running = [];
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

async function receiver(o: Parameters<typeof smtpReceiver>[0] = {}) {
  const r = await smtpReceiver(o);
  receivers.push(r);
  return r;
}

function deliver(url: string, o: Parameters<typeof startTestMailDelivery>[2] = {}): Outbox {
  const d = startTestMailDelivery(t, url, o);
  running.push(d);
  return d;
}

const mail = (to: string, n = 1) => composeMail({
  purpose: "invitation", to, subject: `Invitation ${n}`, paragraphs: [`Hello ${n}`], action: { label: "Accept", url: `https://runs.example/invite/${n}` },
  headers: { "List-Unsubscribe": "<https://runs.example/alerts/unsubscribe/abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
});

const queue = (mails: ReturnType<typeof mail>[]) => t.db.transaction((tx) => queueMail(tx, TEST_NOW, mails));
const rows = () => t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

/** Polls until `done()` holds (delivery runs in the background); the test's timeout bounds it. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await done())) await Bun.sleep(5);
}

describe("mail delivery over SMTP", () => {
  test("a queued mail arrives once with both parts, its headers and a Message-ID from its key; the row forgets the recipient", async () => {
    const smtp = await receiver();
    await queue([mail("ada@example.com")]);
    deliver(smtp.url);
    const [got] = await smtp.waitFor(1);
    expect(got!.to).toEqual(["ada@example.com"]);
    expect(got!.from).toBe('"Runboard" <runs@runs.example>');
    expect(got!.subject).toBe("Invitation 1");
    expect(got!.text).toContain("Accept: https://runs.example/invite/1");
    expect(got!.html).toContain('href="https://runs.example/invite/1"');
    expect(got!.headers.get("list-unsubscribe")).toBe("<https://runs.example/alerts/unsubscribe/abc>");
    expect(got!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    await until(async () => (await rows())[0]!.deliveredAt !== null);
    const [row] = await rows();
    expect(got!.messageId).toBe(`<${row!.idempotencyKey}@runs.example>`);
    expect(row).toMatchObject({ recipient: null, subject: null, textBody: null, htmlBody: null, headers: null, nextAttemptAt: null, sendStartedAt: null, attempts: 1, purpose: "invitation" });
    expect(smtp.received).toHaveLength(1);
  }, 30_000);

  test("with DKIM configured every mail carries a DKIM-Signature for that domain and selector", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const smtp = await receiver();
    await queue([mail("erin@example.com")]);
    deliver(smtp.url, { mail: { dkim: { domainName: "runs.example", keySelector: "runboard", privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString() } } });
    const [got] = await smtp.waitFor(1);
    const signature = got!.headers.get("dkim-signature") ?? "";
    expect(signature).toContain("d=runs.example");
    expect(signature).toContain("s=runboard");
    expect(signature).toMatch(/h=[^;]*(from|From)/);
  }, 30_000);

  test("a 4xx retries with backoff and the mail arrives once", async () => {
    const smtp = await receiver({ answer: ({ attempt }) => (attempt <= 2 ? { code: 451, message: "451 4.7.1 try again later" } : "accept") });
    await queue([mail("bob@example.com")]);
    deliver(smtp.url);
    await until(async () => (await rows())[0]!.deliveredAt !== null);
    expect(smtp.attempts.map((a) => a.code)).toEqual([451, 451, 250]);
    expect(smtp.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ attempts: 3, lastError: null });
  }, 30_000);

  test("a 5xx for the recipient fails the mail at once; its error keeps the codes, never the address", async () => {
    const log = captureLog();
    const smtp = await receiver({ refuseRecipient: (a) => (a.startsWith("gone") ? 550 : null) });
    await queue([mail("gone@example.com", 1), mail("here@example.com", 2)]);
    deliver(smtp.url, { log: log.logger });
    await until(async () => (await rows()).every((r) => r.nextAttemptAt === null));
    const [failed, sent] = await rows();
    expect(failed).toMatchObject({ attempts: 1, deliveredAt: null, recipient: null, textBody: null, lastError: "SMTP 550 at RCPT TO" });
    expect(failed!.failedAt).not.toBeNull();
    expect(sent!.deliveredAt).not.toBeNull();
    expect(smtp.received.map((m) => m.to)).toEqual([["here@example.com"]]);
    const text = await log.text();
    expect(text).toContain("mail failed");
    expect(text).not.toContain("gone@example.com");
  }, 30_000);

  test("a 4xx at every attempt fails the mail after MAIL_MAX_ATTEMPTS", async () => {
    const smtp = await receiver({ answer: () => ({ code: 421, message: "421 4.3.2 busy" }) });
    await queue([mail("carol@example.com")]);
    deliver(smtp.url, { mail: { maxAttempts: 3 } });
    await until(async () => (await rows())[0]!.failedAt !== null);
    expect(smtp.attempts).toHaveLength(3);
    expect((await rows())[0]).toMatchObject({ attempts: 3, lastError: "SMTP 421 4.3.2 at DATA", recipient: null });
  }, 30_000);

  test("SMTP down, then back on the same port: nothing lost, each mail once", async () => {
    const first = await receiver();
    const port = first.port;
    await first.close();
    receivers = [];
    await queue(Array.from({ length: 20 }, (_, i) => mail(`m${i}@example.com`, i)));
    deliver(`smtp://test:test@127.0.0.1:${port}`, { mail: { retryMaxMs: 50 } });
    // Refused connections are retried with backoff.
    await until(async () => (await rows()).every((r) => r.attempts >= 2));
    expect((await rows()).every((r) => r.deliveredAt === null && r.lastError?.startsWith("SMTP "))).toBe(true);
    const back = await receiver({ port });
    await back.waitFor(20);
    await until(async () => (await rows()).every((r) => r.deliveredAt !== null));
    expect(new Set(back.received.map((m) => m.to[0])).size).toBe(20);
    expect(back.received).toHaveLength(20);
  }, 60_000);

  test("a mail a dead worker began sending is not sent again (at most once): failed as unconfirmed", async () => {
    const smtp = await receiver();
    await queue([mail("dan@example.com")]);
    await t.db.update(mailOutbox).set({ sendStartedAt: TEST_NOW });
    deliver(smtp.url);
    await until(async () => (await rows())[0]!.failedAt !== null);
    expect((await rows())[0]).toMatchObject({ lastError: "send unconfirmed", recipient: null, sendStartedAt: null });
    expect(smtp.attempts).toHaveLength(0);
  }, 30_000);

  test("/metrics: the mail channel's backlog and deliveries by outcome", async () => {
    const smtp = await receiver({ refuseRecipient: (a) => (a.startsWith("gone") ? 550 : null) });
    await queue([mail("gone@example.com", 1), mail("ok@example.com", 2)]);
    deliver(smtp.url);
    await until(async () => (await rows()).every((r) => r.nextAttemptAt === null));
    const text = await metrics.registry.metrics();
    expect(text).toContain('outbox_backlog{channel="mail",state="waiting"} 0');
    expect(text).toContain('outbox_backlog{channel="mail",state="failed"} 1');
    expect(text).toMatch(/outbox_deliveries_total\{channel="mail",outcome="delivered"\} [1-9]/);
    expect(text).toMatch(/outbox_deliveries_total\{channel="mail",outcome="given_up"\} [1-9]/);
  }, 30_000);
});

test("SMTP errors: a 5xx at RCPT TO or DATA fails; 4xx, a 5xx at AUTH and connection errors retry; no address kept", () => {
  expect(classifySmtpError({ responseCode: 550, command: "RCPT TO", response: "550 5.1.1 <x@example.com>: no such user" }))
    .toEqual({ kind: "failed", error: "SMTP 550 5.1.1 at RCPT TO" });
  expect(classifySmtpError({ responseCode: 554, command: "DATA", response: "554 rejected" })).toEqual({ kind: "failed", error: "SMTP 554 at DATA" });
  expect(classifySmtpError({ responseCode: 451, command: "DATA", response: "451 4.7.1 later" })).toEqual({ kind: "retry", error: "SMTP 451 4.7.1 at DATA" });
  expect(classifySmtpError({ responseCode: 535, command: "AUTH PLAIN", response: "535 bad" }).kind).toBe("retry");
  expect(classifySmtpError({ code: "ECONNECTION" })).toEqual({ kind: "retry", error: "SMTP ECONNECTION" });
});

test("the Message-ID domain is DKIM's, else the From address's", () => {
  expect(messageIdDomain({ from: "Runboard <runs@runs.example>" })).toBe("runs.example");
  expect(messageIdDomain({ from: "runs@plain.example" })).toBe("plain.example");
  expect(messageIdDomain({ from: "Runboard <runs@runs.example>", dkim: { domainName: "signed.example", keySelector: "s", privateKey: "k" } })).toBe("signed.example");
});

describe("pruning", () => {
  test("sent mail goes after 7 days and failed mail after 30; waiting mail stays", async () => {
    const day = 86_400_000;
    const at = (days: number) => new Date(TEST_NOW.getTime() - days * day);
    await t.db.insert(mailOutbox).values([
      { idempotencyKey: "sent-old", purpose: "invitation", deliveredAt: at(8) },
      { idempotencyKey: "sent-new", purpose: "invitation", deliveredAt: at(6) },
      { idempotencyKey: "failed-old", purpose: "invitation", failedAt: at(31) },
      { idempotencyKey: "failed-new", purpose: "invitation", failedAt: at(29) },
      { idempotencyKey: "waiting-old", purpose: "alert-reminder", recipient: "x@example.com", nextAttemptAt: at(40), createdAt: at(40) },
    ]);
    expect(await pruneMailOutbox(t.db, TEST_NOW)).toBe(2);
    expect((await rows()).map((r) => r.idempotencyKey).sort()).toEqual(["failed-new", "sent-new", "waiting-old"]);
  });
});
