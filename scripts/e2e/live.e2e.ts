// Live pages in a real browser (docs/decisions/29-live-pages.md): writes through the API
// change the open raid calendar and run page in place, with no reload, keeping focus.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { PASSWORD, useE2E } from "./harness";

const e2e = useE2E();
const CALENDAR = "/category/wow/mop-raid-calendar";

async function owner(): Promise<{ cookie: string; booster: number }> {
  const res = await fetch(`${e2e.url}/api/auth/login`, {
    method: "POST", headers: { "content-type": "application/json", origin: e2e.url }, body: JSON.stringify({ email: "owner@example.com", password: PASSWORD }),
  });
  const cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
  const boosters = (await (await fetch(`${e2e.url}/api/users/boosters`, { headers: { cookie } })).json()) as { id: number; boosterId: string }[];
  return { cookie, booster: boosters.find((b) => b.boosterId === "BB-1001")!.id };
}

async function api(method: string, path: string, cookie: string, body?: unknown) {
  const res = await fetch(e2e.url + path, {
    method, headers: { "content-type": "application/json", origin: e2e.url, cookie }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBeLessThan(300);
  return res.json() as Promise<Record<string, unknown>>;
}

/** The public run behind a display id (its row id for the API). */
async function runId(displayId: string): Promise<number> {
  const runs = (await (await fetch(`${e2e.url}/api/runs`)).json()) as { id: number; displayId: string }[];
  return runs.find((r) => r.displayId === displayId)!.id;
}

const labels = (page: Page) => page.locator(".run-grid > li .run-card__id").allTextContents();
/** Marks the page so a reload would show (the marker would be gone). */
const mark = (page: Page) => page.evaluate(() => { (window as unknown as { notReloaded: boolean }).notReloaded = true; });
const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

describe("live pages", () => {
  test("the open raid calendar follows writes in place: a new run waits behind 'show', a cancelled one fades out, focus stays", async () => {
    const { cookie, booster } = await owner();
    const page = await e2e.page();
    await page.goto(e2e.url + CALENDAR);
    await mark(page);
    const before = await labels(page);
    expect(before.length).toBeGreaterThan(2);
    // The reader is on the second card's booking control.
    const second = page.locator(".run-grid > li").nth(1);
    await second.getByRole("button").focus();
    const focused = await focusedText(page);
    const scrolled = await page.evaluate(() => window.scrollY);

    const created = await api("POST", "/api/runs", cookie, {
      gameId: 1, boosterId: booster, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1, completionModeId: 1,
      gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2099-12-01 20:00",
    });
    const show = page.getByRole("button", { name: "1 new run, show" });
    await show.waitFor();
    expect(await labels(page)).toEqual(before); // not pushed under the reader
    expect(await focusedText(page)).toBe(focused);

    // A cancelled run (not the focused one) fades out and leaves.
    const gone = before[2]!;
    await api("PATCH", `/api/runs/${await runId(gone)}`, cookie, { status: "cancelled" });
    await page.locator(`.run-grid > li[data-run="${gone}"]`).waitFor({ state: "detached" });
    expect(await labels(page)).toEqual(before.filter((l) => l !== gone));
    expect(await focusedText(page)).toBe(focused);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    // 'show' brings the new card and puts focus on it.
    await show.click();
    const fresh = created.displayId as string;
    await page.locator(`.run-grid > li[data-run="${fresh}"]`).waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest("li")?.getAttribute("data-run"))).toBe(fresh);
    expect(await notReloaded(page)).toBe(true);
  });

  test("the open run page follows its run: a new time in place, then 'no longer offered' when it is cancelled", async () => {
    const { cookie, booster } = await owner();
    const created = await api("POST", "/api/runs", cookie, {
      gameId: 1, boosterId: booster, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1, completionModeId: 1,
      gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2099-12-02 20:00",
    });
    const page = await e2e.page();
    await page.goto(`${e2e.url}/runs/${created.displayId}`);
    await mark(page);
    const book = page.getByRole("link", { name: "Book on Blazing Boost" });
    const gone = page.getByText("This run is no longer offered.");
    expect(await gone.isVisible()).toBe(false);
    await book.focus();
    // Written at once, perhaps before the stream opened: it resumes from the page's position, so nothing is lost.
    await api("PATCH", `/api/runs/${created.id}`, cookie, { scheduledDate: "2099-12-02 21:45" });
    await page.locator(".run-page__time time", { hasText: "21:45" }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Book on Blazing Boost");

    await api("PATCH", `/api/runs/${created.id}`, cookie, { status: "cancelled" });
    await gone.waitFor();
    expect(await book.isVisible()).toBe(false);
    expect(await page.locator("[data-live-announce]").textContent()).toBe(`${created.displayId} is no longer offered`);
    expect(await notReloaded(page)).toBe(true);
  });
});
