// The staff console's mail section (Activity tab): waiting and failed mail and the latest
// failures, without addresses; axe finds nothing at 1280 and 390 px and its table fits.
// The production server has no /dev/mail (docs/decisions/32-mail-delivery.md).
import { describe, expect, test } from "bun:test";
import type { Locator } from "playwright-core";
import { mailOutbox } from "../../db/schema";
import { useE2E } from "./harness";
import { axeViolations } from "../audit/axe";

const e2e = useE2E({
  prepare: async (db) => {
    const at = new Date(Date.now() - 3_600_000);
    await db.insert(mailOutbox).values([
      // Failed: forgotten already, as the worker leaves them.
      { idempotencyKey: "e2e-failed-1", purpose: "invitation", attempts: 1, failedAt: at, lastError: "SMTP 550 5.1.1 at RCPT TO" },
      { idempotencyKey: "e2e-failed-2", purpose: "alert-spot", attempts: 10, failedAt: new Date(at.getTime() + 60_000), lastError: "SMTP 421 4.3.2 at DATA" },
      // Waiting, due in a day (the server has no SMTP_URL, so no worker takes it).
      { idempotencyKey: "e2e-waiting", purpose: "password-reset", recipient: "someone@example.com", subject: "s", textBody: "t", htmlBody: "<p>t</p>", nextAttemptAt: new Date(Date.now() + 86_400_000) },
    ]);
  },
});

/** No sideways scrolling, in the table's wrapper or the page; answers the first row's cell labels, each on screen. */
async function fits(table: Locator) {
  const fit = await table.evaluate((t) => {
    const wrap = t.closest(".table-wrap")!.getBoundingClientRect();
    const cells = [...t.querySelectorAll("tbody tr:first-child td")].map((td) => {
      const r = td.getBoundingClientRect();
      return { label: td.getAttribute("data-label"), visible: r.width > 0 && r.left >= wrap.left - 1 && r.right <= wrap.right + 1 };
    });
    const el = t.closest(".table-wrap")!;
    return { scroll: el.scrollWidth <= el.clientWidth, page: document.documentElement.scrollWidth <= innerWidth, cells };
  });
  expect(fit).toMatchObject({ scroll: true, page: true });
  expect(fit.cells.filter((c) => !c.visible)).toEqual([]);
  return fit.cells.map((c) => c.label);
}

describe("the mail section of the Activity tab", () => {
  for (const width of [1280, 390]) {
    test(`shows waiting and failed counts and the latest failures, axe-clean (${width}px)`, async () => {
      const page = await e2e.page({ width, height: 900 });
      await e2e.signIn(page, "owner@example.com");
      await page.goto(`${e2e.url}/admin?tab=activity`);
      const section = page.getByRole("region", { name: "Mail" });
      expect(await section.textContent()).toContain("1 mail waiting to be sent, 2 mails failed.");
      const table = page.getByRole("table", { name: "Failed mails, newest first" });
      const rows = await table.locator("tbody tr").allTextContents();
      expect(rows).toHaveLength(2);
      expect(rows[0]).toContain("Spot alert");
      expect(rows[0]).toContain("SMTP 421 4.3.2 at DATA");
      expect(rows[1]).toContain("Invitation");
      expect(await section.textContent()).not.toContain("someone@example.com");
      expect(await fits(table)).toEqual(["Failed at", "Mail", "Error", "Attempts"]);
      await page.getByRole("table", { name: "Activity" }).locator("tbody tr").first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await e2e.screenshot(page, `admin-activity-mail-${width}`);
    });
  }

  test("production has no /dev/mail", async () => {
    expect((await fetch(`${e2e.url}/dev/mail`)).status).toBe(404);
  });
});
