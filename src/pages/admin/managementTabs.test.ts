import { beforeAll, describe, expect, test } from "bun:test";
import { resetDb } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";

let t: TestApp;
beforeAll(async () => { await resetDb(); t = await makeTestApp(); });

const page = async (path: string, email: string) => {
  const res = await t.request("GET", path, { cookie: await t.cookieFor(email) });
  return { status: res.status, html: await res.text() };
};

/** The JSON props the server wrote for an island (what the browser hydrates with). */
function islandProps(html: string, name: string): unknown {
  const id = new RegExp(`data-island="${name}" data-island-id="(i\\d+)"`).exec(html)?.[1];
  if (!id) throw new Error(`island ${name} not on the page`);
  const json = new RegExp(`<script type="application/json" data-island-props="${id}">(.*?)</script>`, "s").exec(html)![1]!;
  return JSON.parse(json.replace(/\\u003c/g, "<").replace(/\\u003e/g, ">").replace(/\\u0026/g, "&"));
}

describe("staff pages without JavaScript", () => {
  test("/admin and /dashboard carry a <noscript> notice that the page needs JavaScript; public pages do not", async () => {
    const notice = /<noscript><p class="callout noscript-notice" role="note">This page needs JavaScript: [^<]+<\/p><\/noscript>/;
    expect((await page("/admin", "owner@example.com")).html).toMatch(notice);
    expect((await page("/dashboard", "booster@example.com")).html).toMatch(notice);
    expect((await page("/", "owner@example.com")).html).not.toContain("<noscript>");
  });
});

describe("/admin?tab=users", () => {
  test("renders the full users list on the server (no loading flash), without secrets", async () => {
    const { status, html } = await page("/admin?tab=users", "owner@example.com");
    expect(status).toBe(200);
    expect(html).toContain("All App Users");
    expect(html).toContain("Invite User");
    expect(html).toContain("booster2@example.com");
    expect(html).toContain("Booster ID: BB-1001");
    expect(html).not.toContain("skeleton");
    expect(html).not.toMatch(/argon2|passwordHash/);
    const props = islandProps(html, "UsersAdmin") as { viewer: { role: string }; initialUsers: unknown[]; games: unknown[] };
    expect(props.viewer.role).toBe("owner");
    expect(props.initialUsers).toHaveLength(4);
    expect(props.games).toHaveLength(5);
  });

  test("an administrator's page offers no edit button on the owner", async () => {
    const { html } = await page("/admin?tab=users", "admin@example.com");
    expect(html).toContain('aria-label="Edit Frostbolt"');
    expect(html).not.toContain('aria-label="Edit Owner"');
    expect(html).not.toContain('aria-label="Delete Owner"');
  });
});

describe("/admin?tab=games", () => {
  test("lists every game with its controls; the owner gets Production and Dev switches", async () => {
    const { status, html } = await page("/admin?tab=games", "owner@example.com");
    expect(status).toBe(200);
    expect(html).toContain("Destiny 2");
    expect(html).toContain("Sub-game");
    expect(html).toContain('aria-label="Dev visibility of Destiny 2"');
    expect(html).toContain('aria-label="Move Destiny 2 up"');
    expect(html).toContain('aria-describedby="games-admin-dnd"');
  });

  test("an administrator gets one visibility switch per game", async () => {
    const { html } = await page("/admin?tab=games", "admin@example.com");
    expect(html).toContain('aria-label="Visibility of Destiny 2"');
    expect(html).not.toContain("Dev visibility of");
  });

  test("boosters do not reach the tabs", async () => {
    expect((await page("/admin?tab=users", "booster@example.com")).status).toBe(404);
  });
});
