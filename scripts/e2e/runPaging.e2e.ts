// The run panel over a long list: pages come from the server, the
// keyboard pages through them without losing focus, and search and filters ask the server.
import { describe, expect, test } from "bun:test";
import { useE2E } from "./harness";
import { seedRaidRuns } from "../bench/seedRuns";

const RUNS = 230;
const e2e = useE2E({ prepare: (db) => seedRaidRuns(db, RUNS) });

describe("run panel paging in the browser", () => {
  test("Next and Previous by keyboard page through the server's pages; search and a filter narrow them", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "admin@example.com");
    await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
    const table = page.getByRole("table", { name: "MoP Raid Runs" });
    await page.getByText(`Showing 1–50 of ${RUNS} runs`).waitFor();
    const firstPage = await table.locator("tbody tr").first().textContent();

    const next = page.getByRole("button", { name: "Next", exact: true });
    await next.focus();
    await page.keyboard.press("Enter");
    await page.getByText(`Showing 51–100 of ${RUNS} runs`).waitFor();
    await page.waitForFunction((first) => document.querySelector("table tbody tr")?.textContent !== first, firstPage);
    expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
    for (let i = 0; i < 3; i++) await page.keyboard.press("Enter");
    await page.getByText("Page 5 of 5").waitFor();
    await page.getByText(`Showing 201–${RUNS} of ${RUNS} runs`).waitFor();
    // 'Next' is disabled on the last page: focus went to 'Previous', not to the page body.
    expect(await page.getByRole("button", { name: "Previous", exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await e2e.screenshot(page, "runs-paging-last-page-1280");

    const search = page.getByPlaceholder("Search by ID, raid name, or booster");
    await search.fill("mop-b12");
    // MOP-B12 and MOP-B120 … MOP-B129: one page, back at its start.
    await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 11);
    expect(await page.getByText(/^Page \d+ of/).count()).toBe(0);
    const ids = await table.locator('tbody tr td[data-label="ID"]').allTextContents();
    expect(ids.toSorted()).toEqual(["MOP-B12", ...Array.from({ length: 10 }, (_, i) => `MOP-B12${i}`)].toSorted());

    await search.fill("");
    await page.getByLabel("Status").selectOption({ label: "Cancelled" });
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll("table tbody tr")];
      return rows.length > 0 && rows.every((r) => r.textContent!.includes("Cancelled"));
    });
    await page.getByLabel("Status").selectOption({ label: "All" });
    await page.getByText(`Showing 1–50 of ${RUNS} runs`).waitFor();
  });
});
