// Layout at the widths people use: runs on the first desktop screen, no sideways scroll at
// 320 px, the run page's booking box beside the details (sticky bar on phones), toasts that
// cover neither the focused control nor a dialog's buttons, the invite dialog, phone navigation.
import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { useE2E } from "./harness";

const e2e = useE2E();
const CALENDARS = ["/game/mop-raid-calendar", "/game/mop-challenge-mode-calendar", "/game/desert-perpetual-calendar"];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The visible toast's box, or null. */
const toastBox = (page: Page) => page.locator(".toast").boundingBox();

/** The visible parts (clipped by scrolling ancestors) of the focused element and of every button in an open dialog. */
async function guarded(page: Page): Promise<{ name: string; box: Box; focused: boolean }[]> {
  return page.evaluate(() => {
    const out: { name: string; box: Box; focused: boolean }[] = [];
    const add = (el: Element | null) => {
      if (!el || el.closest(".toaster")) return;
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflowY === "visible") continue;
        const c = up.getBoundingClientRect();
        left = Math.max(left, c.left); top = Math.max(top, c.top); right = Math.min(right, c.right); bottom = Math.min(bottom, c.bottom);
      }
      const name = (el.getAttribute("aria-label") || el.textContent || el.tagName).trim();
      if (right > left && bottom > top) out.push({ name, box: { x: left, y: top, width: right - left, height: bottom - top }, focused: el === document.activeElement });
    };
    add(document.activeElement);
    for (const b of document.querySelectorAll("dialog[open] button")) add(b);
    return out;
  });
}

async function expectToastClear(page: Page) {
  const toast = await toastBox(page);
  expect(toast).not.toBeNull();
  const boxes = await guarded(page);
  // The focused control is on screen (not scrolled away out of the toast's reach) and uncovered.
  expect(boxes.some((g) => g.focused)).toBe(true);
  expect(boxes.filter((g) => overlaps(toast!, g.box)).map((g) => g.name)).toEqual([]);
}

async function firstCardBottom(page: Page): Promise<number> {
  const box = await page.locator(".run-grid .run-card").first().boundingBox();
  return box!.y + box!.height;
}

const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

async function firstRunPath(page: Page): Promise<string> {
  await page.goto(`${e2e.url}${CALENDARS[0]}`);
  return `/runs/${(await page.locator(".run-grid .run-card__id").first().textContent())!}`;
}

const inView = async (page: Page, el: Locator) => {
  const box = (await el.boundingBox())!;
  const vp = page.viewportSize()!;
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= vp.height && box.x + box.width <= vp.width;
};

describe("runs first", () => {
  test("at 1280x800 the first run card ends on the first screen of every calendar", async () => {
    const page = await e2e.page({ width: 1280, height: 800 });
    const bottoms: Record<string, number> = {};
    for (const path of CALENDARS) {
      await page.goto(`${e2e.url}${path}`);
      bottoms[path] = Math.round(await firstCardBottom(page));
    }
    console.log(`first card bottom at 1280x800: ${JSON.stringify(bottoms)}`);
    await page.goto(`${e2e.url}${CALENDARS[0]}`);
    await page.screenshot({ path: `${process.cwd()}/e2e-artifacts/layout-calendar-first-screen-1280.png` });
    for (const path of CALENDARS) expect(bottoms[path]).toBeLessThanOrEqual(800);
  });

  test("at 1280 the Desert feats filter row is aligned: its controls share their top and bottom edges", async () => {
    const page = await e2e.page({ width: 1280, height: 800 });
    await page.goto(`${e2e.url}${CALENDARS[2]}`);
    const form = page.getByRole("form", { name: "Feats" });
    // The row's controls: the All/No feats switch, the feat checkboxes and Clear all.
    const controls = {
      switch: form.locator(".segmented").first(),
      checkboxes: form.locator(".checkbox-list"),
      clear: form.getByRole("link", { name: "Clear all" }),
    };
    const edges: Record<string, { top: number; bottom: number }> = {};
    for (const [name, el] of Object.entries(controls)) {
      const b = (await el.boundingBox())!;
      edges[name] = { top: Math.round(b.y), bottom: Math.round(b.y + b.height) };
    }
    console.log(`desert feats row at 1280: ${JSON.stringify(edges)}`);
    await page.screenshot({ path: `${process.cwd()}/e2e-artifacts/layout-desert-feats-1280.png` });
    const tops = Object.values(edges).map((e) => e.top);
    const bottoms = Object.values(edges).map((e) => e.bottom);
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1);
    expect(Math.max(...bottoms) - Math.min(...bottoms)).toBeLessThanOrEqual(1);
  });

  test("on a phone the zone switch sits outside the collapsed filters", async () => {
    const page = await e2e.page({ width: 390, height: 844 });
    for (const path of CALENDARS) {
      await page.goto(`${e2e.url}${path}`);
      expect(await page.locator("details.filters").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await page.getByRole("group", { name: "Timezone" }).isVisible()).toBe(true);
    }
    await page.goto(`${e2e.url}${CALENDARS[0]}`);
    await page.screenshot({ path: `${process.cwd()}/e2e-artifacts/layout-calendar-first-screen-390.png` });
  });

  test("nothing scrolls sideways at 320 px: the run page and every calendar", async () => {
    const page = await e2e.page({ width: 320, height: 700 });
    const run = await firstRunPath(page);
    const widths: Record<string, number> = {};
    for (const path of [run, ...CALENDARS]) {
      await page.goto(`${e2e.url}${path}`);
      widths[path] = await scrollWidth(page);
    }
    console.log(`scrollWidth at 320 px: ${JSON.stringify(widths)}`);
    await page.goto(`${e2e.url}${run}`);
    await page.screenshot({ path: `${process.cwd()}/e2e-artifacts/layout-run-page-320.png`, fullPage: true });
    for (const w of Object.values(widths)) expect(w).toBeLessThanOrEqual(320);
  });

  test("the run page: booking box beside the details at 1280, a booking bar always in view on a phone", async () => {
    const page = await e2e.page({ width: 1280, height: 800 });
    const run = await firstRunPath(page);
    await page.goto(`${e2e.url}${run}`);
    const book = page.getByRole("link", { name: "Book on Blazing Boost" });
    const details = page.getByRole("heading", { level: 2 }).first();
    const bookBox = (await book.boundingBox())!;
    const detailsBox = (await details.boundingBox())!;
    expect(bookBox.x).toBeGreaterThan(detailsBox.x + detailsBox.width);
    expect(await inView(page, book)).toBe(true);
    await page.screenshot({ path: `${process.cwd()}/e2e-artifacts/layout-run-page-1280.png` });

    const phone = await e2e.page({ width: 390, height: 844 });
    await phone.goto(`${e2e.url}${run}`);
    const phoneBook = phone.getByRole("link", { name: "Book on Blazing Boost" });
    expect(await inView(phone, phoneBook)).toBe(true);
    await phone.screenshot({ path: `${process.cwd()}/e2e-artifacts/layout-run-page-390.png` });
    await phone.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    expect(await inView(phone, phoneBook)).toBe(true);
  });
});

describe("toasts stay out of the way", () => {
  test("at 1280, after Update the toast covers neither the refocused Edit button near the bottom of the screen nor anything else focused", async () => {
    const page = await e2e.page({ width: 1280, height: 800 });
    await e2e.signIn(page, "owner@example.com");
    await page.goto(`${e2e.url}/admin?tab=runs&game=3&tool=1`);
    await page.getByRole("heading", { name: "MoP Raid Runs" }).waitFor();
    const edit = page.getByRole("button", { name: /^Edit run / }).last();
    await edit.waitFor();
    // The row's Edit button at the bottom right of the screen, where a toast used to appear.
    await edit.evaluate((el) => el.scrollIntoView({ block: "end" }));
    await edit.click();
    const dialog = page.getByRole("dialog", { name: "Edit WoW Raid Run" });
    await dialog.getByRole("button", { name: "Update Run" }).click();
    await page.getByText("WoW Raid run updated successfully").waitFor();
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toMatch(/^Edit run /);
    await expectToastClear(page);
    await page.screenshot({ path: `${process.cwd()}/e2e-artifacts/layout-toast-update-1280.png` });
  });

  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    test(`at ${width} px 'Invitation link generated' covers neither the new link, its Copy button nor the dialog's buttons`, async () => {
      const page = await e2e.page({ width, height });
      await e2e.signIn(page, "owner@example.com");
      await page.goto(`${e2e.url}/admin?tab=users`);
      await page.getByRole("button", { name: "Invite User" }).click();
      const dialog = page.getByRole("dialog", { name: "Invite New User" });
      await dialog.getByLabel("Email").fill("new.booster@example.com");
      await dialog.getByLabel("User Type").selectOption("booster");
      await dialog.getByLabel("Booster ID").fill("NB-1");
      await dialog.getByRole("checkbox", { name: "MoP Raid Calendar" }).check();
      await dialog.getByRole("button", { name: "Generate Invitation Link" }).click();
      const link = dialog.getByLabel("Invitation Link", { exact: true });
      await link.waitFor();
      await page.getByText("Invitation link generated successfully").waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Copy invitation link");
      await expectToastClear(page);
      await page.screenshot({ path: `${process.cwd()}/e2e-artifacts/layout-toast-invite-${width}.png` });
      expect(overlaps((await toastBox(page))!, (await link.boundingBox())!)).toBe(false);
      expect(await inView(page, dialog.getByRole("button", { name: "Done" }))).toBe(true);
      await page.screenshot({ path: `${process.cwd()}/e2e-artifacts/layout-toast-invite-${width}.png` });
    });
  }
});

describe("invite dialog and phone navigation", () => {
  test("at 1280x800 'Generate Invitation Link' and Cancel are in view; an empty submit moves focus to Email with an alert; Cancel closes", async () => {
    const page = await e2e.page({ width: 1280, height: 800 });
    await e2e.signIn(page, "owner@example.com");
    await page.goto(`${e2e.url}/admin?tab=users`);
    await page.getByRole("button", { name: "Invite User" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite New User" });
    await dialog.getByLabel("User Type").selectOption("booster");
    const generate = dialog.getByRole("button", { name: "Generate Invitation Link" });
    expect(await inView(page, generate)).toBe(true);
    expect(await inView(page, dialog.getByRole("button", { name: "Cancel" }))).toBe(true);
    await generate.click();
    await dialog.getByRole("alert").filter({ hasText: "Some fields need attention" }).waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe("email");
    expect(await dialog.getByText("Enter the booster's ID: boosters need one.").isVisible()).toBe(true);
    await page.screenshot({ path: `${process.cwd()}/e2e-artifacts/layout-invite-errors-1280.png` });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  test("at 358 px every admin tab is on screen; the games card shows the whole webhook line; at 390 a raid tab reached by keyboard is fully in view", async () => {
    const page = await e2e.page({ width: 358, height: 800 });
    await e2e.signIn(page, "owner@example.com");
    await page.goto(`${e2e.url}/admin?tab=games`);
    const tabs = page.getByRole("navigation", { name: "Admin Dashboard" }).getByRole("link");
    expect(await tabs.count()).toBe(4);
    for (const tab of await tabs.all()) expect(await inView(page, tab)).toBe(true);
    const cut = await page.locator(".webhook > span").evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).length);
    expect(await page.locator(".webhook > span").count()).toBeGreaterThan(0);
    expect(cut).toBe(0);
    await page.screenshot({ path: `${process.cwd()}/e2e-artifacts/layout-admin-tabs-358.png` });

    const phone = await e2e.page({ width: 390, height: 844 });
    await phone.goto(`${e2e.url}${CALENDARS[0]}`);
    const raidTabs = phone.getByRole("navigation", { name: "Raid" }).getByRole("link");
    const strip = (await phone.getByRole("navigation", { name: "Raid" }).boundingBox())!;
    await raidTabs.first().focus();
    for (let i = 1; i < await raidTabs.count(); i++) {
      await phone.keyboard.press("Tab");
      const box = (await phone.evaluate(() => { const r = document.activeElement!.getBoundingClientRect(); return { x: r.x, width: r.width }; }));
      expect(box.x).toBeGreaterThanOrEqual(strip.x - 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(strip.x + strip.width + 0.5);
    }
  });
});
