// The visitor alert forms on the pages that hold them (decision 34, "The forms"): which page
// shows which form, the hidden fields each posts without JavaScript, and none at all when mail
// cannot be sent. The script that sends them in place: islands/plain/alerts.test.ts.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { challengeModeRuns, desertPerpetualRuns, raidRuns } from "../../db/schema";
import { resetDb, TEST_NOW } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";
import { boosterRow, makeRun } from "../testing/factories";
import { everythingChanged } from "../../db/changes";

const MIN = 60_000;
const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);

let t: TestApp;
let noMail: TestApp;
let b1: number;
beforeAll(async () => {
  t = await makeTestApp();
  // Production without SMTP_URL: mail is unavailable (src/config/mailConfig.ts).
  noMail = await makeTestApp({ env: { NODE_ENV: "production", PUBLIC_ORIGIN: "https://runs.example.test" } });
}, 60_000);
beforeEach(async () => {
  t.setNow(TEST_NOW);
  await resetDb();
  for (const table of [raidRuns, challengeModeRuns, desertPerpetualRuns]) await t.db.delete(table);
  b1 = await boosterRow(t.db, "BB-1001");
});

async function page(app: TestApp, path: string) {
  everythingChanged(); // the factories wrote behind the app's back
  const res = await app.request("GET", path);
  const html = await res.text();
  const inert = html.replace(/<link rel="stylesheet"[^>]*>/, "").replaceAll('<script type="module"', '<script type="text/plain"');
  return { res, html, doc: new DOMParser().parseFromString(inert, "text/html") };
}

/** Each alert form of a page: its type, where it posts, its hidden fields and its address field. */
function forms(doc: Document) {
  return [...doc.querySelectorAll<HTMLFormElement>("form[data-alert]")].map((form) => ({
    method: form.getAttribute("method"),
    action: form.getAttribute("action"),
    hidden: Object.fromEntries([...form.querySelectorAll<HTMLInputElement>("input[type=hidden]")].map((i) => [i.name, i.value])),
    email: (() => {
      const input = form.querySelector<HTMLInputElement>("input[type=email]")!;
      return { name: input.name, required: input.required, label: doc.querySelector(`label[for="${input.id}"]`)?.textContent };
    })(),
    button: form.querySelector("button[type=submit]")!.textContent,
    status: form.querySelector("[data-alert-status]")!.getAttribute("role"),
  }));
}

describe("the run page", () => {
  test("a full run: Notify me and Remind me, each a real form post to /alerts with its run and the way back", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(28 * 60 * MIN), spots: 4, spotsTaken: 4 });
    const { res, doc, html } = await page(t, `/runs/${run.displayId}`);
    expect(res.status).toBe(200);
    const email = { name: "email", required: true, label: "Your email" };
    expect(forms(doc)).toEqual([
      { method: "post", action: "/alerts", hidden: { type: "spot", run: run.displayId, back: `/runs/${run.displayId}` }, email, button: "Notify me", status: "status" },
      { method: "post", action: "/alerts", hidden: { type: "reminder", run: run.displayId, back: `/runs/${run.displayId}` }, email, button: "Remind me", status: "status" },
    ]);
    expect(doc.querySelector("#alert-spot h2")!.textContent).toBe("Tell me when a spot opens");
    // The Full bar points down to the form, and the page loads the forms' plain script.
    expect(doc.querySelector(".run-page__book a[href='#alert-spot']")!.textContent).toBe("Notify me");
    expect(html).toMatch(/<script type="module" src="[^"]*\/alerts-[^"]*\.js">/);
    // Two forms, two sets of ids: every label names its own field.
    const ids = [...doc.querySelectorAll("[id]")].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("an open run, a run with places untracked and one past its booking cutoff: a reminder only", async () => {
    const runs = [
      await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(25 * 60 * MIN), spots: 10, spotsTaken: 3 }),
      await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(26 * 60 * MIN) }),
      await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(10 * MIN), spots: 10, spotsTaken: 10 }), // closed, even though it has no places left
    ];
    for (const run of runs) {
      const { doc } = await page(t, `/runs/${run.displayId}`);
      expect(forms(doc).map((f) => f.hidden)).toEqual([{ type: "reminder", run: run.displayId, back: `/runs/${run.displayId}` }]);
      expect(doc.querySelector("a[href='#alert-spot']")).toBeNull();
    }
  });

  test("a run that has started is no longer offered: its page has no form", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(30 * MIN), spots: 4, spotsTaken: 4 });
    t.setNow(at(31 * MIN));
    const { res, doc } = await page(t, `/runs/${run.displayId}`);
    expect(res.status).toBe(410);
    expect(forms(doc)).toEqual([]);
  });

  test("without mail (production, no SMTP_URL): no form, no script for them, and the Full bar as before", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(28 * 60 * MIN), spots: 4, spotsTaken: 4 });
    const { res, doc, html } = await page(noMail, `/runs/${run.displayId}`);
    expect(res.status).toBe(200);
    expect(forms(doc)).toEqual([]);
    expect(doc.querySelector("a[href='#alert-spot']")).toBeNull();
    expect(html).not.toMatch(/\/alerts-[^"]*\.js/);
  });
});

describe("a calendar page", () => {
  test("Email me new runs like these: the calendar's slug and the view's canonical query, the same as the page's own key", async () => {
    await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(25 * 60 * MIN), spots: 10, spotsTaken: 3 });
    const full = await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(26 * 60 * MIN), spots: 4, spotsTaken: 4 });
    const plain = await page(t, "/category/wow/mop-raid-calendar");
    // The full run's card (server-rendered, so without JavaScript too) leads to its page's form.
    expect([...plain.doc.querySelectorAll(".run-grid a[href$='#alert-spot']")].map((a) => [a.getAttribute("href"), a.getAttribute("aria-label")]))
      .toEqual([[`/runs/${full.displayId}#alert-spot`, `Notify me about ${full.displayId}`]]);
    expect(forms(plain.doc).map((f) => [f.hidden, f.button])).toEqual([
      [{ type: "new-runs", calendar: "mop-raid-calendar", filters: "", back: "/category/wow/mop-raid-calendar" }, "Email me new runs"],
    ]);
    // Filters as a visitor typed them (an unknown parameter, another order): the canonical form is sent.
    const filtered = await page(t, "/category/wow/mop-raid-calendar?tz=CET&junk=1&open=1");
    const canonical = new URL(filtered.doc.querySelector("link[rel=canonical]")!.getAttribute("href")!).search.slice(1);
    expect(forms(filtered.doc).map((f) => f.hidden)).toEqual([
      { type: "new-runs", calendar: "mop-raid-calendar", filters: canonical, back: `/category/wow/mop-raid-calendar?${canonical}` },
    ]);
    expect(canonical).toContain("open=1");
    expect(canonical).not.toContain("junk");
    // A calendar loads no extra script for it: the island entry imports it on first focus.
    expect(filtered.html).not.toMatch(/\/alerts-[^"]*\.js/);
  });

  test("without mail: no form on the calendar, and a full run's card says Full alone", async () => {
    await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(26 * 60 * MIN), spots: 4, spotsTaken: 4 });
    const { res, doc } = await page(noMail, "/game/mop-raid-calendar");
    expect(res.status).toBe(200);
    expect(forms(doc)).toEqual([]);
    expect(doc.querySelector(".run-grid .spots")!.textContent).toBe("Full");
    expect(doc.querySelector(".run-grid a[href$='#alert-spot']")).toBeNull();
  });
});
