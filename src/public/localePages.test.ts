// Public pages in every locale (issue #30): German and Russian pages under their prefix with
// their own lang, canonical, alternates and language switcher; English unchanged at its old
// paths; the page cache never answers one locale's URL with another's page (routed, or early
// through the fast path); a signed-in viewer's German variant; the sitemap's alternates; a
// German feed read with a real iCalendar parser; alerts made on a German page stored as 'de';
// the German embed, framed like the English one.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc } from "drizzle-orm";
import { alerts } from "../../db/schema";
import { everythingChanged } from "../../db/changes";
import { createApp } from "../app";
import { parseConfig } from "../config/appConfig";
import type { AppDeps } from "../http/context";
import { inLocale } from "../http/locale";
import { T } from "../shared/text";
import { LOCALES, LOCALE_NAMES } from "../shared/i18n/locales";
import { resetDb, TEST_NOW } from "../testing/db";
import { ORIGIN, sessionCookie, TEST_SECRETS, testManifest } from "../testing/app";
import { boosterRow, makeRun } from "../testing/factories";
import { parseFeed } from "../testing/ical";
import { answerCached } from "./fastPath";

/** Where testManifest() builds (src/testing/app.ts). */
const DIST = join(tmpdir(), `runboard-test-dist-${process.pid}`);
let deps: AppDeps;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  const { db } = await resetDb();
  deps = { db, config: parseConfig({ NODE_ENV: "test", PUBLIC_ORIGIN: ORIGIN, ...TEST_SECRETS }), clock: () => TEST_NOW, manifest: await testManifest() };
  app = createApp(deps, { distDir: DIST });
}, 60_000); // builds the island bundle once
beforeEach(async () => {
  await resetDb();
  everythingChanged(); // the reset wrote behind the app's back
});

const CALENDAR = "/category/wow/mop-raid-calendar";
const FILTERS = "?region=US&raid=heart-of-fear";

/** A page's document, without its stylesheet and module scripts (nothing here loads them). */
const parse = (html: string) =>
  new DOMParser().parseFromString(html.replace(/<link rel="(stylesheet|modulepreload)"[^>]*>/g, "").replace(/<script type="module"[^>]*><\/script>/g, ""), "text/html");
const langOf = async (res: Response) => parse(await res.text()).documentElement.getAttribute("lang");

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await app.handle(new Request(ORIGIN + path, { headers }));
  const html = await res.text();
  const doc = parse(html);
  const links = (rel: string) => [...doc.querySelectorAll(`link[rel="${rel}"]`)].map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]);
  const switcher = [...doc.querySelectorAll("nav.languages a")].map((a) => ({
    href: a.getAttribute("href"), text: a.textContent, lang: a.getAttribute("lang"), hreflang: a.getAttribute("hreflang"), current: a.getAttribute("aria-current"),
  }));
  return { res, html, doc, lang: doc.documentElement.getAttribute("lang"), canonical: links("canonical")[0]?.[1], alternates: links("alternate"), switcher };
}

/** A message as a locale's catalogue words it. */
const say = <R>(locale: "en" | "de" | "ru", read: () => R) => inLocale(locale, read);

describe("a public page in each locale", () => {
  for (const locale of ["de", "ru"] as const) {
    test(`/${locale}: lang, canonical in its own locale, every alternate and x-default, a switcher that keeps the page and its filters`, async () => {
      const page = await get(`/${locale}${CALENDAR}${FILTERS}`);
      expect(page.res.status).toBe(200);
      expect(page.lang).toBe(locale);
      // The canonical query is the domain's serialization of the filters (the English page's too).
      const english = await get(CALENDAR + FILTERS);
      const canonicalPath = english.canonical!.slice(ORIGIN.length);
      expect(canonicalPath.startsWith(`${CALENDAR}?`)).toBe(true);
      expect(canonicalPath).toContain("region=US");
      expect(page.canonical).toBe(`${ORIGIN}/${locale}${canonicalPath}`);
      expect(page.alternates).toEqual([
        ...LOCALES.map((l) => [l, `${ORIGIN}${l === "en" ? "" : `/${l}`}${canonicalPath}`]),
        ["x-default", `${ORIGIN}${canonicalPath}`],
      ]);
      // The switcher: each language by its own name, a plain link to this page and its filters.
      expect(page.switcher).toEqual(LOCALES.map((l) => ({
        href: `${l === "en" ? "" : `/${l}`}${canonicalPath}`, text: LOCALE_NAMES[l], lang: l, hreflang: l, current: l === locale ? "true" : null,
      })));
      expect(page.doc.querySelector("nav.languages")!.getAttribute("aria-label")).toBe(say(locale, () => T.app.language));
      // The page speaks its language: headings, back link, the island's texts and links under the prefix.
      expect(page.doc.querySelector("a.button--ghost")!.textContent).toBe(say(locale, () => T.calendar.backToCategory));
      expect(page.doc.querySelector("a.button--ghost")!.getAttribute("href")).toBe(`/${locale}/category/wow`);
      expect(page.doc.querySelector(".brand")!.getAttribute("href")).toBe(`/${locale}/`);
      const runLinks = [...page.doc.querySelectorAll(".run-card__id")].map((a) => a.getAttribute("href")!);
      expect(runLinks.length).toBeGreaterThan(0);
      for (const href of runLinks) expect(href).toStartWith(`/${locale}/runs/`);
      // The island's no-JavaScript filter form and links stay under the prefix; staff and account links do not.
      const props = JSON.parse(page.doc.querySelector(`script[data-island-props="${page.doc.querySelector("[data-island=RaidCalendar]")!.getAttribute("data-island-id")}"]`)!.textContent!);
      expect(props.path).toBe(`/${locale}${CALENDAR}`);
      expect(props.feedUrl).toBe(`${ORIGIN}/${locale}/calendars/mop-raid-calendar.ics`);
      expect(page.doc.querySelector(".site-header a[href='/auth']")!.textContent).toBe(say(locale, () => T.app.adminLogin));
      // The alert form posts under the prefix and comes back to this page.
      const form = page.doc.querySelector("form[data-alert]")!;
      expect(form.getAttribute("action")).toBe(`/${locale}/alerts`);
      expect(form.querySelector("input[name=back]")!.getAttribute("value")).toBe(`/${locale}${canonicalPath}`);
    });
  }

  test("German words on the German landing page; the English landing page unchanged at /", async () => {
    const de = await get("/de/");
    expect(de.lang).toBe("de");
    expect(de.html).toContain("Extra-Tools für ein besseres Kundenerlebnis");
    expect(de.canonical).toBe(`${ORIGIN}/de/`);
    expect(de.doc.querySelector('a[href="/de/category/wow"]')).not.toBeNull();
    expect(de.switcher.map((s) => s.href)).toEqual(["/", "/de/", "/fr/", "/es/", "/ru/"]);
    // "/de" without the slash is the same page.
    expect((await get("/de")).html).toBe(de.html);
    const en = await get("/");
    expect(en.lang).toBe("en");
    expect(en.canonical).toBe(`${ORIGIN}/`);
    expect(en.html).toContain("Extra systems that improve the customer experience");
    expect(en.html).not.toContain("Extra-Tools für");
    expect(en.doc.querySelector('a[href="/category/wow"]')).not.toBeNull();
    expect(en.switcher.find((s) => s.current === "true")!.href).toBe("/");
    // Still no script for an anonymous visitor: the switcher is plain links.
    expect(en.html).not.toContain("<script");
    expect(de.html).not.toContain("<script type=\"module\"");
  });

  test("no redirect by Accept-Language: / stays English for a German browser, /de/ German for an English one", async () => {
    const en = await get("/", { "accept-language": "de-DE,de;q=0.9" });
    expect(en.res.status).toBe(200);
    expect(en.lang).toBe("en");
    const de = await get("/de/", { "accept-language": "en-US" });
    expect(de.res.status).toBe(200);
    expect(de.lang).toBe("de");
  });

  test("a run page in Russian: JSON-LD inLanguage, share link, breadcrumb and calendar links in Russian", async () => {
    const run = await makeRun(deps.db, "raid", { boosterId: await boosterRow(deps.db, "BB-1001") });
    everythingChanged();
    const page = await get(`/ru/runs/${run.displayId}`);
    expect(page.res.status).toBe(200);
    expect(page.lang).toBe("ru");
    expect(page.canonical).toBe(`${ORIGIN}/ru/runs/${run.displayId}`);
    const ld = JSON.parse(page.doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld.inLanguage).toBe("ru");
    expect(ld.url).toBe(`${ORIGIN}/ru/runs/${run.displayId}`);
    expect(page.doc.querySelector<HTMLInputElement>("#share-url")!.getAttribute("value")).toBe(`${ORIGIN}/ru/runs/${run.displayId}`);
    for (const a of page.doc.querySelectorAll(".breadcrumb a")) expect(a.getAttribute("href")).toStartWith("/ru/");
    expect(page.doc.querySelector('a[download]')!.getAttribute("href")).toBe(`/ru/runs/${run.displayId}.ics`);
    expect(page.switcher.map((s) => s.href)).toEqual(LOCALES.map((l) => `${l === "en" ? "" : `/${l}`}/runs/${run.displayId}`));
    expect(page.doc.querySelector("h2#share")!.textContent).toBe(say("ru", () => T.run.share));
  });

  test("an unknown path under /de/ is the German 404, with its switcher; /runs/nope in English", async () => {
    const de = await get("/de/no-such-page?x=1");
    expect(de.res.status).toBe(404);
    expect(de.lang).toBe("de");
    expect(de.doc.querySelector("h1")!.textContent).toBe("404 – Seite nicht gefunden");
    expect(de.doc.querySelector(".not-found a")!.getAttribute("href")).toBe("/de/");
    expect(de.switcher.map((s) => s.href)).toEqual(LOCALES.map((l) => `${l === "en" ? "" : `/${l}`}/no-such-page?x=1`));
    const en = await get("/runs/NOPE-1");
    expect(en.res.status).toBe(404);
    expect(en.doc.querySelector("h1")!.textContent).toBe(say("en", () => T.notFound.title));
  });
});

describe("the page cache keeps locales apart", () => {
  for (const [first, second] of [["/", "/de/"], ["/de/", "/"], [CALENDAR + FILTERS, `/de${CALENDAR}${FILTERS}`], [`/de${CALENDAR}${FILTERS}`, CALENDAR + FILTERS]] as const) {
    test(`${first} cached first never answers ${second}: routed (app.handle) or early (the fast path)`, async () => {
      const lang = (path: string) => (path.startsWith("/de") ? "de" : "en");
      const answer = answerCached(deps);
      expect((await get(first)).lang).toBe(lang(first));
      // The first page is cached and its target remembered: the fast path answers it.
      const early = answer(new Request(ORIGIN + first));
      expect(early).toBeDefined();
      expect(await langOf(early!)).toBe(lang(first));
      // The other locale's URL is not answered early until it was rendered itself, then in its own language.
      expect(answer(new Request(ORIGIN + second))).toBeUndefined();
      for (let i = 0; i < 2; i++) expect((await get(second)).lang).toBe(lang(second)); // a miss, then a hit inside the app
      const other = answer(new Request(ORIGIN + second));
      expect(await langOf(other!)).toBe(lang(second));
      expect((await get(first)).lang).toBe(lang(first));
    });
  }

  test("a signed-in viewer's variant of a /de/ page is German, header included, and stays apart from the English one", async () => {
    const cookie = await sessionCookie(deps.db, deps.config, "booster@example.com");
    const answer = answerCached(deps);
    for (let i = 0; i < 2; i++) {
      const de = await get("/de/", { cookie });
      expect(de.lang).toBe("de");
      expect(de.res.headers.get("cache-control")).toContain("private");
      expect(de.doc.querySelector(".welcome__name")!.textContent).toBe(say("de", () => T.app.welcome({ name: "Frostbolt" })));
      expect(de.doc.querySelector('.site-header a[href="/dashboard"]')!.textContent).toBe(say("de", () => T.app.manageRuns));
      expect(de.html).toContain("Extra-Tools für ein besseres Kundenerlebnis");
      const en = await get("/", { cookie });
      expect(en.lang).toBe("en");
      expect(en.doc.querySelector(".welcome__name")!.textContent).toBe("Welcome, Frostbolt");
    }
    const early = answer(new Request(`${ORIGIN}/de/`, { headers: { cookie } }));
    expect(early).toBeDefined();
    const doc = parse(await early!.text());
    expect(doc.documentElement.getAttribute("lang")).toBe("de");
    expect(doc.querySelector(".welcome__name")!.textContent).toBe(say("de", () => T.app.welcome({ name: "Frostbolt" })));
  });
});

describe("sitemap.xml", () => {
  test("lists every public page in every locale, each with all its language versions and x-default", async () => {
    const res = await app.handle(new Request(`${ORIGIN}/sitemap.xml`));
    const xml = await res.text();
    const doc = new DOMParser().parseFromString(xml, "application/xml");
    expect(doc.querySelector("parsererror")).toBeNull();
    const XHTML = "http://www.w3.org/1999/xhtml";
    const urls = [...doc.getElementsByTagName("url")].map((u) => ({
      loc: u.getElementsByTagName("loc")[0]!.textContent!,
      // The links by namespace and local name: the xhtml namespace must be declared for them.
      alternates: [...u.children].filter((c) => c.namespaceURI === XHTML && c.localName === "link").map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]),
    }));
    const english = urls.filter((u) => !/^https?:\/\/[^/]+\/(de|fr|es|ru)\//.test(u.loc));
    expect(english.map((u) => u.loc)).toContain(`${ORIGIN}${CALENDAR}`);
    expect(urls.length).toBe(english.length * LOCALES.length);
    const versions = (path: string) => [...LOCALES.map((l) => [l, `${ORIGIN}${l === "en" ? "" : `/${l}`}${path}`]), ["x-default", ORIGIN + path]];
    for (const path of ["/", CALENDAR, "/category/wow"]) {
      for (const l of LOCALES) {
        const entry = urls.find((u) => u.loc === `${ORIGIN}${l === "en" ? "" : `/${l}`}${path}`);
        expect(entry?.alternates).toEqual(versions(path));
      }
    }
  });
});

describe("feeds in a locale", () => {
  test("/de/calendars/... has German summaries, descriptions and name, links to German pages, the same events and UIDs; cached apart", async () => {
    const path = `/calendars/mop-raid-calendar.ics${FILTERS}`;
    const read = async (p: string) => parseFeed(await (await app.handle(new Request(ORIGIN + p))).text());
    const en = await read(path);
    const de = await read(`/de${path}`);
    expect(de.events.length).toBeGreaterThan(0);
    expect(de.events.map((e) => e.uid)).toEqual(en.events.map((e) => e.uid));
    // The name is the game's and the filters' (data, not catalogue text) in the German pattern.
    expect(de.name).toBe(say("de", () => T.feed.name({ game: "MoP Raid Calendar", filters: "US, Heart of Fear", hasFilters: true, site: "Runboard" })));
    for (const [i, e] of de.events.entries()) {
      const label = e.uid.slice(0, e.uid.indexOf("@"));
      expect(e.url).toBe(`${ORIGIN}/de/runs/${label}`);
      expect(e.description).toContain(`Run-Seite: ${ORIGIN}/de/runs/${label}`);
      expect(e.description).not.toBe(en.events[i]!.description);
      expect(en.events[i]!.description).toContain(`Run page: ${ORIGIN}/runs/${label}`);
      expect(e.alarms[0]!.description).toStartWith("Startet gleich: ");
    }
    // Cached per locale: the English feed, asked again (now a cache hit), is still English.
    expect((await read(path)).name).toBe(en.name);
    const early = answerCached(deps)(new Request(`${ORIGIN}/de${path}`));
    expect(parseFeed(await early!.text()).events[0]!.description).toContain("Run-Seite:");
  });

  test("a run's own .ics under /ru/ is Russian", async () => {
    const run = await makeRun(deps.db, "raid", { boosterId: await boosterRow(deps.db, "BB-1001") });
    everythingChanged();
    const ru = parseFeed(await (await app.handle(new Request(`${ORIGIN}/ru/runs/${run.displayId}.ics`))).text());
    expect(ru.events).toHaveLength(1);
    expect(ru.events[0]!.url).toBe(`${ORIGIN}/ru/runs/${run.displayId}`);
    expect(ru.events[0]!.description).toContain(say("ru", () => T.runCalendar.runPage));
    expect(ru.events[0]!.description).not.toContain("Run page:");
  });
});

describe("alerts made on a German page", () => {
  const latestLocale = async () => (await deps.db.select({ locale: alerts.locale }).from(alerts).orderBy(desc(alerts.id)).limit(1))[0]?.locale;

  test("the no-JavaScript form posts to /de/alerts: stored 'de', and the 303 goes back to the German page", async () => {
    const back = `/de${CALENDAR}?region=EU`;
    const res = await app.handle(new Request(`${ORIGIN}/de/alerts`, {
      method: "POST", headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "visitor@example.com", type: "new-runs", calendar: "mop-raid-calendar", filters: "region=EU", back }).toString(),
    }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${back}&alert=sent#alert`);
    expect(await latestLocale()).toBe("de");
    // The page it returns to says so in German.
    const page = await get(res.headers.get("location")!);
    expect(page.doc.querySelector("#alert")!.textContent).toBe(say("de", () => T.alerts.result.sent));
  });

  test("the form's script sends the page's language to /api/alerts: stored 'de', answered in German; English stays 'en'", async () => {
    const ask = (lang: string, email: string) => app.handle(new Request(`${ORIGIN}/api/alerts`, {
      method: "POST", headers: { origin: ORIGIN, "content-type": "application/json", "accept-language": lang },
      body: JSON.stringify({ email, type: "new-runs", calendar: "mop-raid-calendar", filters: "region=EU" }),
    }));
    const de = await ask("de", "de@example.com");
    expect(de.status).toBe(202);
    expect(await de.json()).toEqual({ message: say("de", () => T.alerts.accepted) });
    expect(await latestLocale()).toBe("de");
    expect((await ask("en", "en@example.com")).status).toBe(202);
    expect(await latestLocale()).toBe("en");
  });
});

describe("the German embed", () => {
  test("/de/embed/calendars/... is German, its links stay German, and it keeps the embeds' frame-ancestors (routed and early)", async () => {
    const path = `/de/embed/calendars/mop-raid-calendar${FILTERS}`;
    for (let i = 0; i < 2; i++) {
      const page = await get(path);
      expect(page.res.status).toBe(200);
      expect(page.lang).toBe("de");
      expect(page.res.headers.get("content-security-policy")).toContain("frame-ancestors *");
      expect(page.res.headers.get("x-frame-options")).toBeNull();
      expect(page.doc.querySelector(".embed-header a")!.textContent).toBe(say("de", () => T.embed.openCalendar));
      expect(page.doc.querySelector(".embed-header a")!.getAttribute("href")).toStartWith(`${ORIGIN}/de${CALENDAR}`);
      expect(page.switcher).toEqual([]); // no language switcher in a frame
      for (const a of page.doc.querySelectorAll(".run-card__id")) expect(a.getAttribute("href")).toStartWith("/de/runs/");
    }
    const early = answerCached(deps)(new Request(ORIGIN + path));
    expect(early!.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(early!.headers.get("x-frame-options")).toBeNull();
  });
});
