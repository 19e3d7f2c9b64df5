import { CALENDAR_JS_BUDGET } from "./budgets";
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { cardTime } from "../../src/domain/cardTime";
import { DEFAULT_LOCALE, LOCALES } from "../../src/shared/i18n/locales";
import { useE2E } from "./harness";

const STORE = {
  raid: "https://store.example.test/raids",
  challenge: "https://store.example.test/challenge-modes",
  desert: "https://store.example.test/desert-perpetual",
};
const e2e = useE2E({ env: { STOREFRONT_RAID_URL: STORE.raid, STOREFRONT_CHALLENGE_URL: STORE.challenge, STOREFRONT_DESERT_URL: STORE.desert } });

type Card = { label: string; time: string; date: string; instant: string; text: string };

/** What every visible run card says, in order. */
async function cards(page: Page): Promise<Card[]> {
  return page.locator(".run-grid > li").evaluateAll((lis) => lis.map((li) => ({
    label: li.querySelector(".run-card__id")!.textContent!,
    time: li.querySelector(".run-card__time")!.textContent!,
    // The date line's own text: a run's places badge sits on the same line (RunCard.tsx).
    date: li.querySelector(".run-card__date")!.firstChild!.textContent!,
    instant: li.querySelector("time")!.getAttribute("datetime")!,
    text: (li as HTMLElement).innerText,
  })));
}
const labels = async (page: Page) => (await cards(page)).map((c) => c.label);

/** Every card shows its own start instant in `zone`, and the cards run in time order. */
function expectTimesIn(list: Card[], zone: "CET" | "EST") {
  for (const c of list) {
    const want = cardTime(Date.parse(c.instant), zone);
    expect({ time: c.time, date: c.date }).toEqual({ time: want.time, date: want.date });
  }
  const starts = list.map((c) => Date.parse(c.instant));
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
}

/** Waits until the island has hydrated (CONTACT US turns from a storefront link into a button). */
async function hydrated(page: Page) {
  await page.locator(".run-grid button", { hasText: "CONTACT US" }).first().waitFor();
}

/**
 * The JS budget (./budgets.ts; the target is 75 KiB, 76,800 B) for everything a calendar page loads before
 * any interaction, each file gzipped at the default level 6 and summed. Logs raw, level-6
 * and -9 sizes.
 */
async function expectJsBudget(page: Page, name: string) {
  const urls = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((u) => u.endsWith(".js")));
  const files = await Promise.all(urls.map(async (u) => {
    const raw = new Uint8Array(await (await fetch(new URL(new URL(u).pathname, e2e.url))).arrayBuffer());
    return { raw: raw.byteLength, gzip: Bun.gzipSync(raw).byteLength, gzip9: Bun.gzipSync(raw, { level: 9 }).byteLength };
  }));
  const sum = (k: "raw" | "gzip" | "gzip9") => files.reduce((n, f) => n + f[k], 0);
  console.log(`${name} JavaScript: ${files.length} files, raw ${sum("raw")} B, gzip ${sum("gzip")} B, gzip -9 ${sum("gzip9")} B`);
  expect(sum("gzip")).toBeLessThanOrEqual(CALENDAR_JS_BUDGET);
}

async function openContact(page: Page, cardIndex = 0) {
  const card = page.locator(".run-grid > li").nth(cardIndex);
  const button = card.getByRole("button", { name: /^Contact us about / });
  await button.click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  return { card, button, dialog };
}

describe("every language", () => {
  // Each locale's islands carry their own messages: the budget holds for the largest of them too.
  test("the JS budget holds on each calendar in every language", async () => {
    for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
      for (const path of ["/category/wow/mop-raid-calendar", "/category/wow/mop-challenge-mode-calendar", "/category/d2/desert-perpetual-calendar"]) {
        const page = await e2e.page();
        await page.goto(`${e2e.url}/${locale}${path}`);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
        await page.locator(".run-grid > li").first().waitFor();
        await expectJsBudget(page, `/${locale}${path}`);
      }
    }
  });
});

describe("raid calendar", () => {
  test("filters, zone switch, tooltip, contact dialog, shareable URL, no-JS parity and the JS budget", async () => {
    const page = await e2e.page();
    const res = await page.goto(`${e2e.url}/category/wow/mop-raid-calendar`);
    expect(res!.status()).toBe(200);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "MoP Raid Calendar" }).isVisible()).resolves.toBe(true);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await crumbs.getByRole("link", { name: "WoW" }).getAttribute("href")).toBe("/category/wow");
    expect(await page.getByRole("link", { name: "Back to Game Category" }).getAttribute("href")).toBe("/category/wow");
    expect(await page.getByRole("link", { name: "Mogu'shan Vaults" }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByText("Looking for something else?").isVisible()).toBe(true);
    expect(await page.getByText("All runs are posted by verified raid leaders.", { exact: false }).isVisible()).toBe(true);

    await expectJsBudget(page, "raid calendar");

    const euMsv = await cards(page);
    expect(euMsv.length).toBeGreaterThan(0);
    expectTimesIn(euMsv, "CET");

    // Region: the view changes in place and the URL follows. (The demo data has no US
    // runs in Mogu'shan Vaults: the empty state shows.)
    await page.getByRole("link", { name: "US", exact: true }).click();
    await page.waitForURL(/region=US/);
    expect(await page.getByRole("link", { name: "US", exact: true }).getAttribute("aria-current")).toBe("true");
    expect(await labels(page)).not.toEqual(euMsv.map((c) => c.label));
    if (!(await labels(page)).length) expect(await page.getByText("No runs available", { exact: true }).isVisible()).toBe(true);

    // A raid tab.
    await page.getByRole("link", { name: "Heart of Fear" }).click();
    await page.waitForURL(/region=US&raid=heart-of-fear/);
    const inTab = await cards(page);
    expect(inTab.length).toBeGreaterThan(0);
    for (const c of inTab) expect(c.text).toContain("Heart of Fear");

    // Zone: a US view shows EST unless another zone is chosen; US runs at 21:30 EST are
    // 03:30 CET the next day.
    expectTimesIn(inTab, "EST");
    await page.getByRole("group", { name: "Timezone" }).getByRole("link", { name: "CET" }).click();
    await page.waitForURL(/tz=CET/);
    const usCet = await cards(page);
    expectTimesIn(usCet, "CET");
    expect(usCet.some((c, i) => c.date !== inTab[i]!.date)).toBe(true);

    // The difficulty of the first run as a select filter.
    const difficulty = (await page.locator(".run-grid > li").first().locator(".run-card__header .badge").textContent())!;
    await page.getByLabel("Difficulty").selectOption({ label: difficulty });
    await page.waitForURL(new RegExp(`difficulty=${difficulty.toLowerCase().replace(" ", "_")}`));
    await page.waitForURL(/difficulty=/);
    const filtered = await cards(page);
    expect(filtered.map((c) => c.label)).toEqual(usCet.filter((c) => c.text.includes(difficulty)).map((c) => c.label));
    expect(filtered.length).toBeGreaterThan(0);
    // A difficulty no run in view has: the empty state.
    const other = ["Normal 10", "Heroic 10", "Normal 25", "Heroic 25"].find((d) => !usCet.some((c) => c.text.includes(d)))!;
    await page.getByLabel("Difficulty").selectOption({ label: other });
    await page.waitForURL(new RegExp(`difficulty=${other.toLowerCase().replace(" ", "_")}`));
    expect(await labels(page)).toEqual([]);
    expect(await page.getByText("No runs available", { exact: true }).isVisible()).toBe(true);
    await page.getByLabel("Difficulty").selectOption({ label: difficulty });

    // The copied URL reproduces the view, with and without JavaScript.
    const shared = page.url();
    expect(shared).toContain("tz=CET");
    const expected = await labels(page);
    const again = await e2e.page();
    await again.goto(shared);
    await hydrated(again);
    expect(await labels(again)).toEqual(expected);
    expect(await again.getByLabel("Difficulty").locator("option:checked").textContent()).toBe(difficulty);
    const noJs = await e2e.page({ javaScriptEnabled: false });
    await noJs.goto(shared);
    expect(await labels(noJs)).toEqual(expected);
    expectTimesIn(await cards(noJs), "CET");
    // Without JavaScript the selects are applied by a submit button, and CONTACT US is the run's booking link.
    await noJs.goto(`${e2e.url}/game/mop-raid-calendar`);
    expect(await noJs.getByRole("button", { name: "Apply filters" }).isVisible()).toBe(true);
    const unfiltered = await cards(noJs);
    const faction = unfiltered[0]!.text.includes("Horde") ? "Horde" : "Alliance";
    await noJs.getByLabel("Faction & Realm").selectOption(faction);
    await noJs.getByRole("button", { name: "Apply filters" }).click();
    await noJs.waitForURL(new RegExp(`faction=${faction}`));
    expect(await labels(noJs)).toEqual(unfiltered.filter((c) => c.text.includes(faction)).map((c) => c.label));
    const link = noJs.locator(".run-grid").getByRole("link", { name: /^Contact us about / }).first();
    expect(await link.getAttribute("href")).toMatch(/^\/go\/MOP-\d+\?source=calendar$/);
    expect(await link.getAttribute("rel")).toContain("noopener");
  });

  test("class-limitation tooltip on keyboard focus and the contact dialog in the chosen zone", async () => {
    const page = await e2e.page();
    await page.goto(`${e2e.url}/game/mop-raid-calendar?tz=EST`);
    await hydrated(page);
    expect(await page.getByRole("button", { name: "Apply filters" }).count()).toBe(0);

    // Find a card with a class limitation (any raid tab of the EU region).
    for (const raid of ["Mogu'shan Vaults", "Heart of Fear", "Terrace of Endless Spring", "Throne of Thunder", "Siege of Orgrimmar"]) {
      await page.getByRole("link", { name: raid }).click();
      if (await page.getByText("Class Limitation", { exact: true }).count()) break;
    }
    const badge = page.getByText("Class Limitation", { exact: true }).first();
    const tip = page.getByRole("tooltip").filter({ hasText: "Available Classes:" }).first();
    expect(await tip.isVisible()).toBe(false);
    await badge.focus();
    await tip.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await tip.waitFor({ state: "hidden" });
    await badge.blur();
    await badge.hover();
    await tip.waitFor({ state: "visible" });

    const first = (await cards(page))[0]!;
    const { button, dialog } = await openContact(page);
    expect(await dialog.getByRole("heading", { name: `Interested in Run ${first.label}?` }).isVisible()).toBe(true);
    const text = await dialog.innerText();
    const when = cardTime(Date.parse(first.instant), "EST");
    expect(text).toContain(when.date);
    expect(text).toContain(when.time);
    expect(text).toContain("Ready to Book?");
    expect(text).toContain(`mention run ${first.label}`);
    for (const field of ["Raid", "Difficulty", "Faction", "Completion Mode", "Gameplay Type"]) expect(text).toContain(field);
    const store = dialog.getByRole("link", { name: "Book on Blazing Boost" });
    expect(await store.getAttribute("href")).toBe(`/go/${first.label}?source=calendar`);
    expect(await store.getAttribute("target")).toBe("_blank");
    expect(await store.getAttribute("rel")).toBe("noopener");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
  });

  test("screenshots at 390 px and 1280 px", async () => {
    const wide = await e2e.page({ width: 1280, height: 900 });
    await wide.goto(`${e2e.url}/game/mop-raid-calendar`);
    await hydrated(wide);
    await e2e.screenshot(wide, "calendar-raid-1280");
    await openContact(wide);
    await wide.screenshot({ path: `${process.cwd()}/e2e-artifacts/calendar-contact-1280.png` });
    const phone = await e2e.page({ width: 390, height: 844 });
    await phone.goto(`${e2e.url}/game/mop-raid-calendar`);
    await hydrated(phone);
    await e2e.screenshot(phone, "calendar-raid-390");
    await phone.screenshot({ path: `${process.cwd()}/e2e-artifacts/calendar-raid-390-top.png` });
    await openContact(phone);
    await phone.screenshot({ path: `${process.cwd()}/e2e-artifacts/calendar-contact-390.png` });
    const desert = await e2e.page({ width: 390, height: 844 });
    await desert.goto(`${e2e.url}/game/desert-perpetual-calendar?feat=Battalions`);
    await hydrated(desert);
    await desert.screenshot({ path: `${process.cwd()}/e2e-artifacts/calendar-desert-390-top.png` });
    const wideDesert = await e2e.page({ width: 1280, height: 900 });
    await wideDesert.goto(`${e2e.url}/game/desert-perpetual-calendar`);
    await hydrated(wideDesert);
    await wideDesert.getByText(/^\d Feats? Run$/).first().hover();
    await wideDesert.screenshot({ path: `${process.cwd()}/e2e-artifacts/calendar-desert-1280.png` });
  });
});

describe("challenge-mode calendar", () => {
  test("faction and mode buttons, zone switch, contact dialog, shareable URL and no-JS parity", async () => {
    const page = await e2e.page();
    await page.goto(`${e2e.url}/category/wow/mop-challenge-mode-calendar`);
    await hydrated(page);
    await expectJsBudget(page, "challenge-mode calendar");
    const start = await cards(page);
    expect(start.length).toBeGreaterThan(0);
    for (const c of start) expect(c.text).toContain("EU Alliance");
    for (const c of start) expect(c.text).toContain("9/9 Gold Challenge Modes");

    await page.getByRole("link", { name: "US Horde" }).click();
    await page.waitForURL(/faction=US\+Horde/);
    const usHorde = await cards(page);
    expect(usHorde.length).toBeGreaterThan(0);
    for (const c of usHorde) expect(c.text).toContain("US Horde");

    await page.getByRole("link", { name: "Pilot Only" }).click();
    await page.waitForURL(/mode=Pilot\+Only/);
    const pilot = await cards(page);
    expect(pilot.length).toBeLessThan(usHorde.length);
    for (const c of pilot) expect(c.text).toMatch(/Pilot Only|Selfplay & Pilot/);
    for (const c of pilot) expect(c.text).not.toContain("Selfplay Only");

    // A US faction's view shows EST unless another zone is chosen.
    expectTimesIn(pilot, "EST");
    await page.getByRole("group", { name: "Timezone" }).getByRole("link", { name: "CET" }).click();
    await page.waitForURL(/tz=CET/);
    expectTimesIn(await cards(page), "CET");

    // The first card that can be booked: a full or closed one shows its state instead of Contact us.
    const shown = await cards(page);
    const open = shown.findIndex((c) => !/\bFull\b|Booking closed/.test(c.text));
    const first = shown[open]!;
    const { dialog } = await openContact(page, open);
    expect(await dialog.getByRole("heading", { name: `Interested in Run ${first.label}?` }).isVisible()).toBe(true);
    const text = await dialog.innerText();
    expect(text).toContain(cardTime(Date.parse(first.instant), "CET").time);
    expect(text).toContain("9/9 Gold Challenge Modes");
    expect(text).toContain("US Horde");
    expect(await dialog.getByRole("link", { name: "Book on Blazing Boost" }).getAttribute("href")).toBe(`/go/${first.label}?source=calendar`);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });

    const shared = page.url();
    const expected = await labels(page);
    const again = await e2e.page();
    await again.goto(shared);
    expect(await labels(again)).toEqual(expected);
    const noJs = await e2e.page({ javaScriptEnabled: false });
    await noJs.goto(shared);
    expect(await labels(noJs)).toEqual(expected);
    // Without JavaScript the buttons are plain links to the filtered view.
    await noJs.getByRole("link", { name: "Selfplay Only" }).click();
    await noJs.waitForURL(/mode=Selfplay\+Only/);
    for (const c of await cards(noJs)) expect(c.text).toMatch(/Selfplay Only|Selfplay & Pilot/);
    expect(await noJs.locator(".run-grid").getByRole("link", { name: /^Contact us about CM-/ }).first().getAttribute("href")).toMatch(/^\/go\/CM-\d+\?source=calendar$/);
  });
});

describe("desert perpetual calendar", () => {
  test("completion type, feat filter rules, zone switch, contact dialog, shareable URL and no-JS parity", async () => {
    const page = await e2e.page();
    await page.goto(`${e2e.url}/game/desert-perpetual-calendar`);
    await hydrated(page);
    await expectJsBudget(page, "desert perpetual calendar");
    expect(await page.getByRole("link", { name: "Back to Game Category" }).getAttribute("href")).toBe("/category/d2");
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "D2" }).isVisible()).toBe(true);
    expect(await page.getByText("Looking for something else?").count()).toBe(0);
    const all = await cards(page);
    expect(all.length).toBeGreaterThan(3);
    for (const c of all) expect(c.label).toMatch(/^TDP-\d+$/);

    await page.getByRole("link", { name: "All Feats Run" }).click();
    await page.waitForURL(/feats=all/);
    const allFeats = await cards(page);
    expect(allFeats.length).toBeGreaterThan(0);
    expect(allFeats.length).toBeLessThan(all.length);
    for (const c of allFeats) expect(c.text).toContain("5 Feats Run");

    // An individual feat replaces 'All Feats Run'.
    await page.getByRole("checkbox", { name: /Battalions/ }).check();
    await page.waitForURL(/feat=Battalions/);
    expect(await page.getByRole("link", { name: "All Feats Run" }).getAttribute("aria-current")).toBeNull();
    expect(page.url()).not.toContain("feats=all");
    await page.getByRole("link", { name: "No Feats Run" }).click();
    await page.waitForURL(/feats=none/);
    expect(await page.getByRole("checkbox", { name: /Battalions/ }).isChecked()).toBe(false);
    for (const c of await cards(page)) expect(c.text).toContain("No Feats Run");
    await page.getByRole("link", { name: "Clear All" }).click();
    await page.waitForURL((u) => !u.search.includes("feat"));
    expect((await cards(page)).length).toBe(all.length);

    await page.getByRole("link", { name: "Sherpa Only" }).click();
    await page.waitForURL(/completion=sherpa_only/);
    const sherpa = await cards(page);
    expect(sherpa.length).toBeGreaterThan(0);
    for (const c of sherpa) expect(c.text).toContain("Sherpa Only");

    await page.getByRole("group", { name: "Timezone" }).getByRole("link", { name: "EST" }).click();
    await page.waitForURL(/tz=EST/);
    expectTimesIn(await cards(page), "EST");

    const withFeats = (await cards(page)).findIndex((c) => /\d Feats? Run/.test(c.text));
    const target = (await cards(page))[Math.max(withFeats, 0)]!;
    const { dialog } = await openContact(page, Math.max(withFeats, 0));
    expect(await dialog.getByRole("heading", { name: `Interested in Run ${target.label}?` }).isVisible()).toBe(true);
    const text = await dialog.innerText();
    expect(text).toContain("The Desert Perpetual");
    expect(text).toContain("Sherpa Only");
    expect(text).toContain("Feats");
    expect(await dialog.getByRole("link", { name: "Book on Blazing Boost" }).getAttribute("href")).toBe(`/go/${target.label}?source=calendar`);
    await page.keyboard.press("Escape");

    const shared = page.url();
    const expected = await labels(page);
    const again = await e2e.page();
    await again.goto(shared);
    expect(await labels(again)).toEqual(expected);
    const noJs = await e2e.page({ javaScriptEnabled: false });
    await noJs.goto(shared);
    expect(await labels(noJs)).toEqual(expected);
    // Without JavaScript the feat checkboxes apply through the form.
    await noJs.getByRole("checkbox", { name: /Token Limit/ }).check();
    // (The free-spots checkbox has a small form of its own: apply the feats' form.)
    await noJs.getByRole("form", { name: "Feats" }).getByRole("button", { name: "Apply filters" }).click();
    await noJs.waitForURL(/feat=Token\+Limit/);
    expect(noJs.url()).toContain("completion=sherpa_only");
    expect(noJs.url()).toContain("tz=EST");
  });

  test("an unknown or hidden game is 'Game not found' with status 404", async () => {
    const page = await e2e.page();
    const res = await page.goto(`${e2e.url}/game/no-such-game`);
    expect(res!.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Game not found" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Back to Games" }).getAttribute("href")).toBe("/");
    const wrongParent = await page.goto(`${e2e.url}/category/d2/mop-raid-calendar`);
    expect(wrongParent!.status()).toBe(404);
  });
});
