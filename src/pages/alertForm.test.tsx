// The visitor alert forms on the pages that hold them (decision 34, "The forms"): which page
// shows which form, the hidden fields each posts without JavaScript, and none at all when mail
// cannot be sent. The script that sends them in place: islands/plain/alerts.test.ts.
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { challengeModeRuns, desertPerpetualRuns, raidRuns } from "../../db/schema";
import { resetDb, TEST_NOW } from "../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../testing/app";
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
    const email = { name: "email", required: true, label: "Email address" };
    const button = "Send me the link";
    expect(forms(doc)).toEqual([
      { method: "post", action: "/alerts", hidden: { type: "spot", run: run.displayId, back: `/runs/${run.displayId}` }, email, button, status: "status" },
      { method: "post", action: "/alerts", hidden: { type: "reminder", run: run.displayId, back: `/runs/${run.displayId}` }, email, button, status: "status" },
    ]);
    expect([...doc.querySelectorAll(".alert-form h2")].map((h) => h.textContent)).toEqual(["Notify me", "Remind me 1 hour before"]);
    // The Full bar points down to the form, and the page loads the forms' plain script.
    expect(doc.querySelector(".run-page__book a[href='#alert-spot']")!.textContent).toBe("Notify me");
    expect(html).toMatch(/<script type="module" src="[^"]*\/alerts-[^"]*\.js">/);
    // Two forms, two sets of ids: every label names its own field.
    const ids = [...doc.querySelectorAll("[id]")].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("an open run and a run with places untracked: a reminder only", async () => {
    const runs = [
      await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(25 * 60 * MIN), spots: 10, spotsTaken: 3 }),
      await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(26 * 60 * MIN) }),
    ];
    for (const run of runs) {
      const { doc } = await page(t, `/runs/${run.displayId}`);
      expect(forms(doc).map((f) => f.hidden)).toEqual([{ type: "reminder", run: run.displayId, back: `/runs/${run.displayId}` }]);
      expect(doc.querySelector("a[href='#alert-spot']")).toBeNull();
    }
  });

  test("a full run within the hour before its start: Notify me, no reminder (it would be due already)", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(59 * MIN), spots: 4, spotsTaken: 4 });
    expect(forms((await page(t, `/runs/${run.displayId}`)).doc).map((f) => f.hidden.type)).toEqual(["spot"]);
    const later = await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(61 * MIN), spots: 4, spotsTaken: 4 });
    expect(forms((await page(t, `/runs/${later.displayId}`)).doc).map((f) => f.hidden.type)).toEqual(["spot", "reminder"]);
  });

  test("past its booking cutoff and inside the hour: no form, and no script for them", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(10 * MIN), spots: 10, spotsTaken: 10 });
    const { doc, html } = await page(t, `/runs/${run.displayId}`);
    expect(doc.querySelector(".run-page__book h2")!.textContent).toBe("Booking closed");
    expect(forms(doc)).toEqual([]);
    expect(html).not.toMatch(/\/alerts-[^"]*\.js/);
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
    // The full run's card says Full; its id links to its page, where the Notify me form is (no link of its own: the calendar's JavaScript budget).
    expect(plain.doc.querySelector(".run-grid a[href$='#alert-spot']")).toBeNull();
    expect(plain.doc.querySelector(`.run-grid a[href='/runs/${full.displayId}']`)).not.toBeNull();
    expect(forms(plain.doc).map((f) => [f.hidden, f.button])).toEqual([
      [{ type: "new-runs", calendar: "mop-raid-calendar", filters: "", back: "/category/wow/mop-raid-calendar" }, "Send me the link"],
    ]);
    expect(plain.doc.querySelector(".alert-form h2")!.textContent).toBe("Email me new runs like these");
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

describe("without JavaScript: the form post and the page it returns to", () => {
  /** A browser's plain form post: form-encoded, taking HTML, same origin; its 303's Location. */
  async function post(app: TestApp, fields: Record<string, string>) {
    const res = await app.app.handle(new Request(`${ORIGIN}/alerts`, {
      method: "POST", body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html", origin: ORIGIN },
    }));
    expect(res.status).toBe(303);
    return res.headers.get("location")!;
  }
  const result = (doc: Document) => {
    const box = doc.getElementById("alert");
    return box && { role: box.getAttribute("role"), text: box.textContent, ok: !!box.querySelector(".form-status--success") };
  };

  test("a run page: the post returns to it with ?alert=sent, shown above the forms; the plain page stays without it (its own cache entry)", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(28 * 60 * MIN), spots: 4, spotsTaken: 4 });
    const path = `/runs/${run.displayId}`;
    expect(result((await page(t, path)).doc)).toBeNull(); // cached first, without a flag
    const { doc } = await page(t, path);
    const fields = Object.fromEntries([...doc.querySelectorAll<HTMLInputElement>("#alert-spot input[type=hidden]")].map((i) => [i.name, i.value]));
    const location = await post(t, { ...fields, email: "ada@example.test" });
    expect(location).toBe(`${path}?alert=sent#alert`);
    const back = await page(t, location.split("#")[0]!);
    expect(result(back.doc)).toEqual({ role: "status", text: "Check your inbox: we sent a link to confirm this alert.", ok: true });
    // The box sits before the first form, and the forms are the same as on the plain page.
    expect(back.doc.getElementById("alert")!.nextElementSibling!.id).toBe("alert-spot");
    expect(forms(back.doc)).toEqual(forms(doc));
    // Served from the cache now, the plain page still has no result, and an unknown flag is the plain page.
    expect(result((await page(t, path)).doc)).toBeNull();
    expect(result((await page(t, `${path}?alert=<b>hi</b>`)).doc)).toBeNull();
    // The address never travels in the URL.
    expect(location).not.toContain("ada");
  });

  test("a refused address comes back as its error; without mail there is no form and no result", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1, startsAt: at(28 * 60 * MIN), spots: 4, spotsTaken: 4 });
    const path = `/runs/${run.displayId}`;
    const location = await post(t, { type: "reminder", run: run.displayId, back: path, email: "not an address" });
    expect(location).toBe(`${path}?alert=email#alert`);
    expect(result((await page(t, location.split("#")[0]!)).doc)).toEqual({ role: "status", text: "Please enter a valid email address.", ok: false });
    expect(result((await page(noMail, `${path}?alert=sent`)).doc)).toBeNull();
  });

  test("a calendar: back to the same filtered view, with the result by its form", async () => {
    const filtered = await page(t, "/category/wow/mop-raid-calendar?open=1");
    const fields = Object.fromEntries([...filtered.doc.querySelectorAll<HTMLInputElement>("#alert-new-runs input[type=hidden]")].map((i) => [i.name, i.value]));
    const location = await post(t, { ...fields, email: "ada@example.test" });
    expect(location).toBe(`${fields.back}&alert=sent#alert`);
    const back = await page(t, location.split("#")[0]!);
    expect(result(back.doc)).toMatchObject({ ok: true });
    expect(back.doc.querySelector("link[rel=canonical]")!.getAttribute("href")).toBe(filtered.doc.querySelector("link[rel=canonical]")!.getAttribute("href"));
    expect(result((await page(t, "/category/wow/mop-raid-calendar?open=1")).doc)).toBeNull();
  });
});
