// The admin's Runs area at ?view=insights: the server renders the view's
// loading line and the switch, and skips loading the run list the view does not show.
import { beforeAll, describe, expect, test } from "bun:test";
import { resetDb } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";

let t: TestApp;
beforeAll(async () => { await resetDb(); t = await makeTestApp(); }, 60_000);

const page = async (path: string) => {
  const res = await t.request("GET", path, { cookie: await t.cookieFor("owner@example.com") });
  return { status: res.status, html: await res.text() };
};

describe("/admin?tab=runs&view=insights", () => {
  test("renders the Insights view's loading line, the current view marked, no run list", async () => {
    const { status, html } = await page("/admin?tab=runs&game=3&tool=1&view=insights");
    expect(status).toBe(200);
    expect(html).toContain("Loading insights...");
    expect(html).toMatch(/<a class="segmented__item is-active" href="\/admin\?tab=runs&amp;game=3&amp;tool=1&amp;view=insights" aria-current="page">Insights<\/a>/);
    expect(html).not.toContain("MoP Raid Runs");
    expect(html).toContain('"view":"insights"');
    expect(html).toContain('"runs":null');
    expect(html).toContain('"insightDays":30');
  });

  test("the period comes from ?days= (7, 30 or 90; anything else is 30), and the Insights link keeps it", async () => {
    const { html } = await page("/admin?tab=runs&game=3&tool=1&view=insights&days=7");
    expect(html).toContain('"insightDays":7');
    expect(html).toMatch(/<a class="segmented__item is-active" href="\/admin\?tab=runs&amp;game=3&amp;tool=1&amp;view=insights&amp;days=7" aria-current="page">Insights<\/a>/);
    expect((await page("/admin?tab=runs&game=3&tool=1&view=insights&days=12")).html).toContain('"insightDays":30');
  });

  test("without it (or with anything else) the run panel, with its clicks column", async () => {
    for (const path of ["/admin?tab=runs&game=3&tool=1", "/admin?tab=runs&game=3&tool=1&view=junk"]) {
      const { html } = await page(path);
      expect(html).toContain("MoP Raid Runs");
      expect(html).toContain("Clicks (all time)");
      expect(html).not.toContain("Loading insights...");
    }
  });
});
