// Mails staff no longer copy by hand (docs/decisions/33): an invitation and a staff reset link
// are queued in the write's transaction, say who sent them (by role) and what Runboard is, and
// their link works; the answers say whether the link was emailed.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { invites, mailOutbox, users } from "../../../db/schema";
import { TEST_NOW, resetDb } from "../../testing/db";
import { ORIGIN, TEST_SECRETS, makeTestApp, type TestApp } from "../../testing/app";
import { T } from "../../shared/text";
import { sha256 } from "../auth/sessions";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
}, 60_000);
beforeEach(async () => {
  await resetDb({ runs: false });
  t.setNow(TEST_NOW);
});

type Json = Record<string, any>;
const boosterInvite = { email: "Newbie@Example.com", userType: "booster", boosterUserId: "BB-2001", gameIds: [3, 1], message: "Welcome <aboard> & good luck!" };
const outbox = () => t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
const linkIn = (text: string, kind: "invite" | "reset") => new RegExp(`https?://\\S+/${kind}/[A-Za-z0-9_-]+`).exec(text)?.[0] ?? null;
const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe("invitation mails", () => {
  test("creating an invitation emails it: recipient, subject, who invited (by role), what Runboard is, the link and its expiry, in both parts", async () => {
    const res = await t.request("POST", "/api/invites", { body: boosterInvite, cookie: await t.cookieFor("admin@example.com") });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(body.emailed).toBe(true);
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ purpose: "invitation", recipient: "newbie@example.com", subject: "You're invited to join Runboard as a booster" });
    const text = mail!.textBody!;
    expect(linkIn(text, "invite")).toBe(body.inviteUrl);
    expect(body.inviteUrl).toBe(`${ORIGIN}/invite/${body.token}`);
    expect(text).toContain("An administrator of Runboard has invited you to join as a booster.");
    expect(text).toContain(T.staffMail.whatIsRunboard);
    expect(text).toContain("Their message: “Welcome <aboard> & good luck!”");
    expect(text).toContain("The link works until Sat 2026-11-28 · 10:00 UTC.");
    const html = mail!.htmlBody!;
    expect(html).toContain(`href="${body.inviteUrl}"`);
    expect(html).toContain("Welcome &lt;aboard&gt; &amp; good luck!");
    expect(html).not.toContain("<aboard>");
    // No secret but the link: not the inviter's address, not the booster id's holder, no token hash.
    for (const part of [text, html, mail!.subject!]) {
      expect(part).not.toContain("admin@example.com");
      expect(part).not.toContain(sha256(body.token));
    }
  });

  test("the link from the mail registers the invited person", async () => {
    await t.request("POST", "/api/invites", { body: { email: "chief@example.com", userType: "administrator" }, cookie: await t.cookieFor("owner@example.com") });
    const [mail] = await outbox();
    expect(mail!.textBody).toContain("The owner of Runboard has invited you to join as an administrator.");
    const path = linkIn(mail!.textBody!, "invite")!.slice(ORIGIN.length);
    expect((await t.request("GET", path)).status).toBe(200);
    const token = path.split("/invite/")[1]!;
    const res = await t.request("POST", `/api/auth/register/${token}`, { body: { email: "chief@example.com", nickname: "Chief", password: "Secret123" } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).user).toMatchObject({ email: "chief@example.com", role: "administrator", status: "active" });
  });

  test("re-issuing emails the new link (sent by the re-issuer's role); the old link stops working", async () => {
    const cookie = await t.cookieFor("admin@example.com");
    const first = (await (await t.request("POST", "/api/invites", { body: boosterInvite, cookie })).json()) as Json;
    const [{ id }] = (await t.db.select({ id: invites.id }).from(invites)) as [{ id: number }];
    t.setNow(new Date(TEST_NOW.getTime() + 60 * 60 * 1000));
    const res = await t.request("POST", `/api/pending-invites/${id}/reissue`, { cookie: await t.cookieFor("owner@example.com") });
    expect(res.status).toBe(200);
    const second = (await res.json()) as Json;
    expect(second.emailed).toBe(true);
    const mails = await outbox();
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({ purpose: "invitation", recipient: "newbie@example.com" });
    expect(linkIn(mails[1]!.textBody!, "invite")).toBe(second.inviteUrl);
    expect(mails[1]!.textBody).toContain("The owner of Runboard has invited you to join as a booster.");
    expect(mails[1]!.textBody).toContain("The link works until Sat 2026-11-28 · 11:00 UTC.");
    expect((await t.request("GET", new URL(first.inviteUrl).pathname)).status).toBe(404);
    expect((await t.request("GET", new URL(second.inviteUrl).pathname)).status).toBe(200);
  });

  test("a refused invitation queues nothing (the mail exists exactly when the invitation does)", async () => {
    const res = await t.request("POST", "/api/invites", { body: { ...boosterInvite, boosterUserId: "BB-1001" }, cookie: await t.cookieFor("owner@example.com") });
    expect(res.status).toBe(409);
    expect(await outbox()).toEqual([]);
  });
});

describe("staff password reset mails", () => {
  test("the staff action emails the link to the account: who made it (by role), its expiry, and the link works", async () => {
    const res = await t.request("POST", `/api/users/${await idOf("booster@example.com")}/password-reset`, { cookie: await t.cookieFor("admin@example.com") });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(body.emailed).toBe(true);
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ purpose: "password-reset", recipient: "booster@example.com", subject: "Set a new Runboard password" });
    expect(mail!.textBody).toContain("An administrator of Runboard has made a link for you to set a new password for your account (booster@example.com).");
    expect(mail!.textBody).toContain("The link works once, until Sat 2026-11-21 · 11:00 UTC.");
    expect(linkIn(mail!.textBody!, "reset")).toBe(body.resetUrl);
    expect(mail!.htmlBody).toContain(`href="${body.resetUrl}"`);
    expect(mail!.textBody).not.toContain("admin@example.com");
    const set = await t.request("POST", `/api/auth/reset/${body.token}`, { body: { password: "Fresh-Start9", confirmPassword: "Fresh-Start9" } });
    expect(set.status).toBe(200);
    expect((await t.request("POST", "/api/auth/login", { body: { email: "booster@example.com", password: "Fresh-Start9" } })).status).toBe(200);
  });

  test("a refused reset queues nothing", async () => {
    const res = await t.request("POST", `/api/users/${await idOf("owner@example.com")}/password-reset`, { cookie: await t.cookieFor("admin@example.com") });
    expect(res.status).toBe(403);
    expect(await outbox()).toEqual([]);
  });
});

describe("while mail is unavailable (production without SMTP_URL)", () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await makeTestApp({ env: { NODE_ENV: "production", ...TEST_SECRETS } });
  });

  test("invitations, re-issues and reset links are made as before, answered emailed: false, and nothing is queued", async () => {
    const invite = await prod.request("POST", "/api/invites", { body: boosterInvite, cookie: await prod.cookieFor("admin@example.com") });
    expect(invite.status).toBe(201);
    expect(((await invite.json()) as Json).emailed).toBe(false);
    const [{ id }] = (await prod.db.select({ id: invites.id }).from(invites)) as [{ id: number }];
    const again = await prod.request("POST", `/api/pending-invites/${id}/reissue`, { cookie: await prod.cookieFor("admin@example.com") });
    expect(((await again.json()) as Json).emailed).toBe(false);
    const reset = await prod.request("POST", `/api/users/${await idOf("booster@example.com")}/password-reset`, { cookie: await prod.cookieFor("admin@example.com") });
    expect(reset.status).toBe(201);
    expect(((await reset.json()) as Json).emailed).toBe(false);
    expect(await outbox()).toEqual([]);
  });
});
