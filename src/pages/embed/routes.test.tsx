// The calendar embed (/embed/calendars/{slug}) and its loader (/embed.js): the calendar's
// filters and cards, booking links with the embed's attribution, the colour theme, framing
// (CSP frame-ancestors: EMBED_ORIGINS here, 'none' everywhere else, routed and from the page
// cache's early answer), the page cache, and the loader's size and caching.
import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { resetDb, TEST_NOW } from "../../testing/db";
import { ORIGIN, sessionCookie, TEST_SECRETS, testManifest } from "../../testing/app";
import { createApp, type AppDeps } from "../../app";
import { everythingChanged } from "../../../db/changes";
import { users } from "../../../db/schema";
import { eq } from "drizzle-orm";
import { readPath } from "../../readModel/readPath";
import { answerCached } from "../../public/fastPath";
import { PUBLIC_CACHE_CONTROL } from "../../public/publicResponse";
import { CONTENT_SECURITY_POLICY } from "../../http/security";
import { parseConfig } from "../../config/appConfig";
import { embedSnippet } from "../../shared/embed";

const SHOP = "https://shop.example.test";
/** Where testManifest() builds (src/testing/app.ts). */
const DIST = join(tmpdir(), `runboard-test-dist-${process.pid}`);
type Made = { deps: AppDeps; app: ReturnType<typeof createApp> };
let t: Made;
let framed: Made;
beforeAll(async () => {
  const { db } = await resetDb();
  everythingChanged();
  const make = async (env: Record<string, string> = {}): Promise<Made> => {
    const deps: AppDeps = { db, config: parseConfig({ NODE_ENV: "test", PUBLIC_ORIGIN: ORIGIN, ...TEST_SECRETS, ...env }), clock: () => TEST_NOW, manifest: await testManifest() };
    return { deps, app: createApp(deps, { distDir: DIST }) };
  };
  t = await make();
  framed = await make({ EMBED_ORIGINS: `${SHOP} https://*.partner.example.test` });
}, 60_000); // builds the island bundle once

async function get(path: string, made = t, headers: Record<string, string> = {}) {
  const res = await made.app.handle(new Request(ORIGIN + path, { headers }));
  const html = await res.text();
  const doc = new DOMParser().parseFromString(html.slice(html.indexOf("<body>")), "text/html");
  const cards = [...doc.querySelectorAll(".run-grid > li")].map((li) => li.querySelector(".run-card__id")!.textContent!);
  const props = () => {
    const el = doc.querySelector("[data-island$=Calendar]")!;
    return JSON.parse(doc.querySelector(`script[data-island-props="${el.getAttribute("data-island-id")}"]`)!.textContent!);
  };
  return { res, html, doc, cards, props };
}

describe("the embed page", () => {
  test("shows the calendar's cards and filters for the same query as the calendar page, without the site's header", async () => {
    for (const query of ["", "?region=US", "?region=EU&difficulty=heroic_25&open=1", "?tz=EST"]) {
      const page = await get(`/game/mop-raid-calendar${query}`);
      const embed = await get(`/embed/calendars/mop-raid-calendar${query}`);
      expect(embed.res.status).toBe(200);
      expect(embed.cards).toEqual(page.cards);
      expect(embed.props().filters).toEqual(page.props().filters);
      expect(embed.props().zone).toBe(page.props().zone);
      // The island's links and live stream are built on the embed's own path.
      expect(embed.props().path).toBe("/embed/calendars/mop-raid-calendar");
      expect(embed.doc.querySelector(".site-header")).toBeNull();
      expect(embed.doc.querySelector("h1")!.textContent).toBe("MoP Raid Calendar");
    }
    expect((await get("/embed/calendars/desert-perpetual-calendar")).cards.length).toBeGreaterThan(0);
    expect((await get("/embed/calendars/mop-challenge-mode-calendar")).res.status).toBe(200);
  });

  test("booking buttons open /go in a new tab with source=embed and the embedding page's origin, when it is an http(s) origin", async () => {
    const links = async (origin: string | null) => {
      const { doc, props } = await get(`/embed/calendars/mop-raid-calendar${origin === null ? "" : `?origin=${encodeURIComponent(origin)}`}`);
      const book = [...doc.querySelectorAll<HTMLAnchorElement>(".run-card__footer a")];
      expect(book.length).toBeGreaterThan(0);
      for (const a of book) expect([a.getAttribute("target"), a.getAttribute("rel")]).toEqual(["_blank", "noopener"]);
      return { hrefs: book.map((a) => a.getAttribute("href")!.replace(/^\/go\/[^?]+/, "")), embed: props().embed };
    };
    // Every other link leaves the frame in a new tab too (no other page may be framed).
    expect((await get("/embed/calendars/mop-raid-calendar")).html).toContain('<base target="_blank">');
    expect((await get("/game/mop-raid-calendar")).html).not.toContain("<base");
    const shop = await links(`${SHOP}/`);
    expect(new Set(shop.hrefs)).toEqual(new Set([`?source=embed&origin=${encodeURIComponent(SHOP)}`]));
    expect(shop.embed.parentOrigin).toBe(SHOP);
    for (const bad of ["javascript:alert(1)", `${SHOP}/products?x=1`, "null", "ftp://shop.example.test", "https://a.example; script-src *"]) {
      const dropped = await links(bad);
      expect(new Set(dropped.hrefs)).toEqual(new Set(["?source=embed"]));
      expect(dropped.embed.parentOrigin).toBeNull();
    }
    const none = await links(null);
    expect(new Set(none.hrefs)).toEqual(new Set(["?source=embed"]));
  });

  test("theme=light|dark picks the palette; absent or unknown, the visitor's prefers-color-scheme (auto)", async () => {
    const theme = async (q: string) => /<html lang="en" class="embed" data-theme="(\w+)">/.exec((await get(`/embed/calendars/mop-raid-calendar${q}`)).html)?.[1];
    expect(await theme("?theme=light")).toBe("light");
    expect(await theme("?theme=dark")).toBe("dark");
    expect(await theme("")).toBe("auto");
    expect(await theme("?theme=purple")).toBe("auto");
    // The calendar page itself has no theme.
    expect((await get("/game/mop-raid-calendar")).html).toContain('<html lang="en"><head>');
  });

  test("an unknown calendar is a 404 inside the frame", async () => {
    const { res, doc } = await get("/embed/calendars/no-such-game?theme=light");
    expect(res.status).toBe(404);
    expect(doc.querySelector(".empty")!.textContent).toBe("Game not found");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors *");
  });
});

describe("framing", () => {
  test("only /embed/* may be framed: by EMBED_ORIGINS (default *); every other page sends frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    for (const [app, ancestors] of [[t, "*"], [framed, `${SHOP} https://*.partner.example.test`]] as const) {
      const embed = (await get("/embed/calendars/mop-raid-calendar", app)).res;
      expect(embed.headers.get("content-security-policy")).toContain(`frame-ancestors ${ancestors}`);
      expect(embed.headers.get("content-security-policy")).not.toContain("frame-ancestors 'none'");
      expect(embed.headers.get("x-frame-options")).toBeNull();
      for (const path of ["/", "/game/mop-raid-calendar", "/category/wow", "/auth", "/runs/nope", "/embed.js", "/api/games"]) {
        const res = (await get(path, app)).res;
        expect(res.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
        expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
        expect(res.headers.get("x-frame-options")).toBe("DENY");
      }
    }
  });

  test("the page cache's early answer (the fast path) carries each page's own policy", async () => {
    const answer = answerCached(framed.deps);
    for (const [path, ancestors] of [["/embed/calendars/mop-raid-calendar?theme=dark", `${SHOP} https://*.partner.example.test`], ["/game/mop-raid-calendar", "'none'"]] as const) {
      await get(path, framed); // fills the cache
      const hit = answer(new Request(ORIGIN + path));
      expect(hit).toBeDefined();
      expect(hit!.headers.get("content-security-policy")).toContain(`frame-ancestors ${ancestors}`);
      expect(hit!.headers.get("x-frame-options")).toBe(ancestors === "'none'" ? "DENY" : null);
      // A visitor with a session cookie gets the same embed (it has no header to stitch).
      if (path.startsWith("/embed/")) {
        const signedIn = answer(new Request(ORIGIN + path, { headers: { cookie: "runboard_session=whatever" } }));
        expect(signedIn!.headers.get("content-security-policy")).toContain(`frame-ancestors ${ancestors}`);
        expect(signedIn!.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
      }
    }
  });

  test("EMBED_ORIGINS accepts origins, *.subdomains, 'self' and *, and refuses anything else at start-up", () => {
    expect(parseConfig({ NODE_ENV: "test" }).embedOrigins).toEqual(["*"]);
    expect(parseConfig({ NODE_ENV: "test", EMBED_ORIGINS: " https://Shop.Example.com  https://*.partner.example:8443 'self' " }).embedOrigins)
      .toEqual(["https://shop.example.com", "https://*.partner.example:8443", "'self'"]);
    for (const bad of ["https://shop.example.com/path", "shop.example.com", "https://a.example;", "'none'", "javascript:x", "https://a.example; script-src *"]) {
      expect(() => parseConfig({ NODE_ENV: "test", EMBED_ORIGINS: bad })).toThrow(/EMBED_ORIGINS/);
    }
  });
});

describe("the page cache", () => {
  test("one entry per canonical view, theme and origin; a repeat is a hit with the same ETag, signed in or not", async () => {
    const cache = readPath(t.deps).pages;
    const first = await get("/embed/calendars/mop-raid-calendar?region=US&theme=dark");
    const size = cache.size;
    for (const same of ["/embed/calendars/mop-raid-calendar?theme=dark&region=US", "/embed/calendars/mop-raid-calendar?region=US&junk=1&theme=dark"]) {
      const again = await get(same);
      expect(again.res.headers.get("etag")).toBe(first.res.headers.get("etag"));
      expect(again.res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    }
    const cookie = await sessionCookie(t.deps.db, t.deps.config, "admin@example.com");
    const signedIn = await get("/embed/calendars/mop-raid-calendar?region=US&theme=dark", t, { cookie });
    expect(signedIn.html).toBe(first.html);
    expect(cache.size).toBe(size);
    await get("/embed/calendars/mop-raid-calendar?region=US&theme=dark&origin=https%3A%2F%2Fother.example.test");
    expect(cache.size).toBe(size + 1);
  });
});

describe("the loader", () => {
  test("/embed.js is the content-hashed loader (immutable) under a stable name cached for five minutes, at most 3 KB gzip", async () => {
    const hashed = (await testManifest()).embedLoader!;
    expect(hashed).toMatch(/^\/assets\/embedLoader-[0-9a-z]+\.js$/);
    const stable = await t.app.handle(new Request(`${ORIGIN}/embed.js`));
    const versioned = await t.app.handle(new Request(ORIGIN + hashed));
    expect(stable.status).toBe(200);
    expect(stable.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(stable.headers.get("cache-control")).toBe("public, max-age=300");
    expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = new Uint8Array(await stable.arrayBuffer());
    expect(bytes).toEqual(new Uint8Array(await versioned.arrayBuffer()));
    const file = readFileSync(join(DIST, hashed));
    expect(bytes).toEqual(new Uint8Array(file));
    const gzip = Bun.gzipSync(bytes).byteLength;
    console.log(`embed loader: raw ${bytes.byteLength} B, gzip ${gzip} B`);
    expect(gzip).toBeLessThanOrEqual(3 * 1024);
    // A classic script: no module syntax, and nothing declared outside its one function.
    const text = new TextDecoder().decode(bytes);
    expect(text).not.toMatch(/\b(import|export)\b/);
    expect(text.startsWith("(()=>{")).toBe(true);
  });

  test("the snippet: the div with the calendar's filters and theme, its fallback link, and the loader's script", () => {
    expect(embedSnippet({
      origin: "https://runboard.example", slug: "mop-raid-calendar", calendarHref: "/category/wow/mop-raid-calendar",
      filters: "region=EU&difficulty=heroic_25", theme: "dark", linkText: "MoP Raid Calendar on Runboard",
    })).toBe(
      `<div data-runboard-calendar="mop-raid-calendar" data-filters="region=EU&amp;difficulty=heroic_25" data-theme="dark">`
      + `<a href="https://runboard.example/category/wow/mop-raid-calendar?region=EU&amp;difficulty=heroic_25">MoP Raid Calendar on Runboard</a></div>\n`
      + `<script src="https://runboard.example/embed.js" async></script>`,
    );
  });
});


describe("Embed this calendar (staff only)", () => {
  const control = (html: string) => new DOMParser().parseFromString(html.slice(html.indexOf("<body>")), "text/html").querySelector(".embed-control");
  test("owners and administrators get the control with the snippet for the page's filters; boosters and visitors do not", async () => {
    const path = "/category/wow/mop-raid-calendar?region=US&difficulty=heroic_25";
    const anonymous = await get(path);
    expect(control(anonymous.html)).toBeNull();
    expect(anonymous.html).not.toContain("embedSnippet");
    for (const email of ["owner@example.com", "admin@example.com"]) {
      const cookie = await sessionCookie(t.deps.db, t.deps.config, email);
      const { html } = await get(path, t, { cookie });
      const el = control(html)!;
      expect(el.querySelector("summary")!.textContent).toBe("Embed this calendar");
      expect(el.querySelector("textarea")!.textContent).toBe(
        `<div data-runboard-calendar="mop-raid-calendar" data-filters="region=US&amp;difficulty=heroic_25">`
        + `<a href="${ORIGIN}/category/wow/mop-raid-calendar?region=US&amp;difficulty=heroic_25">MoP Raid Calendar on Runboard</a></div>\n`
        + `<script src="${ORIGIN}/embed.js" async></script>`,
      );
      // Its plain script comes with it, and nothing else of the page changed but the header.
      expect(html).toMatch(/<script type="module" src="\/assets\/embedSnippet-[0-9a-z]+\.js">/);
      // The early answer (the page cache) gives the same variant.
      const early = answerCached(t.deps)(new Request(ORIGIN + path, { headers: { cookie } }));
      expect(early && control(await early.text())).not.toBeNull();
    }
    const booster = await sessionCookie(t.deps.db, t.deps.config, (await boosterEmail())!);
    expect(control((await get(path, t, { cookie: booster })).html)).toBeNull();
  });
});

async function boosterEmail() {
  return (await t.deps.db.select({ email: users.email }).from(users).where(eq(users.role, "booster")).limit(1))[0]?.email;
}
