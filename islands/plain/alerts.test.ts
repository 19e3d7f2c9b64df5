// The alert forms' plain script on the pages' own markup (RunPage, CalendarPage's AlertForm),
// with fetch answering as /api/alerts does. In a real browser against the real API:
// scripts/e2e/alerts.e2e.ts.
import { afterEach, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { RunPage } from "../../src/pages/run/page";
import { AlertForm } from "../../src/pages/alertForm";
import type { PublicRun } from "../../src/readModel/runPages";
import type { LiveRun } from "../../src/readModel/liveViews";

const START = "2026-12-01T19:00:00.000Z";
const page = {
  game: { id: 1, slug: "mop-raid-calendar", name: "MoP Raids", parentGameId: null }, parent: null, calendar: "/game/mop-raid-calendar", updatedAt: 0,
  run: {
    kind: "raid", id: 57, displayId: "MOP-57", gameId: 1, title: "WoW Raid Run", startsAt: START, timezone: "CET", status: "available",
    region: "EU", raidId: 1, raid: { name: "Mogu'shan Vaults" }, difficulty: "heroic_25", faction: { name: "Alliance" }, completionMode: null,
    gameplayType: null, crossRealmAvailable: false, classRestrictions: [], booster: { boosterId: "BB-1001" }, scheduledDate: "2026-12-01 20:00",
    revision: 0, updatedAt: START, boosterId: 1, factionId: 1, completionModeId: null, spots: 5, spotsTaken: 5, spotsLeft: 0, availability: "full",
  },
} as unknown as PublicRun;
const live: LiveRun = { displayId: "MOP-57", status: "available", availability: "full", spotsLeft: 0, startsAt: START };

type Sent = { url: string; method: string; headers: Record<string, string>; body: unknown };
/** fetch as the alerts API answers (the preload puts Bun's back after each test); `reply` may wait or throw. */
function answering(reply: (sent: Sent) => Promise<[number, unknown]> | [number, unknown]): Sent[] {
  const sent: Sent[] = [];
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    const call = { url, method: init.method ?? "GET", headers: init.headers as Record<string, string>, body: JSON.parse(init.body as string) };
    sent.push(call);
    const [status, json] = await reply(call);
    return new Response(JSON.stringify(json), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return sent;
}

let loads = 0;
async function enhance(html: string) {
  document.body.innerHTML = html;
  await import(`./alerts.ts?load=${++loads}`);
}
const runPage = () => renderToStaticMarkup(RunPage({ viewer: null, page, url: "http://x/runs/MOP-57", calendarHref: "/game/mop-raid-calendar", addToCalendar: null, live, liveSince: "b-3", alerts: { notify: true, remind: true } }));
const parts = (id: string) => {
  const root = document.getElementById(id)!;
  return {
    form: root.querySelector("form")!,
    email: root.querySelector<HTMLInputElement>("input[type=email]")!,
    button: root.querySelector<HTMLButtonElement>("button[type=submit]")!,
    status: root.querySelector<HTMLElement>("[role=status]")!,
  };
};
/** Lets the awaited fetch, its JSON and the handler's tail run. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((r) => setImmediate(r));
};

afterEach(() => {
  document.body.innerHTML = "";
  document.documentElement.lang = "";
  history.replaceState(null, "", "/");
});

test("Notify me sends the form's fields as JSON to /api/alerts, busy while sending, then says the API's message in the live region", async () => {
  let release!: () => void;
  const sent = answering(() => new Promise((r) => { release = () => r([202, { message: "Check your inbox to confirm." }]); }));
  await enhance(runPage());
  const { form, email, button, status } = parts("alert-spot");
  email.value = "ada@example.test";
  button.focus();
  form.requestSubmit(button);
  await settle();
  expect(sent).toEqual([{
    url: "/api/alerts", method: "POST", headers: { "content-type": "application/json", accept: "application/json" },
    body: { type: "spot", run: "MOP-57", email: "ada@example.test" },
  }]);
  // While the request is out: the button is disabled and says so; a second submit sends nothing.
  expect([button.disabled, button.textContent]).toEqual([true, "Sending…"]);
  form.requestSubmit(button);
  expect(sent.length).toBe(1);

  release();
  await settle();
  expect([button.disabled, button.textContent]).toEqual([false, "Send me the link"]);
  expect(status.querySelector(".form-status--success")!.textContent).toBe("Check your inbox to confirm.");
  expect(email.hasAttribute("aria-invalid")).toBe(false);
  expect(document.activeElement).toBe(button); // focus stays in the form
  // The other form on the page was not touched.
  expect(parts("alert-reminder").status.textContent).toBe("");
});

test("on a German page the form asks in German (Accept-Language: de), so the alert is stored in German", async () => {
  const sent = answering(() => [202, { message: "Bitte bestätige die Adresse." }]);
  document.documentElement.lang = "de";
  await enhance(runPage());
  const { form, email, button } = parts("alert-spot");
  email.value = "ada@example.test";
  form.requestSubmit(button);
  await settle();
  expect(sent.map((s) => s.headers)).toEqual([{ "content-type": "application/json", accept: "application/json", "accept-language": "de" }]);
});

test("a refused address: the API's message as an error, focus on the address, cleared once the visitor types", async () => {
  answering(() => [400, { message: "Invalid email address" }]);
  await enhance(runPage());
  const { form, email, button, status } = parts("alert-reminder");
  email.value = "ada@localhost"; // the browser lets it through; the API does not
  form.requestSubmit(button);
  await settle();
  expect(status.querySelector(".form-status--error")!.textContent).toBe("Invalid email address");
  expect(email.getAttribute("aria-invalid")).toBe("true");
  expect(email.getAttribute("aria-describedby")).toBe("alert-reminder-help alert-reminder-status");
  expect(document.activeElement).toBe(email);

  email.value = "ada@example.test";
  email.dispatchEvent(new Event("input", { bubbles: true }));
  expect(status.textContent).toBe("");
  expect(email.hasAttribute("aria-invalid")).toBe(false);
});

test("no answer (offline) or one without a message (a proxy's 503 page): the form's own words", async () => {
  const answers: (() => [number, unknown])[] = [
    () => { throw new TypeError("Failed to fetch"); },
    () => [503, "Service Unavailable"],
  ];
  answering(() => answers.shift()!());
  await enhance(runPage());
  const { form, email, button, status } = parts("alert-spot");
  email.value = "ada@example.test";
  for (let i = 0; i < 2; i++) {
    form.requestSubmit(button);
    await settle();
    expect(status.querySelector(".form-status--error")!.textContent).toBe("That did not go through. Check your connection and try again.");
    expect(button.disabled).toBe(false);
  }
});

test("a calendar's form sends the filters in the address bar, which the island may have changed since the page was served", async () => {
  const sent = answering(() => [202, { message: "Check your inbox to confirm." }]);
  history.replaceState(null, "", "/category/wow/mop-raid-calendar?open=1&region=US");
  await enhance(renderToStaticMarkup(AlertForm({ target: { type: "new-runs", calendar: "mop-raid-calendar", filters: "" }, back: "/category/wow/mop-raid-calendar" })));
  const { form, email, button } = parts("alert-new-runs");
  email.value = "ada@example.test";
  form.requestSubmit(button);
  await settle();
  expect(sent.map((s) => s.body)).toEqual([{ type: "new-runs", calendar: "mop-raid-calendar", filters: "open=1&region=US", email: "ada@example.test" }]);
});

test("loaded twice (a page with both the plain script and the island entry's import), a form is enhanced once", async () => {
  const sent = answering(() => [202, { message: "Check your inbox to confirm." }]);
  await enhance(runPage());
  await import(`./alerts.ts?load=${++loads}`);
  const { form, email, button } = parts("alert-spot");
  email.value = "ada@example.test";
  form.requestSubmit(button);
  await settle();
  expect(sent.length).toBe(1);
});
