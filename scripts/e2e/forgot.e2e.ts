// Forgot password in a real browser at 390 px, with the server sending over SMTP to a real
// receiver in this process: from /auth by keyboard to /forgot, the confirmation, the mail, its
// link, the new password. axe finds nothing on the pages on the way (docs/decisions/33).
import { afterAll, describe, expect, test } from "bun:test";
import { smtpReceiver } from "../../src/testing/smtpReceiver";
import { axeViolations } from "./axe";
import { useE2E } from "./harness";

const smtp = await smtpReceiver();
const e2e = useE2E({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Runboard <runs@e2e.example>" } });
afterAll(() => smtp.close());

const PHONE = { width: 390, height: 844 };

describe("forgot password", () => {
  test("at 390 px, by keyboard: /auth → /forgot → the confirmation; the mailed link sets a new password", async () => {
    const page = await e2e.page(PHONE);
    await page.goto(`${e2e.url}/auth`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Forgot your password?" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/forgot");
    expect(await page.getByRole("heading", { level: 1, name: "Forgot Password" }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Email").focus();
    await page.keyboard.type("booster2@example.com");
    await e2e.screenshot(page, "forgot-form-390");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/forgot" && u.searchParams.get("sent") === "1");
    expect(await page.getByRole("heading", { level: 1, name: "Check Your Email" }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await e2e.screenshot(page, "forgot-sent-390");

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["booster2@example.com"]);
    const link = /https?:\/\/\S+\/reset\/[A-Za-z0-9_-]+/.exec(mail!.text)![0];
    expect(link.startsWith(e2e.url)).toBe(true);
    await page.goto(link);
    expect(await page.getByText("Choose a new password for booster2@example.com.").isVisible()).toBe(true);
    await page.getByLabel("New Password", { exact: true }).fill("Fresh-Start9");
    await page.getByLabel("Confirm New Password", { exact: true }).fill("Fresh-Start9");
    await page.getByRole("button", { name: "Set Password" }).click();
    await page.waitForURL((u) => u.pathname === "/auth");
    await e2e.signIn(page, "booster2@example.com", "Fresh-Start9");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
  });

  // That no mail goes to it is shown in process, where the work after the answer can be awaited
  // (src/api/passwords/forgot.test.ts, src/mail/staffMails.smtp.test.ts).
  test("without JavaScript an unknown address gets the same confirmation page", async () => {
    const page = await e2e.page({ ...PHONE, javaScriptEnabled: false });
    await page.goto(`${e2e.url}/forgot`);
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByRole("button", { name: "Email Me a Reset Link" }).click();
    await page.waitForURL((u) => u.searchParams.get("sent") === "1");
    expect(await page.getByRole("heading", { level: 1, name: "Check Your Email" }).isVisible()).toBe(true);
  });

  test("the staff reset dialog says the link was emailed, and the mail arrives", async () => {
    const before = smtp.received.length;
    const page = await e2e.page();
    await e2e.signIn(page, "owner@example.com", undefined, "/admin?tab=users");
    await page.getByRole("button", { name: "Create password reset link for Frostbolt" }).click();
    const dialog = page.getByRole("dialog", { name: "Password Reset Link" });
    await dialog.getByRole("button", { name: "Create Reset Link" }).click();
    await dialog.getByText("Reset link emailed to booster@example.com. You can also copy the link below.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const link = await dialog.getByLabel("Password Reset Link", { exact: true }).inputValue();
    await smtp.waitFor(before + 1);
    const mail = smtp.received.find((m) => m.text.includes(link));
    expect(mail?.to).toEqual(["booster@example.com"]);
  });
});
