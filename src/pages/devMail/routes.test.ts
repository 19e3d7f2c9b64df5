// The embedded default: without SMTP_URL, development writes each mail as an .eml file under
// DATA_DIR/mail and lists them at /dev/mail; production has no such page and no mail channel.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isNotNull } from "drizzle-orm";
import { mailOutbox } from "../../../db/schema";
import { makeTestApp, type TestApp } from "../../testing/app";
import { resetDb, TEST_NOW } from "../../testing/db";
import { captureLog } from "../../testing/log";
import { startOutbox } from "../../ops/outbox/engine";
import { mailChannel } from "../../mail/delivery";
import { composeMail } from "../../mail/compose";
import { queueMail } from "../../mail/queue";
import { mailAvailable } from "../../config/mailConfig";

let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "runboard-devmail-"));
  t = await makeTestApp({ env: { DATA_DIR: dir, MAIL_FROM: "Runboard <runs@runs.example>", MAIL_POLL_MS: "10" } });
  await resetDb({ runs: false });
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

test("development without SMTP_URL: each mail becomes an .eml file, listed newest first at /dev/mail, its text shown, its HTML sandboxed", async () => {
  expect(t.config.mail.transport).toBe("files");
  const mail = (n: number) => composeMail({
    purpose: "password-reset", to: `user${n}@example.com`, subject: `Reset ${n}`, paragraphs: [`Hello <${n}>`],
    action: { label: "Choose a new password", url: `https://runs.example/reset/${n}` },
  });
  await t.db.transaction((tx) => queueMail(tx, TEST_NOW, mail(1)));
  await t.db.transaction((tx) => queueMail(tx, new Date(TEST_NOW.getTime() + 1000), mail(2), { dueAt: new Date(TEST_NOW.getTime() + 1000) }));
  const t0 = performance.now();
  const clock = () => new Date(TEST_NOW.getTime() + (performance.now() - t0));
  const log = captureLog().logger;
  const outbox = startOutbox({ channels: [mailChannel({ db: t.db, config: t.config.mail, dataDir: dir, clock, log })!], clock, log });
  try {
    while ((await t.db.select().from(mailOutbox).where(isNotNull(mailOutbox.deliveredAt))).length < 2) await Bun.sleep(10);
  } finally {
    await outbox.stop();
  }
  const files = (await readdir(join(dir, "mail"))).sort();
  expect(files).toHaveLength(2);
  expect(files.every((f) => f.endsWith(".eml"))).toBe(true);

  const list = await t.request("GET", "/dev/mail");
  expect(list.status).toBe(200);
  const html = await list.text();
  // Newest first: the second mail's subject comes before the first's.
  expect(html.indexOf("Reset 2")).toBeGreaterThan(-1);
  expect(html.indexOf("Reset 2")).toBeLessThan(html.indexOf("Reset 1"));
  expect(html).toContain("user1@example.com");

  const one = await t.request("GET", `/dev/mail/${files[0]}`);
  expect(one.status).toBe(200);
  const page = await one.text();
  expect(page).toContain("Choose a new password: https://runs.example/reset/1");
  expect(page).toContain("Hello &lt;1&gt;");
  expect(page).toContain("Message-ID");

  const part = await t.request("GET", `/dev/mail/${files[0]}/html`);
  expect(part.status).toBe(200);
  expect(part.headers.get("content-security-policy")).toStartWith("sandbox");
  expect(await part.text()).toContain('href="https://runs.example/reset/1"');

  const raw = await t.request("GET", `/dev/mail/${files[0]}/raw`);
  expect(raw.headers.get("content-type")).toBe("message/rfc822");
  expect(await raw.text()).toContain("Subject: Reset 1");

  // Only the files the transport writes are read.
  expect((await t.request("GET", "/dev/mail/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  expect((await t.request("GET", "/dev/mail/nothing-here.eml")).status).toBe(404);
}, 60_000);

test("production: /dev/mail does not exist, and without SMTP_URL there is no mail channel", async () => {
  const prod = await makeTestApp({ env: { NODE_ENV: "production", DATA_DIR: dir } });
  expect(prod.config.mail.transport).toBe("none");
  expect(mailAvailable(prod.config)).toBe(false);
  expect(mailChannel({ db: prod.db, config: prod.config.mail, dataDir: dir, clock: prod.clock, log: captureLog().logger })).toBeNull();
  for (const path of ["/dev/mail", "/dev/mail/x.eml", "/dev/mail/x.eml/html"]) expect((await prod.request("GET", path)).status).toBe(404);
}, 60_000);
