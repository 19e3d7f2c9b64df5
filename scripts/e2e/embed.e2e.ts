// The calendar embed from another site (issue #31): a shop page on a SECOND local origin
// (http://localhost:<shop port>, against the server's http://127.0.0.1:<port>) pastes the
// snippet. The loader waits until the widget nears the viewport, the iframe shows the cards,
// takes the height its content posts (and follows it when the content changes), a booking
// click opens /go with source=embed and the shop's origin in a new tab, and the calendar page
// itself cannot be framed. axe inside the embed, light and dark, at 320 and 800 px; the
// embed's JavaScript against the calendar's.
import { afterAll, describe, expect, test } from "bun:test";
import type { Frame, Page } from "playwright-core";
import { axeViolations } from "./axe";
import { useE2E } from "./harness";
import { freePort } from "../../src/testing/net";
import { embedSnippet } from "../../src/shared/embed";

const SHOP_PORT = await freePort();
/** The embedding site, on another origin than the server (hostname and port differ). */
const SHOP = `http://localhost:${SHOP_PORT}`;
/** The same server under another origin, not in EMBED_ORIGINS. */
const STRANGER = `http://127.0.0.1:${SHOP_PORT}`;
const CALENDAR = "/category/wow/mop-raid-calendar";

const e2e = useE2E({ env: { EMBED_ORIGINS: SHOP, STOREFRONT_RAID_URL: `${SHOP}/store` } });

const html = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>${body}</body></html>`;
const shop = Bun.serve({
  hostname: "127.0.0.1",
  port: SHOP_PORT,
  fetch(request) {
    const url = new URL(request.url);
    const runboard = e2e.url;
    const page = (body: string) => new Response(html(body), { headers: { "Content-Type": "text/html; charset=utf-8" } });
    // The snippet as the staff control builds it, below a tall product page (the widget starts far out of view).
    if (url.pathname === "/") {
      const snippet = embedSnippet({
        origin: runboard, slug: "mop-raid-calendar", calendarHref: CALENDAR, filters: "region=EU", theme: "light", linkText: "MoP Raid Calendar on Runboard",
      });
      return page(`<h1>Our raids</h1><div id="spacer" style="height:3000px">Product text</div>${snippet}<p>Footer</p>`);
    }
    if (url.pathname === "/frames") return page(`<h1>Framing</h1><iframe id="page" title="calendar page" src="${runboard}${CALENDAR}"></iframe>`);
    if (url.pathname === "/store") return page("<h1>Store</h1>");
    return new Response("not found", { status: 404 });
  },
});
afterAll(() => shop.stop(true));

/** The iframe the loader made, and its frame. */
async function embedFrame(page: Page): Promise<Frame> {
  const handle = await page.locator("iframe").elementHandle();
  const frame = (await handle!.contentFrame())!;
  await frame.waitForLoadState();
  // Hydrated: React has attached its props to the island's root.
  await frame.waitForFunction(() => Array.from(document.querySelectorAll("[data-island]"))
    .every((el) => !el.firstElementChild || Object.keys(el.firstElementChild).some((k) => k.startsWith("__reactProps$"))));
  return frame;
}
const contentHeight = (frame: Frame) => frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
/**
 * Waits until the iframe's height is the embed document's, as it is by then: the document is
 * live (countdowns tick, runs start and leave), so a height read once may be gone before the
 * iframe reaches it. Bounded by the test's timeout.
 */
async function heightFollows(page: Page, frame: Frame) {
  for (;;) {
    const want = await contentHeight(frame);
    if (await page.evaluate(() => document.querySelector("iframe")!.getBoundingClientRect().height) === want) return want;
    await page.waitForTimeout(50);
  }
}

describe("the calendar embedded on another origin", () => {
  test("lazy iframe, cards, height from its content, booking in a new tab with source=embed and the shop's origin", async () => {
    const page = await e2e.page({ width: 1024, height: 800 });
    const requests: string[] = [];
    page.context().on("request", (r) => requests.push(r.url()));
    await page.goto(`${SHOP}/`);
    const stream = page.context().waitForEvent("request", { predicate: (r) => r.url().startsWith(`${e2e.url}/live/calendars/mop-raid-calendar?`) });
    // Far below the fold: still the plain link, no iframe.
    expect(await page.locator("iframe").count()).toBe(0);
    expect(await page.getByRole("link", { name: "MoP Raid Calendar on Runboard" }).getAttribute("href")).toBe(`${e2e.url}${CALENDAR}?region=EU`);
    expect(requests.some((u) => u.includes("/embed/calendars/"))).toBe(false);

    await page.locator("[data-runboard-calendar]").scrollIntoViewIfNeeded();
    await page.locator("iframe").waitFor();
    const iframe = page.locator("iframe");
    expect(await iframe.getAttribute("title")).toBe("MoP Raid Calendar on Runboard");
    expect(await iframe.getAttribute("allow")).toBe("clipboard-write");
    const src = new URL((await iframe.getAttribute("src"))!);
    expect(src.origin).toBe(e2e.url);
    expect(src.pathname).toBe("/embed/calendars/mop-raid-calendar");
    expect(Object.fromEntries(src.searchParams)).toEqual({ region: "EU", theme: "light", origin: SHOP });

    const frame = await embedFrame(page);
    const cards = frame.locator(".run-grid > li");
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await frame.locator("html").getAttribute("data-theme")).toBe("light");
    // It follows live availability like the calendar: the view's stream is open.
    await stream;

    // The iframe takes its content's height (not the loader's first 640 px), and follows it.
    const first = await heightFollows(page, frame);
    expect(first).not.toBe(640);
    // Opening the Subscribe panel makes the content taller: the iframe grows with it, and shrinks back.
    // (Shrinks below the open height, not back to `first` exactly: the page is live, and a minute's
    // tick or a run starting meanwhile may change the cards' height too.)
    await frame.locator("details.subscribe > summary").click();
    await frame.waitForFunction((h) => Math.ceil(document.documentElement.getBoundingClientRect().height) > h, first);
    const open = await heightFollows(page, frame);
    expect(open).toBeGreaterThan(first);
    await frame.locator("details.subscribe > summary").click();
    await frame.waitForFunction((h) => Math.ceil(document.documentElement.getBoundingClientRect().height) < h, open);
    expect(await heightFollows(page, frame)).toBeLessThan(open);
    await e2e.screenshot(page, "embed-shop-light");

    // Booking opens /go in a new tab, attributed to the embed and the shop's origin; the shop page stays.
    await frame.getByRole("link", { name: /^Mogu'shan Vaults/ }).click();
    const card = frame.locator(".run-grid > li").filter({ has: frame.getByRole("link", { name: /^Contact us about / }) }).first();
    const label = (await card.locator(".run-card__id").textContent())!;
    const [popup] = await Promise.all([page.context().waitForEvent("page"), card.getByRole("link", { name: `Contact us about ${label}` }).click()]);
    await popup.waitForURL((u) => u.pathname === "/store");
    expect(new URL(popup.url()).searchParams.get("run")).toBe(label);
    const go = requests.find((u) => u.startsWith(`${e2e.url}/go/`))!;
    expect(go).toBe(`${e2e.url}/go/${label}?source=embed&origin=${encodeURIComponent(SHOP)}`);
    expect(page.url()).toBe(`${SHOP}/`);
  });

  test("without JavaScript the snippet is a plain link to the calendar", async () => {
    const page = await e2e.page({ javaScriptEnabled: false });
    await page.goto(`${SHOP}/`);
    await page.getByRole("link", { name: "MoP Raid Calendar on Runboard" }).click();
    await page.waitForURL(`${e2e.url}${CALENDAR}?region=EU`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("MoP Raid Calendar");
  });

  test("framing is refused for a non-embed page, and for the embed on an origin not in EMBED_ORIGINS", async () => {
    // Pages of their own (not the harness's, which fail a test on any console error): the
    // browser's refusals are console errors, and here they are what the test expects.
    const context = (await e2e.page()).context();
    // Chromium: "Framing '<url>' violates the following Content Security Policy directive: …".
    const refusal = (page: Page) => page.waitForEvent("console", { predicate: (m) => m.text().includes("frame-ancestors") }).then((m) => m.text());

    const framing = await context.newPage();
    const pageRefused = refusal(framing);
    await framing.goto(`${SHOP}/frames`);
    expect(await pageRefused).toContain("frame-ancestors 'none'");
    const refused = (await (await framing.locator("iframe").elementHandle())!.contentFrame())!;
    expect(refused.url()).toBe("chrome-error://chromewebdata/");

    const stranger = await context.newPage();
    const embedRefused = refusal(stranger);
    await stranger.goto(`${STRANGER}/`);
    await stranger.locator("[data-runboard-calendar]").scrollIntoViewIfNeeded();
    expect(await embedRefused).toContain(`frame-ancestors ${SHOP}`);
    const blocked = (await (await stranger.locator("iframe").elementHandle())!.contentFrame())!;
    await blocked.waitForURL("chrome-error://chromewebdata/");
  });

  test("axe inside the embed, light and dark, at 320 and 800 px: 0 violations, nothing wider than the frame", async () => {
    for (const theme of ["light", "dark"]) {
      for (const width of [320, 800]) {
        const page = await e2e.page({ width, height: 900 });
        await page.goto(`${e2e.url}/embed/calendars/mop-raid-calendar?theme=${theme}`);
        expect(await axeViolations(page)).toEqual([]);
        const filters = page.locator("summary.filters__summary");
        if (await filters.isVisible()) {
          await filters.click();
          expect(await axeViolations(page)).toEqual([]);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await e2e.screenshot(page, `embed-${theme}-${width}`);
      }
    }
  });

  test("without theme=, the embed follows prefers-color-scheme", async () => {
    const page = await e2e.page();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(`${e2e.url}/embed/calendars/mop-raid-calendar`);
    expect(await background()).toBe("rgb(244, 245, 249)");
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await background()).toBe("rgb(20, 22, 31)");
  });

  test("the embed loads no more JavaScript than the calendar page", async () => {
    const gzipOf = async (page: Page) => {
      const urls = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((u) => u.endsWith(".js")));
      const sizes = await Promise.all(urls.map(async (u) => Bun.gzipSync(new Uint8Array(await (await fetch(u)).arrayBuffer())).byteLength));
      return sizes.reduce((a, b) => a + b, 0);
    };
    // (Each harness page closes the one before.)
    const calendar = await e2e.page();
    await calendar.goto(`${e2e.url}${CALENDAR}`);
    const c = await gzipOf(calendar);
    const embed = await e2e.page();
    await embed.goto(`${e2e.url}/embed/calendars/mop-raid-calendar`);
    const m = await gzipOf(embed);
    console.log(`JavaScript, gzip: calendar page ${c} B, embed page ${m} B`);
    expect(m).toBeLessThanOrEqual(c);
  });

  test("staff build the snippet on the calendar page for its current filters, copy it, and it embeds that view", async () => {
    const page = await e2e.page();
    await e2e.signIn(page, "owner@example.com");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.url });
    await page.goto(`${e2e.url}${CALENDAR}`);
    // Filtered in place (no reload): the snippet follows the address bar.
    await page.getByRole("link", { name: "US", exact: true }).click();
    await page.waitForFunction(() => location.search === "?region=US");
    await page.getByText("Embed this calendar").click();
    await page.getByRole("radio", { name: "Dark" }).check();
    await page.getByRole("button", { name: "Copy code" }).click();
    await page.getByRole("status").filter({ hasText: "Code copied" }).waitFor();
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    expect(snippet).toBe(await page.getByLabel("Embed code").inputValue());
    expect(snippet).toBe(embedSnippet({
      origin: e2e.url, slug: "mop-raid-calendar", calendarHref: CALENDAR, filters: "region=US", theme: "dark", linkText: "MoP Raid Calendar on Runboard",
    }));
    expect(await axeViolations(page)).toEqual([]);
    await e2e.screenshot(page, "embed-control");
  });
});
