// The storefront's order webhook against a production server, seen by staff in a real
// browser: a signed paid order beyond the places left shows "Overbooked by 1 place" on the
// run's row and an "Order overbooked the run" event by the Storefront in the Activity tab;
// the refund clears the warning.
import { describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { boosters, factions, raidRuns, raids } from "../../db/schema";
import { freshSecrets } from "../../src/config/secretRules";
import { signatureHeader } from "../../src/http/storefrontSignature";
import { GAME_IDS } from "../../src/shared/enums";
import { useE2E } from "./harness";

const SECRET = freshSecrets().JWT_SECRET;
let displayId = "";

const e2e = useE2E({
  env: { STOREFRONT_WEBHOOK_SECRET: SECRET },
  // A raid run next week with 2 places.
  prepare: async (db) => {
    const [booster] = await db.select({ id: boosters.id }).from(boosters).orderBy(asc(boosters.id)).limit(1);
    const [raid] = await db.select({ id: raids.id }).from(raids).orderBy(asc(raids.id)).limit(1);
    const [faction] = await db.select({ id: factions.id }).from(factions).where(eq(factions.gameId, GAME_IDS.raid)).orderBy(asc(factions.id)).limit(1);
    const [run] = await db.insert(raidRuns).values({
      gameId: GAME_IDS.raid, boosterId: booster!.id, raidId: raid!.id, factionId: faction!.id, difficulty: "normal_10", region: "EU",
      startsAt: new Date(Date.now() + 7 * 86_400_000), spots: 2,
    }).returning({ id: raidRuns.id });
    displayId = `MOP-${run!.id}`;
    await db.update(raidRuns).set({ displayId }).where(eq(raidRuns.id, run!.id));
  },
});

/** What the store's server sends: no cookie, no Origin, the body signed now. */
async function order(status: "paid" | "refunded") {
  const body = JSON.stringify({ orderId: "shop-42", run: displayId, quantity: 3, status });
  const res = await fetch(`${e2e.url}/api/storefront/orders`, {
    method: "POST", body, headers: { "content-type": "application/json", "runboard-signature": signatureHeader(SECRET, Math.floor(Date.now() / 1000), body) },
  });
  return { status: res.status, body: await res.json() };
}

async function runRow(page: Page) {
  await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
  await page.getByPlaceholder("Search by ID, raid name, or booster").fill(displayId);
  // The search answers after its debounce: wait for the one matching row.
  await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 1);
  const row = page.getByRole("table", { name: "MoP Raid Runs" }).locator("tbody tr");
  expect(await row.getByText(displayId, { exact: true }).count()).toBe(1);
  return row;
}

describe("storefront orders, seen by staff", () => {
  test("an overbooked paid order warns on the run's row and in the Activity tab; its refund clears the row (1280 and 390 px)", async () => {
    expect(await order("paid")).toEqual({ status: 200, body: { orderId: "shop-42", status: "paid", run: displayId, counted: 2, overbooked: 1 } });
    for (const width of [1280, 390]) {
      const page = await e2e.page({ width, height: 900 });
      await e2e.signIn(page, "owner@example.com");
      const row = await runRow(page);
      const badge = row.getByText("Overbooked by 1 place");
      expect(await badge.isVisible()).toBe(true);
      // Inside the viewport's width, even on a phone.
      const box = (await badge.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // Under the run's id, on phones too (where each cell is a label and its value).
      const id = (await row.getByText(displayId, { exact: true }).boundingBox())!;
      expect({ alignedWithId: Math.abs(box.x - id.x) < 2, below: box.y > id.y }).toEqual({ alignedWithId: true, below: true });
      await e2e.screenshot(page, `storefront-overbooked-${width}`);

      await page.goto(`${e2e.url}/admin?tab=activity&entityType=run&entityId=${displayId}`);
      const event = page.getByRole("table", { name: "Activity" }).locator("tbody tr").first();
      expect(await event.locator(".badge").first().textContent()).toBe("Order overbooked the run");
      expect(await event.textContent()).toContain("Storefront");
    }

    expect(await order("refunded")).toMatchObject({ status: 200, body: { counted: -2 } });
    const page = await e2e.page();
    await e2e.signIn(page, "owner@example.com");
    const row = await runRow(page);
    expect(await row.getByText(/Overbooked/).count()).toBe(0);
  }, 60_000);
});
