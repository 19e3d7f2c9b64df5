// End to end through a real SMTP server run by the test (smtp-server, parsed by mailparser):
// the invitation, the staff reset link and the forgot-password mail arrive with both parts,
// and the link read from the received mail does what it says (docs/decisions/33).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mailOutbox, users } from "../../db/schema";
import { TEST_NOW, resetDb } from "../testing/db";
import { ORIGIN, makeTestApp, type TestApp } from "../testing/app";
import { smtpReceiver, type ReceivedMail, type SmtpReceiver } from "../testing/smtpReceiver";
import { startTestMailDelivery } from "../testing/mailDelivery";
import type { Outbox } from "../ops/outbox/engine";
import { afterAnswerIdle } from "../ops/afterAnswer";

let t: TestApp;
let smtp: SmtpReceiver;
let delivery: Outbox;
beforeAll(async () => {
  t = await makeTestApp({ env: { MAIL_FROM: "Runboard <runs@runs.example>" } });
  // Before the worker starts: mail an earlier test file of this process left queued is gone.
  await resetDb({ runs: false });
  smtp = await smtpReceiver();
  delivery = startTestMailDelivery(t, smtp.url);
}, 60_000);
afterAll(async () => {
  await delivery.stop();
  await smtp.close();
});
beforeEach(async () => {
  await resetDb({ runs: false });
  t.setNow(TEST_NOW);
  smtp.received.length = 0;
});
// Forgot password's work runs up to 1 s after its answer: it belongs to the test that asked.
afterEach(() => afterAnswerIdle(t.db));

/** The one link of `kind` in the received mail's plain-text part, as a path on this site. */
function pathIn(mail: ReceivedMail, kind: "invite" | "reset"): string {
  const url = new RegExp(`https?://\\S+/${kind}/[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  expect(url).toBeDefined();
  expect(url!.startsWith(ORIGIN)).toBe(true);
  // The HTML part carries the same link.
  expect(mail.html).toContain(`href="${url}"`);
  return url!.slice(ORIGIN.length);
}
const setPassword = (path: string, password = "Fresh-Start9") =>
  t.request("POST", `/api/auth/reset/${path.split("/reset/")[1]}`, { body: { password, confirmPassword: password } });

describe("staff mails through a real SMTP server", () => {
  test("forgot password: the mail arrives at the account's address, and its link sets a new password", async () => {
    expect((await t.request("POST", "/api/auth/forgot", { body: { email: "BOOSTER@example.com" } })).status).toBe(202);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["booster@example.com"]);
    expect(mail!.from).toContain("runs@runs.example");
    expect(mail!.subject).toBe("Set a new Runboard password");
    const path = pathIn(mail!, "reset");
    expect((await setPassword(path)).status).toBe(200);
    expect((await t.request("POST", "/api/auth/login", { body: { email: "booster@example.com", password: "Fresh-Start9" } })).status).toBe(200);
  });

  test("forgot password for an unknown address sends nothing, while a known one sent right after arrives", async () => {
    await t.request("POST", "/api/auth/forgot", { body: { email: "nobody@example.com" } });
    await t.request("POST", "/api/auth/forgot", { body: { email: "admin@example.com" } });
    await afterAnswerIdle(t.db);
    // Both requests' work is done: the outbox holds exactly the one mail, which arrives.
    expect((await t.db.select({ purpose: mailOutbox.purpose }).from(mailOutbox))).toEqual([{ purpose: "password-reset" }]);
    const got = await smtp.waitFor(1);
    expect(got.map((m) => m.to)).toEqual([["admin@example.com"]]);
  });

  test("an invitation arrives at the invited address, and its link registers the account", async () => {
    const res = await t.request("POST", "/api/invites", {
      body: { email: "newbie@example.com", userType: "booster", boosterUserId: "BB-2001", gameIds: [1], message: "See you Friday" },
      cookie: await t.cookieFor("admin@example.com"),
    });
    expect(((await res.json()) as { emailed: boolean }).emailed).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["newbie@example.com"]);
    expect(mail!.subject).toBe("You're invited to join Runboard as a booster");
    expect(mail!.text).toContain("An administrator of Runboard has invited you to join as a booster.");
    expect(mail!.text).toContain("See you Friday");
    const path = pathIn(mail!, "invite");
    const token = path.split("/invite/")[1]!;
    const made = await t.request("POST", `/api/auth/register/${token}`, { body: { email: "newbie@example.com", nickname: "Newbie", password: "Secret123" } });
    expect(made.status).toBe(200);
    expect(await t.db.select({ status: users.status }).from(users).where(eq(users.email, "newbie@example.com"))).toEqual([{ status: "active" }]);
  });

  test("a staff reset link arrives at the account's address and works", async () => {
    const [{ id }] = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, "booster@example.com"))) as [{ id: number }];
    const res = await t.request("POST", `/api/users/${id}/password-reset`, { cookie: await t.cookieFor("owner@example.com") });
    expect(res.status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["booster@example.com"]);
    expect(mail!.text).toContain("The owner of Runboard has made a link for you");
    expect((await setPassword(pathIn(mail!, "reset"))).status).toBe(200);
  });
});
