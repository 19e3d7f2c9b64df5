// What visitors see of a run's places (issue #28), in a real browser at 390 and 1280 px, with
// and without JavaScript: the cards' "n spots left" / "1 spot left" / Full / Booking closed,
// the contact dialog, the run page, /go for a full run, and the "Only runs with free spots"
// filter (the no-JavaScript form and the island). Screenshots go to e2e-artifacts/.
import { CALENDAR_JS_BUDGET } from "./budgets";
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { games, raidRuns } from "../../db/schema";
import { GAME_IDS } from "../../src/shared/enums";
import { boosterRow, makeRun } from "../../src/testing/factories";
import { useE2E } from "./harness";

const STORE = "https://store.example.test/raids";
const CALENDAR = "/category/wow/mop-raid-calendar";
// Headless Chromium says "HeadlessChrome", which /go rightly takes for automation: browse as a desktop browser.
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const HOUR = 3_600_000;

/** The runs of every state, by name; filled in when the server's database is prepared. */
const ids: Record<"untracked" | "open" | "few" | "one" | "full" | "closed", string> = {} as never;

const e2e = useE2E({
  env: { STOREFRONT_RAID_URL: STORE },
  prepare: async (db) => {
    // Only this spec's raid runs, so the list and counts are known; a 2-hour cutoff keeps the
    // closed run closed for the whole spec (it starts in an hour).
    await db.delete(raidRuns);
    await db.update(games).set({ bookingCutoffMinutes: 120 }).where(eq(games.id, GAME_IDS.raid));
    const boosterId = await boosterRow(db, "BB-1001");
    const at = (h: number) => new Date(Date.now() + h * HOUR);
    ids.closed = (await makeRun(db, "raid", { boosterId, startsAt: at(1), spots: 8, spotsTaken: 2 })).displayId;
    ids.untracked = (await makeRun(db, "raid", { boosterId, startsAt: at(24) })).displayId;
    ids.open = (await makeRun(db, "raid", { boosterId, startsAt: at(26), spots: 10, spotsTaken: 4 })).displayId;
    ids.few = (await makeRun(db, "raid", { boosterId, startsAt: at(28), spots: 10, spotsTaken: 8 })).displayId;
    ids.one = (await makeRun(db, "raid", { boosterId, startsAt: at(30), spots: 5, spotsTaken: 4 })).displayId;
    ids.full = (await makeRun(db, "raid", { boosterId, startsAt: at(32), spots: 4, spotsTaken: 4 })).displayId;
  },
});

type CardState = { label: string; spots: string | null; state: string | null; contact: boolean; bookLink: boolean };
async function cards(page: Page): Promise<CardState[]> {
  return page.locator(".run-grid > li").evaluateAll((lis) => lis.map((li) => {
    const badge = li.querySelector(".spots");
    return {
      label: li.querySelector(".run-card__id")!.textContent!,
      spots: badge?.textContent ?? null,
      state: badge?.getAttribute("data-availability") ?? null,
      contact: [...li.querySelectorAll("a, button")].some((e) => e.textContent === "CONTACT US"),
      bookLink: !!li.querySelector('a[href^="/go/"]'),
    };
  }));
}
const labels = async (page: Page) => (await cards(page)).map((c) => c.label);
const mvCount = (page: Page) => page.locator(".tabs__tab", { hasText: "Mogu'shan Vaults" }).locator(".tabs__count").textContent();

/** Every state on the cards, in start order: the closed run first (it starts soonest). */
function expectEveryState(list: CardState[], js: boolean) {
  expect(list).toEqual([
    { label: ids.closed, spots: "Booking closed", state: "closed", contact: false, bookLink: false },
    { label: ids.untracked, spots: null, state: null, contact: true, bookLink: !js },
    { label: ids.open, spots: "6 spots left", state: "open", contact: true, bookLink: !js },
    { label: ids.few, spots: "2 spots left", state: "few", contact: true, bookLink: !js },
    { label: ids.one, spots: "1 spot left", state: "few", contact: true, bookLink: !js },
    { label: ids.full, spots: "Full", state: "full", contact: false, bookLink: false },
  ]);
}

/** The "few" badge is set apart by more than its words: a solid fill, unlike an open run's tint. */
async function expectFewDistinct(page: Page) {
  const fill = (id: string) => page.locator(".run-grid > li", { has: page.locator(".run-card__id", { hasText: id }) }).locator(".spots")
    .evaluate((e) => getComputedStyle(e).backgroundColor);
  const [few, open] = [await fill(ids.few), await fill(ids.open)];
  expect(few).not.toBe(open);
  expect(few).not.toContain("0.13"); // the tinted badges' alpha
}

const noWiderThan = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** Everything a calendar page loads before any interaction, gzipped (level 6) and summed: the calendar budget (./budgets.ts). */
async function calendarJsGzip(page: Page): Promise<number> {
  const urls = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((u) => u.endsWith(".js")));
  const sizes = await Promise.all(urls.map(async (u) => Bun.gzipSync(new Uint8Array(await (await fetch(new URL(new URL(u).pathname, e2e.url))).arrayBuffer())).byteLength));
  return sizes.reduce((a, b) => a + b, 0);
}

describe("places on the raid calendar", () => {
  for (const width of [390, 1280]) {
    test(`without JavaScript at ${width} px: every state on the cards, and the free-spots filter through the form`, async () => {
      const page = await e2e.page({ width, height: 900, javaScriptEnabled: false });
      await page.goto(`${e2e.url}${CALENDAR}`);
      expectEveryState(await cards(page), false);
      await expectFewDistinct(page);
      await noWiderThan(page, width);
      expect(await mvCount(page)).toBe("6");
      await e2e.screenshot(page, `availability-nojs-${width}-calendar`);

      // On a phone the filters are folded away behind their disclosure.
      if (width === 390) await page.getByText("Filters", { exact: true }).click();
      await page.getByRole("checkbox", { name: "Only runs with free spots" }).check();
      await page.getByRole("button", { name: "Apply filters" }).click();
      // The form sends every select too ('all'); the page's canonical URL is the filter alone.
      await page.waitForURL((u) => u.searchParams.get("open") === "1");
      expect(await page.locator("link[rel=canonical]").getAttribute("href")).toBe(`${e2e.url}${CALENDAR}?open=1`);
      expect(await labels(page)).toEqual([ids.untracked, ids.open, ids.few, ids.one]);
      expect(await mvCount(page)).toBe("4");
      // (On a phone the disclosure is folded again after the reload: its summary counts the filter.)
      expect(await page.locator('input[type=checkbox][name="open"]').isChecked()).toBe(true);
      if (width === 390) expect(await page.locator(".filters__summary").textContent()).toBe("Filters (1 active)");
      await e2e.screenshot(page, `availability-nojs-${width}-open-only`);
    });

    test(`with JavaScript at ${width} px: cards, the dialog's places, and the filter in place`, async () => {
      const page = await e2e.page({ width, height: 900 });
      await page.goto(`${e2e.url}${CALENDAR}`);
      expectEveryState(await cards(page), true);
      await expectFewDistinct(page);
      await noWiderThan(page, width);
      const js = await calendarJsGzip(page);
      console.log(`raid calendar JavaScript with places: gzip ${js} B`);
      expect(js).toBeLessThanOrEqual(CALENDAR_JS_BUDGET);

      const card = page.locator(".run-grid > li").nth(4);
      await card.getByRole("button", { name: `Contact us about ${ids.one}` }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(await dialog.locator(".spots").textContent()).toBe("1 spot left");
      expect(await dialog.getByRole("link", { name: "Book on Blazing Boost" }).getAttribute("href")).toBe(`/go/${ids.one}?source=calendar`);
      await e2e.screenshot(page, `availability-js-${width}-dialog`);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });

      if (width === 390) await page.getByText("Filters", { exact: true }).click();
      await page.getByRole("checkbox", { name: "Only runs with free spots" }).check();
      await page.waitForFunction(() => location.search === "?open=1");
      expect(await labels(page)).toEqual([ids.untracked, ids.open, ids.few, ids.one]);
      expect(await mvCount(page)).toBe("4");
      // In place: the page was not reloaded, so there is no submit button, and the island kept running.
      expect(await page.getByRole("button", { name: "Apply filters" }).count()).toBe(0);
      await e2e.screenshot(page, `availability-js-${width}-open-only`);
      await page.getByRole("checkbox", { name: "Only runs with free spots" }).uncheck();
      await page.waitForFunction(() => location.search === "");
      expect(await labels(page)).toHaveLength(6);
    });
  }
});

describe("places on the run page and /go", () => {
  for (const width of [390, 1280]) {
    for (const javaScriptEnabled of [true, false]) {
      test(`at ${width} px ${javaScriptEnabled ? "with" : "without"} JavaScript: places left, Full and Booking closed; no booking button on a full run`, async () => {
        const page = await e2e.page({ width, height: 844, javaScriptEnabled });
        const tag = `${javaScriptEnabled ? "js" : "nojs"}-${width}`;
        await page.goto(`${e2e.url}/runs/${ids.few}`);
        expect(await page.locator(".run-page__spots").textContent()).toBe("2 spots left");
        expect(await page.getByRole("link", { name: "Book on Blazing Boost" }).isVisible()).toBe(true);
        const event = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
        expect(event).toMatchObject({ maximumAttendeeCapacity: 10, remainingAttendeeCapacity: 2, offers: { availability: "https://schema.org/LimitedAvailability" } });
        await noWiderThan(page, width);
        await e2e.screenshot(page, `availability-${tag}-run-few`);

        await page.goto(`${e2e.url}/runs/${ids.full}`);
        expect(await page.locator(".run-page__spots").textContent()).toBe("Full");
        expect(await page.getByRole("heading", { name: "Full" }).isVisible()).toBe(true);
        expect(await page.getByRole("link", { name: "Book on Blazing Boost" }).count()).toBe(0);
        expect(JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!).offers.availability).toBe("https://schema.org/SoldOut");
        await noWiderThan(page, width);
        await e2e.screenshot(page, `availability-${tag}-run-full`);

        await page.goto(`${e2e.url}/runs/${ids.closed}`);
        expect(await page.getByRole("heading", { name: "Booking closed" }).isVisible()).toBe(true);
        expect(await page.getByRole("link", { name: "Book on Blazing Boost" }).count()).toBe(0);
        await e2e.screenshot(page, `availability-${tag}-run-closed`);
      });
    }
  }

  test("a booking link to a full run lands on the run page, not the store", async () => {
    const page = await e2e.page();
    await page.context().setExtraHTTPHeaders({ "user-agent": DESKTOP });
    let storeVisited = false;
    await page.context().route("https://store.example.test/**", (route) => {
      storeVisited = true;
      return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Store</title>" });
    });
    await page.goto(`${e2e.url}/go/${ids.full}`);
    expect(new URL(page.url()).pathname).toBe(`/runs/${ids.full}`);
    expect(await page.locator(".run-page__spots").textContent()).toBe("Full");
    expect(storeVisited).toBe(false);
  });
});
