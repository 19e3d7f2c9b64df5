import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, setSystemTime, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import RunsAdmin, { type RunsAdminProps } from "./RunsAdmin";
import Toaster from "../Toaster/Toaster";
import { clearReferenceCache } from "../components/runPanel/calls";
import type { AnyRun, RunOfKind } from "../../src/kinds/runs";
import type { ChallengeRun } from "../../src/kinds/challenge/schemas";
import type { DesertRun } from "../../src/kinds/desert/schemas";
import type { RaidRun } from "../../src/kinds/raid/schemas";
import type { RunKind } from "../../src/shared/enums";
import type { RunPage } from "../../src/kinds/runList";
import { pageRuns } from "../../src/kinds/runPaging";
import { pageParamsOf, RUN_LIST_QUERIES } from "../../src/api/runs/listRoutes";
import { stubApi, stubs, type Call, type Stubs } from "../../src/testing/apiStub";

// The date picker refuses days before today: the fixtures' December 2026 dates stay ahead.
beforeAll(() => { setSystemTime(new Date("2026-11-20T12:00:00Z")); });
afterAll(() => { setSystemTime(); });

const GAMES: RunsAdminProps["games"] = [
  {
    id: 3, name: "World of Warcraft", slug: "wow", children: [
      { id: 1, name: "MoP Raid Calendar", slug: "mop-raid-calendar" },
      { id: 4, name: "MoP Challenge Mode Calendar", slug: "mop-challenge-mode-calendar" },
      { id: 6, name: "Arena Calendar", slug: "arena-calendar" },
    ],
  },
  { id: 2, name: "Destiny 2", slug: "d2", children: [{ id: 5, name: "Desert Perpetual Calendar", slug: "desert-perpetual-calendar" }] },
];

const booster = (code: string, nickname: string) => ({ boosterId: code, user: { nickname, email: `${nickname.toLowerCase()}@example.com` } });

const raidRun = (over: Partial<RaidRun> = {}): RaidRun => ({
  kind: "raid", id: 12, displayId: "MOP-12", gameId: 1, boosterId: 1, title: "WoW Raid Run",
  scheduledDate: "2026-12-01 20:00", startsAt: "2026-12-01T19:00:00.000Z", timezone: "CET", status: "available",
  revision: 1, updatedAt: "2026-11-01T12:00:00.000Z", spots: null, spotsTaken: 0, booster: booster("BB-1001", "Frostbolt"), difficulty: "heroic_25", crossRealmAvailable: false, region: "EU",
  raidId: 2, raid: { name: "Heart of Fear" }, factionId: 1, faction: { name: "Alliance" }, completionModeId: 5,
  completionMode: { name: "Full Clear" }, gameplayType: "pilot",
  classRestrictions: [{ wowClass: "Paladin", specs: ["Healer"], serviceType: "Full Gear Priority" }], ...over,
});

const RUNS: RaidRun[] = [
  raidRun(),
  raidRun({ id: 13, displayId: "MOP-13", region: "US", difficulty: "normal_10", status: "cancelled", raid: { name: "Siege of Orgrimmar" }, raidId: 5, booster: booster("BB-1002", "Sunfire"), boosterId: 2, classRestrictions: [], startsAt: "2026-12-02T01:30:00.000Z", scheduledDate: "2026-12-01 20:30", timezone: "EST", factionId: 3, faction: { name: "Alliance" } }),
  raidRun({ id: 14, displayId: "MOP-14", status: "completed", difficulty: "normal_25", raid: { name: "Mogu'shan Vaults" }, raidId: 1 }),
];

const REFERENCE = stubs({
  "GET /api/raids/1": [200, [
    { id: 1, gameId: 1, name: "Mogu'shan Vaults", slug: "mogushan-vaults", difficulties: ["normal_10", "heroic_10", "normal_25", "heroic_25"], completionModes: [{ id: 1, raidId: 1, name: "Standard" }] },
    { id: 2, gameId: 1, name: "Heart of Fear", slug: "heart-of-fear", difficulties: ["normal_10", "heroic_25"], completionModes: [{ id: 4, raidId: 2, name: "Standard" }, { id: 5, raidId: 2, name: "Full Clear" }] },
  ]],
  "GET /api/users/boosters": [200, [
    { id: 1, boosterId: "BB-1001", user: { id: 3, nickname: "Frostbolt", email: "b1@example.com", firstName: null, lastName: null }, boosterGames: [{ gameId: 1 }] },
    { id: 2, boosterId: "BB-1002", user: { id: 4, nickname: "Sunfire", email: "b2@example.com", firstName: null, lastName: null }, boosterGames: [{ gameId: 1 }] },
  ]],
  "GET /api/wow-class-specs": [200, [
    { wowClass: "Paladin", spec: "Healer" }, { wowClass: "Paladin", spec: "Tank" }, { wowClass: "Mage", spec: "Caster DPS" },
  ]],
  "GET /api/service-types/1": [200, [{ id: 1, name: "Full Gear Priority" }, { id: 2, name: "1 Item Guaranteed" }]],
  // The forms' overlap check before saving: no overlap unless a test says so.
  "GET /api/run-overlaps": [200, { warnings: [] }],
  "GET /api/service-types/4": [200, [{ id: 5, name: "Selfplay & Pilot" }, { id: 6, name: "Selfplay Only" }, { id: 7, name: "Pilot Only" }]],
  "GET /api/factions/1": (c) => [200, new URLSearchParams(c.search).get("region") === "US"
    ? [{ id: 3, gameId: 1, name: "Alliance", region: "US" }, { id: 4, gameId: 1, name: "Horde", region: "US" }]
    : [{ id: 1, gameId: 1, name: "Alliance", region: "EU" }, { id: 2, gameId: 1, name: "Horde", region: "EU" }]],
});

/** A first page as the server renders it into the island's props. */
const pageOf = <R,>(runs: R[]): RunPage<R> => ({ runs: runs.slice(0, 50), total: runs.length, page: 1, pageSize: 50 });

const NOW = new Date("2026-11-21T10:00:00Z");
/** A list route answering like the server: the query validated and paged by the same rules (the public in-memory pager). */
const serve = <K extends RunKind, R extends AnyRun & { kind: K }>(kind: K, runs: R[]) => (c: Call) => {
  const query = RUN_LIST_QUERIES[kind].parse(Object.fromEntries(new URLSearchParams(c.search))) as Parameters<typeof pageParamsOf<K>>[0];
  return [200, pageRuns(kind, runs as unknown as RunOfKind<K>[], pageParamsOf<K>(query)!, NOW) as unknown as RunPage<R>] as const;
};
/** The list requests' parameters, in order. */
const listQueries = (path = "/api/runs") => calls.filter((c) => c.method === "GET" && c.path === path).map((c) => Object.fromEntries(new URLSearchParams(c.search)));

let calls: Call[] = [];

/** The reference data every form loads, plus this test's routes (which win). */
function stubFetch<const S>(routes: S & Stubs<S>) {
  calls = stubApi<S>(routes, REFERENCE);
}

beforeEach(() => {
  calls = [];
  clearReferenceCache();
});
// Switching games writes the selection into the URL; the next test starts from "/".
afterEach(() => { window.history.replaceState(null, "", "/"); });

function renderIsland(props: Partial<RunsAdminProps> = {}) {
  const store = createStore();
  return render(
    <Provider store={store}>
      <RunsAdmin
        mode="admin" games={GAMES} selection={{ gameId: 3, toolId: 1 }} runs={pageOf(RUNS)}
        stats={{ totalAvailableRuns: 1, totalBoosters: 1, availableThisWeek: 0, boostersThisWeek: 0 }} booster={null}
        {...props}
      />
      <Toaster />
    </Provider>,
  );
}

const rows = () => within(screen.getByRole("table", { name: "MoP Raid Runs" })).getAllByRole("row").slice(1);
const dialog = () => screen.getByRole("dialog");

describe("run panel", () => {
  test("shows the title, the raid panel's columns, a status badge per status and the counters", () => {
    renderIsland();
    expect(screen.getByRole("heading", { name: "MoP Raid Runs" })).toBeTruthy();
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent!.replace(/[▲▼↕]/g, "").trim());
    // The first column holds the select-all box (named by its aria-label).
    expect(headers).toEqual(["", "ID", "Raid & Difficulty", "Start", "Status", "Booster", "Clicks (all time)", "Actions"]);
    expect(rows()).toHaveLength(3);
    const cancelled = within(rows()[1]!).getByText("Cancelled");
    expect(cancelled.className).toBe("badge status--cancelled");
    expect(within(rows()[0]!).getByText("Available").className).toBe("badge status--available");
    expect(within(rows()[1]!).getByText("All classes")).toBeTruthy();
    // Long facts sit on one line under the raid, not in columns of their own.
    const facts = rows()[1]!.querySelector(".run-cell__facts")!;
    expect(facts.closest("td")!.getAttribute("data-label")).toBe("Raid & Difficulty");
    expect(facts.textContent).toStartWith("US · Alliance · ");
    expect(facts.textContent).toEndWith(" · All classes");
    const counters = screen.getByText("Total Available Runs").closest("dl")!;
    expect(within(counters).getByText("Boosters This Week")).toBeTruthy();
    for (const action of ["Edit", "Duplicate", "Delete"]) {
      expect(within(rows()[0]!).getByRole("button", { name: `${action} run MOP-12` })).toBeTruthy();
    }
  });

  test("search and filters ask the server for the first matching page; dropdowns offer every value", async () => {
    stubFetch({ "GET /api/runs": serve("raid", RUNS) });
    renderIsland();
    const search = screen.getByPlaceholderText("Search by ID, raid name, or booster");
    fireEvent.change(search, { target: { value: "sunfire" } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain("MOP-13");
    fireEvent.change(search, { target: { value: " mogu " } });
    await waitFor(() => expect(rows()[0]!.textContent).toContain("MOP-14"));
    fireEvent.change(search, { target: { value: "" } });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(listQueries().map((q) => q.q)).toEqual(["sunfire", "mogu", undefined]);

    const status = screen.getByLabelText("Status") as HTMLSelectElement;
    expect([...status.options].map((o) => o.text)).toEqual(["All", "Available", "In Progress", "Completed", "Expired", "Cancelled"]);
    const difficulty = screen.getByLabelText("Difficulty") as HTMLSelectElement;
    expect([...difficulty.options].map((o) => o.text)).toEqual(["All", "Normal 10", "Heroic 10", "Normal 25", "Heroic 25"]);
    fireEvent.change(screen.getByLabelText("Region"), { target: { value: "US" } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.change(status, { target: { value: "completed" } });
    await waitFor(() => expect(rows()[0]!.textContent).toBe("No runs match your current filters."));
    expect(listQueries().at(-1)).toEqual({ gameId: "1", page: "1", pageSize: "50", region: "US", status: "completed" });
  });

  test("keystrokes typed while a search is on its way are sent as one request with the latest text", async () => {
    const gates: (() => void)[] = [];
    const answer = serve("raid", RUNS);
    stubFetch({ "GET /api/runs": async (c) => { await new Promise<void>((r) => gates.push(r)); return answer(c); } });
    renderIsland();
    const search = screen.getByPlaceholderText("Search by ID, raid name, or booster");
    fireEvent.change(search, { target: { value: "s" } });
    for (const text of ["su", "sun", "sunf"]) fireEvent.change(search, { target: { value: text } });
    await waitFor(() => expect(gates).toHaveLength(1));
    expect(screen.getByRole("table", { name: "MoP Raid Runs" }).closest(".run-panel__list")!.getAttribute("aria-busy")).toBe("true");
    await act(async () => { gates.shift()!(); });
    await waitFor(() => expect(gates).toHaveLength(1));
    await act(async () => { gates.shift()!(); });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(listQueries().map((q) => q.q)).toEqual(["s", "sunf"]);
    expect(screen.getByRole("table", { name: "MoP Raid Runs" }).closest(".run-panel__list")!.getAttribute("aria-busy")).toBe("false");
  });

  test("a failed load shows the message and a way to try again; rows already shown stay on a later failure", async () => {
    let fail = true;
    const answer = serve("raid", RUNS);
    stubFetch({ "GET /api/runs": (c) => (fail ? [500, ""] : answer(c)) });
    renderIsland({ runs: null });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to fetch runs");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    fail = true;
    fireEvent.change(screen.getByPlaceholderText("Search by ID, raid name, or booster"), { target: { value: "x" } });
    await waitFor(() => expect(listQueries()).toHaveLength(3));
    expect(await screen.findAllByText("Failed to fetch runs")).not.toHaveLength(0);
    expect(rows()).toHaveLength(3);
  });

  test("the timezone switcher converts the Run Date; headers sort on the server", async () => {
    stubFetch({ "GET /api/runs": serve("raid", RUNS) });
    renderIsland();
    expect(rows()[0]!.textContent).toContain("Tue 2026-12-01 · 20:00 CET");
    fireEvent.click(screen.getByRole("button", { name: "EST" }));
    expect(screen.getByRole("button", { name: "EST" }).getAttribute("aria-pressed")).toBe("true");
    expect(rows()[0]!.textContent).toContain("Tue 2026-12-01 · 14:00 EST");
    const idHeader = screen.getByRole("columnheader", { name: /^ID/ });
    fireEvent.click(within(idHeader).getByRole("button"));
    expect(idHeader.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(idHeader).getByRole("button"));
    expect(idHeader.getAttribute("aria-sort")).toBe("descending");
    await waitFor(() => expect(rows()[0]!.textContent).toContain("MOP-14"));
    expect(listQueries().map((q) => `${q.sort}:${q.order}`)).toEqual(["id:asc", "id:desc"]);
  });

  test("long lists come in pages of 50 from the server; a new search starts at the first page", async () => {
    const many = Array.from({ length: 120 }, (_, i) => raidRun({ id: 100 + i, displayId: `MOP-${100 + i}`, startsAt: new Date(Date.UTC(2026, 11, 1) + i * 3_600_000).toISOString() }));
    stubFetch({ "GET /api/runs": serve("raid", many) });
    renderIsland({ runs: pageOf(many) });
    expect(rows()).toHaveLength(50);
    expect(screen.getByText("Showing 1–50 of 120 runs")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Page 2 of 3")).toBeTruthy();
    await waitFor(() => expect(rows()[0]!.textContent).toContain("MOP-150"));
    expect(listQueries().at(-1)!.page).toBe("2");
    fireEvent.change(screen.getByPlaceholderText("Search by ID, raid name, or booster"), { target: { value: "MOP-1" } });
    await waitFor(() => expect(screen.getByText("Page 1 of 2")).toBeTruthy());
    await waitFor(() => expect(rows()[0]!.textContent).toContain("MOP-100"));
    expect(listQueries().at(-1)).toMatchObject({ q: "MOP-1", page: "1" });
  });

  test("when the list shrinks under the current page (a delete), the panel shows its last page", async () => {
    let list = Array.from({ length: 60 }, (_, i) => raidRun({ id: 100 + i, displayId: `MOP-${100 + i}` }));
    stubFetch({
      "GET /api/runs": (c) => serve("raid", list)(c),
      "POST /api/runs/bulk": () => { list = list.slice(0, 50); return [200, { action: "delete", count: 1, undoToken: "0b1c3c5e-1a2b-4c3d-8e9f-0a1b2c3d4e5f", expiresAt: "2026-11-20T12:00:10.000Z" }]; },
      "GET /api/run-stats": [200, { totalAvailableRuns: 0, totalBoosters: 0, availableThisWeek: 0, boostersThisWeek: 0 }],
    });
    renderIsland({ runs: pageOf(list) });
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(within(rows()[0]!).getByRole("button", { name: "Delete run MOP-150" }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Delete Run" }));
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(rows()[0]!.textContent).toContain("MOP-100");
    expect(listQueries().map((q) => q.page)).toEqual(["2", "2", "1"]);
  });

  test("empty, unsupported and unselected states", () => {
    const { unmount } = renderIsland({ runs: pageOf([]) });
    expect(screen.getByText("No WoW Raid runs created yet. Create your first run!")).toBeTruthy();
    unmount();
    const second = renderIsland({ selection: { gameId: 3, toolId: 6 }, runs: null });
    expect(screen.getByText('Game type "arena-calendar" not yet supported for run management')).toBeTruthy();
    second.unmount();
    renderIsland({ selection: { gameId: 3, toolId: null }, runs: null });
    expect(screen.getByText("Select a specific game to manage runs")).toBeTruthy();
  });

  test("switching games loads the new game's runs and counters without a reload", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const cm: ChallengeRun = {
      kind: "challenge", id: 7, displayId: "CM-7", gameId: 4, boosterId: 1, title: "9/9 Gold Challenge Modes", scheduledDate: "2026-12-03 18:00",
      startsAt: "2026-12-03T17:00:00.000Z", timezone: "CET", status: "available", revision: 1, updatedAt: "2026-11-01T12:00:00.000Z", spots: null, spotsTaken: 0, booster: booster("BB-1001", "Frostbolt"), faction: "EU Horde", completionMode: "Pilot Only",
    };
    stubFetch({
      "GET /api/challenge-mode-runs": async () => { await gate; return [200, pageOf([cm])]; },
      "GET /api/run-stats": async () => { await gate; return [200, { totalAvailableRuns: 9, totalBoosters: 3, availableThisWeek: 2, boostersThisWeek: 1 }]; },
    });
    renderIsland();
    fireEvent.click(screen.getByRole("link", { name: "MoP Challenge Mode Calendar" }));
    expect(window.location.search).toBe("?tab=runs&game=3&tool=4");
    expect(await screen.findByText("Loading Challenge Mode runs...")).toBeTruthy();
    expect(screen.getByText("Loading game information...")).toBeTruthy();
    await act(async () => { release(); await gate; });
    expect(await screen.findByRole("heading", { name: "Challenge Mode Runs" })).toBeTruthy();
    expect(await screen.findByText("CM-7")).toBeTruthy();
    expect(screen.getByText("9")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/challenge-mode-runs")!.search).toBe("?gameId=4&page=1&pageSize=50");
  });
});

describe("raid run form", () => {
  test("create: every raid form field, region change clears the faction, required messages on submit", async () => {
    stubFetch({});
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: /Create Run/ }));
    const d = await screen.findByRole("dialog", { name: "Create WoW Raid Run" });
    expect(within(d).getByRole("button", { name: /Europe/ }).getAttribute("aria-pressed")).toBe("true");
    expect(within(d).getByRole("button", { name: /North America/ })).toBeTruthy();
    await waitFor(() => expect((within(d).getByLabelText("Faction") as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(within(d).getByLabelText("Faction"), { target: { value: "2" } });
    expect((within(d).getByLabelText("Faction") as HTMLSelectElement).value).toBe("2");
    fireEvent.click(within(d).getByRole("button", { name: /North America/ }));
    expect((within(d).getByLabelText("Faction") as HTMLSelectElement).value).toBe("");
    await waitFor(() => expect([...(within(d).getByLabelText("Faction") as HTMLSelectElement).options].map((o) => o.value)).toEqual(["", "3", "4"]));
    expect(calls.some((c) => c.path === "/api/factions/1" && c.search === "?region=US")).toBe(true);

    fireEvent.click(within(d).getByRole("button", { name: "Create Run" }));
    for (const message of ["Raid is required", "Difficulty is required", "Booster is required", "Faction is required", "Completion mode is required", "Gameplay type is required", "Scheduled date and time is required"]) {
      expect(await within(d).findByText(message)).toBeTruthy();
    }
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    // One announcement, not one alert per field; focus on the first invalid field.
    expect(within(d).getAllByRole("alert").map((a) => a.textContent)).toEqual(["7 fields need attention."]);
    await waitFor(() => expect(document.activeElement).toBe(within(d).getByLabelText("Raid")));
    expect(within(d).getByLabelText("Gameplay Type")).toBeTruthy();
    expect(within(d).getByRole("radio", { name: "All classes available" })).toBeTruthy();
    expect(within(d).getByLabelText("Time")).toBeTruthy();
    expect(within(d).getByRole("button", { name: "CET" })).toBeTruthy();
  });

  test("Add Class lists the classes alphabetically, those outside the MoP enum too, each painted in its class colour with legible ink", async () => {
    stubFetch({ "GET /api/wow-class-specs": [200, [
      { wowClass: "Paladin", spec: "Tank" }, { wowClass: "Evoker", spec: "Healer" }, { wowClass: "Demon Hunter", spec: "Tank" },
    ]] });
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: /Create Run/ }));
    const d = await screen.findByRole("dialog", { name: "Create WoW Raid Run" });
    fireEvent.click(within(d).getByRole("radio", { name: "Add specific classes" }));
    fireEvent.click(within(d).getByRole("button", { name: "Add Class" }));
    const add = await screen.findByRole("dialog", { name: "Add Class" });
    const select = within(add).getByLabelText("Class") as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(4));
    const options = [...select.options].slice(1);
    expect(options.map((o) => o.text)).toEqual(["Demon Hunter", "Evoker", "Paladin"]);
    // Painted with the class colour behind the name (never as the text colour on the page's background).
    const probe = document.createElement("span");
    const css = (hex: string) => { probe.style.background = hex; return probe.style.background; };
    expect(options.map((o) => o.style.background)).toEqual([css("#A330C9"), css("#33937F"), css("#F48CBA")]);
    expect(options.map((o) => o.style.color)).toEqual(["#ffffff", "#000000", "#000000"].map((c) => { probe.style.color = c; return probe.style.color; }));
    // The chosen class shows as a swatch beside the select, and beside its name once added.
    fireEvent.change(select, { target: { value: "Evoker" } });
    expect((add.querySelector(".select-swatched .swatch") as HTMLElement).style.background).toBe(css("#33937F"));
    fireEvent.click(within(add).getByRole("checkbox", { name: "Healer" }));
    await waitFor(() => expect((within(add).getByLabelText("Service Type") as HTMLSelectElement).options.length).toBe(3));
    fireEvent.change(within(add).getByLabelText("Service Type"), { target: { value: "1 Item Guaranteed" } });
    fireEvent.click(within(add).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add Class" })).toBeNull());
    const item = within(d).getByText("Evoker").closest("li")!;
    expect((item.querySelector(".swatch") as HTMLElement).style.background).toBe(css("#33937F"));
  });

  test("Add Class: specs appear once a class is picked, Add is disabled until a class and a spec are chosen, a new class clears specs", async () => {
    stubFetch({});
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: /Create Run/ }));
    const d = await screen.findByRole("dialog", { name: "Create WoW Raid Run" });
    fireEvent.click(within(d).getByRole("radio", { name: "Add specific classes" }));
    fireEvent.click(within(d).getByRole("button", { name: "Add Class" }));
    const add = await screen.findByRole("dialog", { name: "Add Class" });
    const addButton = within(add).getByRole("button", { name: "Add" }) as HTMLButtonElement;
    expect(addButton.disabled).toBe(true);
    expect(within(add).queryByRole("checkbox")).toBeNull();
    await waitFor(() => expect((within(add).getByLabelText("Class") as HTMLSelectElement).options.length).toBe(3));
    fireEvent.change(within(add).getByLabelText("Class"), { target: { value: "Paladin" } });
    expect(addButton.disabled).toBe(true);
    fireEvent.click(within(add).getByRole("checkbox", { name: "Tank" }));
    expect(addButton.disabled).toBe(false);
    fireEvent.change(within(add).getByLabelText("Class"), { target: { value: "Mage" } });
    expect(addButton.disabled).toBe(true);
    expect(within(add).getAllByRole("checkbox").map((c) => (c as HTMLInputElement).checked)).toEqual([false]);
    fireEvent.click(within(add).getByRole("checkbox", { name: "Caster DPS" }));
    fireEvent.click(addButton);
    expect(await within(add).findByText("Service type is required")).toBeTruthy();
    await waitFor(() => expect((within(add).getByLabelText("Service Type") as HTMLSelectElement).options.length).toBe(3));
    fireEvent.change(within(add).getByLabelText("Service Type"), { target: { value: "1 Item Guaranteed" } });
    fireEvent.click(addButton);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add Class" })).toBeNull());
    expect(within(d).getByText("Mage")).toBeTruthy();
    expect(within(d).getByRole("button", { name: "Remove Mage" })).toBeTruthy();
    fireEvent.click(within(d).getByRole("radio", { name: "All classes available" }));
    expect(within(d).queryByText("Mage")).toBeNull();
  });

  test("duplicate prefills the run's values and zone and POSTs a new run; buttons read 'Duplicating...' while pending", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    stubFetch({
      "POST /api/runs": async () => { await gate; return [201, { ...raidRun({ id: 99, displayId: "MOP-99" }), warnings: [] }]; },
      "GET /api/runs": [200, pageOf([...RUNS, raidRun({ id: 99, displayId: "MOP-99" })])],
      "GET /api/run-stats": [200, { totalAvailableRuns: 2, totalBoosters: 1, availableThisWeek: 0, boostersThisWeek: 0 }],
    });
    renderIsland();
    fireEvent.click(within(rows()[0]!).getByRole("button", { name: "Duplicate run MOP-12" }));
    const d = await screen.findByRole("dialog", { name: "Duplicate WoW Raid Run" });
    await waitFor(() => expect((within(d).getByLabelText("Raid") as HTMLSelectElement).value).toBe("2"));
    expect((within(d).getByLabelText("Difficulty") as HTMLSelectElement).value).toBe("heroic_25");
    expect((within(d).getByLabelText("Completion Mode") as HTMLSelectElement).value).toBe("5");
    expect((within(d).getByLabelText("Gameplay Type") as HTMLSelectElement).value).toBe("pilot");
    await waitFor(() => expect((within(d).getByLabelText("Booster") as HTMLSelectElement).value).toBe("1"));
    await waitFor(() => expect((within(d).getByLabelText("Faction") as HTMLSelectElement).value).toBe("1"));
    expect((within(d).getByRole("radio", { name: "Add specific classes" }) as HTMLInputElement).checked).toBe(true);
    expect(within(d).getByText("Paladin")).toBeTruthy();
    expect((within(d).getByLabelText("Time") as HTMLInputElement).value).toBe("20:00");
    expect(within(d).getByRole("button", { name: /^1, Tuesday, December 2026, selected$/ })).toBeTruthy();
    expect(within(d).queryByLabelText("Status")).toBeNull();

    fireEvent.click(within(d).getByRole("button", { name: "Duplicate Run" }));
    const pending = await within(d).findByRole("button", { name: "Duplicating..." });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    await act(async () => { release(); await gate; });
    expect(await screen.findByText("WoW Raid run duplicated successfully")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toEqual({
      gameId: 1, title: "WoW Raid Run", boosterId: 1, region: "EU", raidId: 2, difficulty: "heroic_25", factionId: 1,
      completionModeId: 5, gameplayType: "pilot", classRestrictions: [{ wowClass: "Paladin", specs: ["Healer"], serviceType: "Full Gear Priority" }],
      timezone: "CET", scheduledDate: "2026-12-01 20:00",
    });
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.some((c) => c.path === "/api/run-stats")).toBe(true);
  });

  test("staff edit: PATCH with the status; a server error shows its message in a toast", async () => {
    stubFetch({ "PATCH /api/runs/12": [400, { message: "Selected booster not found" }] });
    renderIsland();
    fireEvent.click(within(rows()[0]!).getByRole("button", { name: "Edit run MOP-12" }));
    const d = await screen.findByRole("dialog", { name: "Edit WoW Raid Run" });
    await waitFor(() => expect((within(d).getByLabelText("Booster") as HTMLSelectElement).value).toBe("1"));
    fireEvent.change(within(d).getByLabelText("Status"), { target: { value: "in_progress" } });
    fireEvent.click(within(d).getByRole("button", { name: "Update Run" }));
    expect(await screen.findByText("Selected booster not found")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ status: "in_progress" });
    expect(screen.getByRole("dialog", { name: "Edit WoW Raid Run" })).toBeTruthy();
  });

  test("staff edit: a status-only change to an older run with incomplete fields saves (PATCH of the status alone)", async () => {
    const old = raidRun({ completionModeId: null, completionMode: null, gameplayType: null } as unknown as Partial<RaidRun>);
    stubFetch({
      "PATCH /api/runs/12": [200, { ...old, status: "completed", warnings: [] }],
      "GET /api/runs": [200, pageOf([{ ...old, status: "completed" as const }, ...RUNS.slice(1)])],
      "GET /api/run-stats": [200, { totalAvailableRuns: 0, totalBoosters: 0, availableThisWeek: 0, boostersThisWeek: 0 }],
    });
    renderIsland({ runs: pageOf([old, ...RUNS.slice(1)]) });
    fireEvent.click(within(rows()[0]!).getByRole("button", { name: "Edit run MOP-12" }));
    const d = await screen.findByRole("dialog", { name: "Edit WoW Raid Run" });
    await waitFor(() => expect((within(d).getByLabelText("Booster") as HTMLSelectElement).value).toBe("1"));
    fireEvent.change(within(d).getByLabelText("Status"), { target: { value: "completed" } });
    fireEvent.click(within(d).getByRole("button", { name: "Update Run" }));
    expect(await screen.findByText("WoW Raid run updated successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ status: "completed" });
  });

  test("booster mode: the booster field is fixed to the current booster and there is no status", async () => {
    stubFetch({ "POST /api/runs": [201, { ...raidRun(), warnings: [] }], "GET /api/runs": [200, pageOf(RUNS)] });
    renderIsland({ mode: "booster", stats: null, booster: { id: 1, boosterId: "BB-1001" } });
    expect(screen.queryByText("Total Available Runs")).toBeNull();
    fireEvent.click(within(rows()[0]!).getByRole("button", { name: "Edit run MOP-12" }));
    const d = await screen.findByRole("dialog", { name: "Edit WoW Raid Run" });
    const field = within(d).getByLabelText("Booster") as HTMLInputElement;
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe("BB-1001");
    expect(within(d).queryByLabelText("Status")).toBeNull();
    expect(calls.some((c) => c.path === "/api/users/boosters")).toBe(false);
  });
});

describe("delete confirmation", () => {
  test("asks with the title 'Delete Raid Run', deletes through the bulk action and offers the same 10 s Undo, which restores the run", async () => {
    const token = "0b1c3c5e-1a2b-4c3d-8e9f-0a1b2c3d4e5f";
    stubFetch({
      "POST /api/runs/bulk": [200, { action: "delete", count: 1, undoToken: token, expiresAt: "2026-11-20T12:00:10.000Z" }],
      [`POST /api/runs/bulk/undo/${token}`]: [200, { count: 1 }],
      "GET /api/runs": [200, pageOf(RUNS.slice(1))],
      "GET /api/run-stats": [200, { totalAvailableRuns: 0, totalBoosters: 0, availableThisWeek: 0, boostersThisWeek: 0 }],
    });
    renderIsland();
    fireEvent.click(within(rows()[0]!).getByRole("button", { name: "Delete run MOP-12" }));
    const d = screen.getByRole("dialog", { name: "Delete Raid Run" });
    expect(within(d).getByText("Are you sure you want to delete the run MOP-12? You can undo this for 10 seconds.")).toBeTruthy();
    expect(within(d).getByRole("button", { name: "Cancel" })).toBeTruthy();
    fireEvent.click(within(d).getByRole("button", { name: "Delete Run" }));
    expect(await screen.findByText("WoW Raid run deleted successfully")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/runs/bulk")!.body).toEqual({ action: "delete", ids: [12] });
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Restored 1 run")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.path === `/api/runs/bulk/undo/${token}`)).toBe(true);
  });

  test("a failed delete says 'Failed to delete run' and keeps the row", async () => {
    stubFetch({ "POST /api/runs/bulk": [500, ""] });
    renderIsland();
    fireEvent.click(within(rows()[0]!).getByRole("button", { name: "Delete run MOP-12" }));
    fireEvent.click(within(dialog()).getByRole("button", { name: "Delete Run" }));
    expect(await screen.findByText("Failed to delete run")).toBeTruthy();
    expect(rows()).toHaveLength(3);
  });
});

describe("desert and challenge forms", () => {
  const desert: DesertRun = {
    kind: "desert", id: 21, displayId: null, gameId: 5, boosterId: 2, title: "The Desert Perpetual", scheduledDate: "2026-12-05 21:00",
    startsAt: "2026-12-06T02:00:00.000Z", timezone: "EST", status: "available", revision: 1, updatedAt: "2026-11-01T12:00:00.000Z", spots: null, spotsTaken: 0, booster: booster("BB-1002", "Sunfire"),
    completionType: "sherpa_only", feats: ["Phase Race", "Token Limit"],
  };

  test("Desert duplication asks for a new date, labelled 'Required for duplication'", async () => {
    stubFetch({
      "POST /api/desert-perpetual-runs": [201, { ...desert, id: 22, warnings: [] }],
      "GET /api/desert-perpetual-runs": [200, pageOf([desert, { ...desert, id: 22 }])],
      "GET /api/run-stats": [200, { totalAvailableRuns: 2, totalBoosters: 1, availableThisWeek: 0, boostersThisWeek: 0 }],
    });
    renderIsland({ selection: { gameId: 2, toolId: 5 }, runs: pageOf([desert]) });
    const table = screen.getByRole("table", { name: "Desert Perpetual Runs" });
    expect(within(table).getByText("TDP-21")).toBeTruthy();
    expect(within(table).getByText("The Desert Perpetual")).toBeTruthy();
    fireEvent.click(within(table).getByRole("button", { name: "Duplicate run TDP-21" }));
    const d = await screen.findByRole("dialog", { name: "Duplicate Desert Perpetual Run" });
    expect(within(d).getByText("Required for duplication")).toBeTruthy();
    expect(within(d).getByText("No date selected")).toBeTruthy();
    expect((within(d).getByLabelText("Completion Type") as HTMLSelectElement).value).toBe("sherpa_only");
    expect((within(d).getByRole("checkbox", { name: /Token Limit/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(d).getByRole("button", { name: "EST" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(d).getByRole("button", { name: "Duplicate Run" }));
    expect(await within(d).findByText("Scheduled date and time is required")).toBeTruthy();
    fireEvent.click(within(d).getByRole("button", { name: /^9, Wednesday, December 2026/ }));
    fireEvent.click(within(d).getByRole("button", { name: "Duplicate Run" }));
    expect(await screen.findByText("Desert Perpetual run duplicated successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ scheduledDate: "2026-12-09 21:00", timezone: "EST", feats: ["Phase Race", "Token Limit"] });
  });

  test("the time field is a 24-hour clock in every locale ('2130' is 21:30) and days before today cannot be picked", async () => {
    renderIsland({ selection: { gameId: 3, toolId: 4 }, runs: pageOf([]) });
    fireEvent.click(screen.getByRole("button", { name: /Create Run/ }));
    const d = await screen.findByRole("dialog", { name: "Create Challenge Mode Run" });
    const time = within(d).getByLabelText("Time") as HTMLInputElement;
    expect(time.type).toBe("text");
    fireEvent.change(time, { target: { value: "2130" } });
    expect(time.value).toBe("21:30");
    fireEvent.change(time, { target: { value: "930" } });
    fireEvent.blur(time);
    expect(time.value).toBe("09:30");
    expect((within(d).getByRole("button", { name: /^19, Thursday, November 2026$/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(d).getByRole("button", { name: /^20, Friday, November 2026, today$/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  test("'7:45 PM' is saved as 19:45, and the resolved day and time are shown in words before saving", async () => {
    stubFetch({
      "POST /api/desert-perpetual-runs": [201, { ...desert, id: 22, warnings: [] }],
      "GET /api/desert-perpetual-runs": [200, pageOf([desert, { ...desert, id: 22 }])],
      "GET /api/run-stats": [200, { totalAvailableRuns: 2, totalBoosters: 1, availableThisWeek: 0, boostersThisWeek: 0 }],
    });
    renderIsland({ selection: { gameId: 2, toolId: 5 }, runs: pageOf([desert]) });
    fireEvent.click(screen.getByRole("button", { name: "Duplicate run TDP-21" }));
    const d = await screen.findByRole("dialog", { name: "Duplicate Desert Perpetual Run" });
    fireEvent.click(within(d).getByRole("button", { name: "CET" }));
    fireEvent.click(within(d).getByRole("button", { name: /^9, Wednesday, December 2026/ }));
    const time = within(d).getByLabelText("Time") as HTMLInputElement;
    fireEvent.change(time, { target: { value: "7:45 PM" } });
    expect(within(d).getByText("Saves as Wed 9 Dec, 19:45 CET")).toBeTruthy();
    fireEvent.click(within(d).getByRole("button", { name: "Duplicate Run" }));
    expect(await screen.findByText("Desert Perpetual run duplicated successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ scheduledDate: "2026-12-09 19:45", timezone: "CET" });
  });

  test("words with a day set the day too; an unreadable time names the field and gives an example", async () => {
    renderIsland({ selection: { gameId: 3, toolId: 4 }, runs: pageOf([]) });
    fireEvent.click(screen.getByRole("button", { name: /Create Run/ }));
    const d = await screen.findByRole("dialog", { name: "Create Challenge Mode Run" });
    const time = within(d).getByLabelText("Time") as HTMLInputElement;
    fireEvent.change(time, { target: { value: "tomorrow 9pm" } });
    expect(within(d).getByText("Saves as Sat 21 Nov, 21:00 CET")).toBeTruthy();
    fireEvent.blur(time);
    expect(time.value).toBe("21:00");
    expect(within(d).getByText("2026-11-21")).toBeTruthy();
    fireEvent.change(time, { target: { value: "9:5" } });
    fireEvent.blur(time);
    const message = 'Time: "9:5" is not a time we can read. Type it like 19:45, 7:45 PM or tomorrow 9pm.';
    expect(within(d).getByText(message)).toBeTruthy();
    expect(time.getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(within(d).getByRole("button", { name: "Create Run" }));
    expect(await within(d).findByText(message)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  test("the run form asks 'Discard changes?' before Escape, the backdrop or Cancel throw typed input away; untouched, it closes at once", async () => {
    renderIsland({ selection: { gameId: 3, toolId: 4 }, runs: pageOf([]) });
    const pressEscape = (d: HTMLElement) => act(() => { d.dispatchEvent(new Event("cancel", { cancelable: true })); });
    fireEvent.click(screen.getByRole("button", { name: /Create Run/ }));
    pressEscape(await screen.findByRole("dialog", { name: "Create Challenge Mode Run" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Create Run/ }));
    const d = await screen.findByRole("dialog", { name: "Create Challenge Mode Run" });
    fireEvent.change(within(d).getByLabelText("Time"), { target: { value: "9pm" } });
    for (const close of [() => pressEscape(d), () => fireEvent.click(d), () => fireEvent.click(within(d).getByRole("button", { name: "Cancel" }))]) {
      close();
      const ask = screen.getByRole("dialog", { name: "Discard changes?" });
      expect(document.activeElement).toBe(within(ask).getByRole("button", { name: "Keep editing" }));
      fireEvent.click(within(ask).getByRole("button", { name: "Keep editing" }));
      expect((within(d).getByLabelText("Time") as HTMLInputElement).value).toBe("9pm");
    }
    fireEvent.click(within(d).getByRole("button", { name: "Cancel" }));
    fireEvent.click(screen.getByRole("button", { name: "Discard" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("Desert staff edit: a status-only change PATCHes the status alone, as for raids", async () => {
    stubFetch({
      "PATCH /api/desert-perpetual-runs/21": [200, { ...desert, status: "completed", warnings: [] }],
      "GET /api/desert-perpetual-runs": [200, pageOf([{ ...desert, status: "completed" as const }])],
      "GET /api/run-stats": [200, { totalAvailableRuns: 0, totalBoosters: 1, availableThisWeek: 0, boostersThisWeek: 0 }],
    });
    renderIsland({ selection: { gameId: 2, toolId: 5 }, runs: pageOf([desert]) });
    fireEvent.click(screen.getByRole("button", { name: "Edit run TDP-21" }));
    const d = await screen.findByRole("dialog", { name: "Edit Desert Perpetual Run" });
    await waitFor(() => expect((within(d).getByLabelText("Booster") as HTMLSelectElement).value).toBe("2"));
    fireEvent.change(within(d).getByLabelText("Status"), { target: { value: "completed" } });
    fireEvent.click(within(d).getByRole("button", { name: "Update Run" }));
    expect(await screen.findByText("Desert Perpetual run updated successfully")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ status: "completed" });
  });

  test("Desert delete is titled with the run id", () => {
    renderIsland({ selection: { gameId: 2, toolId: 5 }, runs: pageOf([desert]) });
    fireEvent.click(screen.getByRole("button", { name: "Delete run TDP-21" }));
    expect(screen.getByRole("dialog", { name: "Delete Run TDP-21" })).toBeTruthy();
  });

  test("Challenge Mode create: the title is fixed; modes come from the service types; failure uses the fallback 'Failed to create Challenge Mode run'", async () => {
    stubFetch({ "POST /api/challenge-mode-runs": [500, ""] });
    renderIsland({ selection: { gameId: 3, toolId: 4 }, runs: pageOf([]) });
    expect(screen.getByText("No Challenge Mode runs created yet. Create your first run!")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Create Run/ }));
    const d = await screen.findByRole("dialog", { name: "Create Challenge Mode Run" });
    expect((within(d).getByLabelText("Title") as HTMLInputElement).value).toBe("9/9 Gold Challenge Modes");
    fireEvent.click(within(d).getByRole("button", { name: "Create Run" }));
    for (const m of ["Booster is required", "Faction is required", "Completion mode is required", "Scheduled date and time is required"]) {
      expect(await within(d).findByText(m)).toBeTruthy();
    }
    await waitFor(() => expect((within(d).getByLabelText("Booster") as HTMLSelectElement).options.length).toBe(3));
    fireEvent.change(within(d).getByLabelText("Booster"), { target: { value: "2" } });
    fireEvent.change(within(d).getByLabelText("Faction"), { target: { value: "US Horde" } });
    await waitFor(() => expect((within(d).getByLabelText("Completion Mode") as HTMLSelectElement).options.length).toBe(4));
    fireEvent.change(within(d).getByLabelText("Completion Mode"), { target: { value: "Selfplay Only" } });
    fireEvent.click(within(d).getByRole("button", { name: /^20, .*, today$/ }));
    fireEvent.change(within(d).getByLabelText("Time"), { target: { value: "18:30" } });
    fireEvent.click(within(d).getByRole("button", { name: "Create Run" }));
    expect(await screen.findByText("Failed to create Challenge Mode run")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")!.body).toMatchObject({ boosterId: 2, faction: "US Horde", completionMode: "Selfplay Only", title: "9/9 Gold Challenge Modes" });
    // Closing (input discarded) resets the form.
    fireEvent.click(within(d).getByRole("button", { name: "Cancel" }));
    fireEvent.click(screen.getByRole("button", { name: "Discard" }));
    fireEvent.click(screen.getByRole("button", { name: /Create Run/ }));
    const again = await screen.findByRole("dialog", { name: "Create Challenge Mode Run" });
    expect((within(again).getByLabelText("Faction") as HTMLSelectElement).value).toBe("");
  });
});

describe("focus never drops to the page body", () => {
  const click = (el: HTMLElement) => { el.focus(); fireEvent.click(el); };

  test("Cancel and Escape on the run form return focus to 'Create Run'", async () => {
    stubFetch({});
    renderIsland();
    const create = screen.getByRole("button", { name: /Create Run/ });
    click(create);
    let d = await screen.findByRole("dialog", { name: "Create WoW Raid Run" });
    click(within(d).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(create);

    click(create);
    d = await screen.findByRole("dialog", { name: "Create WoW Raid Run" });
    act(() => { d.dispatchEvent(new Event("cancel", { cancelable: true })); });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(create);
  });

  test("while a save is pending focus stays in the dialog; a failed save shows its message in the dialog and gives focus back", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    stubFetch({ "PATCH /api/runs/12": async () => { await gate; return [400, { message: "Selected booster not found" }]; } });
    renderIsland();
    click(within(rows()[0]!).getByRole("button", { name: "Edit run MOP-12" }));
    const d = await screen.findByRole("dialog", { name: "Edit WoW Raid Run" });
    await waitFor(() => expect((within(d).getByLabelText("Booster") as HTMLSelectElement).value).toBe("1"));
    const submit = within(d).getByRole("button", { name: "Update Run" });
    click(submit);
    await within(d).findByRole("button", { name: "Updating..." });
    expect(d.contains(document.activeElement)).toBe(true);
    expect((document.activeElement as HTMLButtonElement).disabled).not.toBe(true);
    await act(async () => { release(); await gate; });
    const status = await waitFor(() => within(within(d).getByRole("region", { name: "Notifications (F8)" })).getByRole("status"));
    expect(status.textContent).toContain("Selected booster not found");
    expect(document.activeElement).toBe(within(d).getByRole("button", { name: "Update Run" }));
  });

  test("after a delete focus goes to the panel heading (the opener's row is gone)", async () => {
    stubFetch({
      "POST /api/runs/bulk": [200, { action: "delete", count: 1, undoToken: "0b1c3c5e-1a2b-4c3d-8e9f-0a1b2c3d4e5f", expiresAt: "2026-11-20T12:00:10.000Z" }],
      "GET /api/runs": [200, pageOf(RUNS.slice(1))],
      "GET /api/run-stats": [200, { totalAvailableRuns: 0, totalBoosters: 0, availableThisWeek: 0, boostersThisWeek: 0 }],
    });
    renderIsland();
    click(within(rows()[0]!).getByRole("button", { name: "Delete run MOP-12" }));
    click(within(dialog()).getByRole("button", { name: "Delete Run" }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "MoP Raid Runs" }));
  });

  test("'Next' on reaching the last page hands focus to 'Previous'", async () => {
    stubFetch({ "GET /api/runs": serve("raid", Array.from({ length: 60 }, (_, i) => raidRun({ id: 100 + i, displayId: `MOP-${100 + i}` }))) });
    renderIsland({ runs: pageOf(Array.from({ length: 60 }, (_, i) => raidRun({ id: 100 + i, displayId: `MOP-${100 + i}` }))) });
    click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Page 2 of 2")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Previous" }));
  });
});

// Repeat creation, overlap warning, duplicate to next week, bulk actions with undo.
describe("repeat, overlap warning, next week and bulk actions", () => {
  const cmRun = (over: Partial<ChallengeRun> = {}): ChallengeRun => ({
    kind: "challenge", id: 30, displayId: "CM-30", gameId: 4, boosterId: 2, title: "9/9 Gold Challenge Modes",
    scheduledDate: "2026-11-20 18:30", startsAt: "2026-11-20T17:30:00.000Z", timezone: "CET", status: "available", spots: null, spotsTaken: 0,
    revision: 0, updatedAt: "2026-11-20T12:00:00.000Z", booster: booster("BB-1002", "Sunfire"), faction: "US Horde", completionMode: "Selfplay Only", ...over,
  });

  /** Opens the Challenge Mode create form and fills every field (today, 18:30, booster 2). */
  async function openFilledChallengeForm() {
    renderIsland({ selection: { gameId: 3, toolId: 4 }, runs: pageOf([]) });
    fireEvent.click(screen.getByRole("button", { name: /Create Run/ }));
    const d = await screen.findByRole("dialog", { name: "Create Challenge Mode Run" });
    await waitFor(() => expect((within(d).getByLabelText("Booster") as HTMLSelectElement).options.length).toBe(3));
    fireEvent.change(within(d).getByLabelText("Booster"), { target: { value: "2" } });
    fireEvent.change(within(d).getByLabelText("Faction"), { target: { value: "US Horde" } });
    await waitFor(() => expect((within(d).getByLabelText("Completion Mode") as HTMLSelectElement).options.length).toBe(4));
    fireEvent.change(within(d).getByLabelText("Completion Mode"), { target: { value: "Selfplay Only" } });
    fireEvent.click(within(d).getAllByRole("button", { name: /^20, .*, today$/ })[0]!);
    fireEvent.change(within(d).getByLabelText("Time"), { target: { value: "18:30" } });
    return d;
  }

  test("Repeat weekly: one POST with scheduledDates, the toast counts the runs, the list reloads", async () => {
    const made = [0, 1, 2].map((i) => cmRun({ id: 30 + i, displayId: `CM-${30 + i}` }));
    stubFetch({
      "POST /api/challenge-mode-runs": [201, { runs: made, warnings: [] }],
      "GET /api/challenge-mode-runs": [200, pageOf(made)],
      "GET /api/run-stats": [200, { totalAvailableRuns: 3, totalBoosters: 1, availableThisWeek: 1, boostersThisWeek: 1 }],
    });
    const d = await openFilledChallengeForm();
    fireEvent.click(within(d).getByRole("checkbox", { name: "Repeat" }));
    fireEvent.click(within(d).getByRole("button", { name: "Weekly" }));
    fireEvent.change(within(d).getByLabelText("Number of weeks"), { target: { value: "3" } });
    expect(within(d).getByText("Creates 3 runs: 2026-11-20, 2026-11-27, 2026-12-04")).toBeTruthy();
    fireEvent.click(within(d).getByRole("button", { name: "Create Run" }));
    expect(await screen.findByText("3 Challenge Mode runs created successfully")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST")!.body as Record<string, unknown>;
    expect(post.scheduledDates).toEqual(["2026-11-20 18:30", "2026-11-27 18:30", "2026-12-04 18:30"]);
    expect("scheduledDate" in post).toBe(false);
    await waitFor(() => expect(within(screen.getByRole("table", { name: "Challenge Mode Runs" })).getAllByRole("row")).toHaveLength(4));
  });

  test("Repeat on picked dates: the calendar adds days; fewer than 2 dates is refused before any request", async () => {
    stubFetch({
      "POST /api/challenge-mode-runs": [201, { runs: [cmRun(), cmRun({ id: 31 })], warnings: [] }], "GET /api/challenge-mode-runs": [200, pageOf([])],
      "GET /api/run-stats": [200, { totalAvailableRuns: 2, totalBoosters: 1, availableThisWeek: 1, boostersThisWeek: 1 }],
    });
    const d = await openFilledChallengeForm();
    fireEvent.click(within(d).getByRole("checkbox", { name: "Repeat" }));
    fireEvent.click(within(d).getByRole("button", { name: "Create Run" }));
    expect(await within(d).findByText("Pick between 2 and 26 dates")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    const extra = within(d).getByRole("group", { name: "Also on these dates" });
    fireEvent.click(within(extra).getByRole("button", { name: /^25, Wednesday, November 2026/ }));
    expect(within(d).getByText("Creates 2 runs: 2026-11-20, 2026-11-25")).toBeTruthy();
    fireEvent.click(within(d).getByRole("button", { name: "Create Run" }));
    await screen.findByText("2 Challenge Mode runs created successfully");
    expect((calls.find((c) => c.method === "POST")!.body as { scheduledDates: string[] }).scheduledDates).toEqual(["2026-11-20 18:30", "2026-11-25 18:30"]);
  });

  test("overlap: the form warns before saving, naming the run, and saving anyway is allowed", async () => {
    stubFetch({
      "GET /api/run-overlaps": [200, { warnings: [{ code: "overlap", displayIds: ["MOP-12"] }] }],
      "POST /api/challenge-mode-runs": [201, { ...cmRun(), warnings: [{ code: "overlap", displayIds: ["MOP-12"] }] }],
      "GET /api/challenge-mode-runs": [200, pageOf([cmRun()])],
      "GET /api/run-stats": [200, { totalAvailableRuns: 1, totalBoosters: 1, availableThisWeek: 1, boostersThisWeek: 1 }],
    });
    const d = await openFilledChallengeForm();
    expect(await within(d).findByText("This booster already has an available run at that time: MOP-12. You can still save.")).toBeTruthy();
    const check = calls.filter((c) => c.path === "/api/run-overlaps").at(-1)!;
    expect(Object.fromEntries(new URLSearchParams(check.search))).toEqual({ kind: "challenge", timezone: "CET", scheduledDates: "2026-11-20 18:30", boosterId: "2" });
    fireEvent.click(within(d).getByRole("button", { name: "Create Run" }));
    expect(await screen.findByText("Challenge Mode run created successfully. Overlaps with MOP-12")).toBeTruthy();
  });

  test("Duplicate to next week creates the run at once, highlights its row and focuses it, and offers Undo, which removes it", async () => {
    stubFetch({
      "POST /api/runs/12/next-week": [201, { ...raidRun({ id: 99, displayId: "MOP-99", scheduledDate: "2026-12-08 20:00" }), warnings: [] }],
      "GET /api/runs": [200, pageOf([...RUNS, raidRun({ id: 99, displayId: "MOP-99" })])],
      "GET /api/run-stats": [200, { totalAvailableRuns: 2, totalBoosters: 1, availableThisWeek: 0, boostersThisWeek: 0 }],
      "DELETE /api/runs/99": [200, { id: 99 }],
    });
    renderIsland();
    fireEvent.click(within(rows()[0]!).getByRole("button", { name: "Duplicate to next week run MOP-12" }));
    expect(await screen.findByText("Run MOP-99 created for next week")).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(4));
    const box = within(rows()[3]!).getByRole("checkbox", { name: "Select run MOP-99" });
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(rows().filter((r) => r.querySelector("[data-fresh]")).map((r) => r.textContent)).toEqual([rows()[3]!.textContent]);
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Run MOP-99 removed again")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/runs/99")).toBe(true);
    await waitFor(() => expect(document.querySelector("[data-fresh]")).toBeNull());
  });

  test("bulk shift: select rows, confirm with days and hours, then Undo restores them", async () => {
    const token = "6f1c3c5e-1a2b-4c3d-8e9f-0a1b2c3d4e5f";
    stubFetch({
      "POST /api/runs/bulk": [200, { action: "shift", count: 2, undoToken: token, expiresAt: "2026-11-20T12:00:10.000Z" }],
      [`POST /api/runs/bulk/undo/${token}`]: [200, { count: 2 }],
      "GET /api/runs": [200, pageOf(RUNS)],
      "GET /api/run-stats": [200, { totalAvailableRuns: 1, totalBoosters: 1, availableThisWeek: 0, boostersThisWeek: 0 }],
    });
    renderIsland();
    expect(screen.queryByRole("group", { name: "Bulk actions" })).toBeNull();
    fireEvent.click(within(rows()[0]!).getByRole("checkbox", { name: "Select run MOP-12" }));
    fireEvent.click(within(rows()[1]!).getByRole("checkbox", { name: "Select run MOP-13" }));
    const bar = screen.getByRole("group", { name: "Bulk actions" });
    expect(within(bar).getByText("2 runs selected")).toBeTruthy();
    expect((screen.getByRole("checkbox", { name: "Select all runs on this page" }) as HTMLInputElement).indeterminate).toBe(true);
    fireEvent.click(within(bar).getByRole("button", { name: "Shift" }));
    const d = screen.getByRole("dialog", { name: "Shift runs" });
    fireEvent.change(within(d).getByLabelText("Days"), { target: { value: "1" } });
    fireEvent.change(within(d).getByLabelText("Hours"), { target: { value: "-2" } });
    fireEvent.click(within(d).getByRole("button", { name: "Shift runs" }));
    expect(await screen.findByText("2 runs shifted")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/runs/bulk")!.body).toEqual({ action: "shift", ids: [12, 13], days: 1, hours: -2 });
    // The selection is cleared with the change.
    await waitFor(() => expect(screen.queryByRole("group", { name: "Bulk actions" })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Restored 2 runs")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.path === `/api/runs/bulk/undo/${token}`)).toBe(true);
  });

  test("ticking a row or the select-all box keeps focus on that box, so Space can untick it and Tab goes on from there", () => {
    renderIsland();
    const box = within(rows()[0]!).getByRole("checkbox", { name: "Select run MOP-12" });
    box.focus();
    fireEvent.click(box);
    // The same element, still focused: the rows are not re-created by a selection change.
    expect(within(rows()[0]!).getByRole("checkbox", { name: "Select run MOP-12" })).toBe(box);
    expect(document.activeElement).toBe(box);
    const all = screen.getByRole("checkbox", { name: "Select all runs on this page" });
    all.focus();
    fireEvent.click(all);
    expect(screen.getByRole("checkbox", { name: "Select all runs on this page" })).toBe(all);
    expect(document.activeElement).toBe(all);
    fireEvent.click(all);
    expect((box as HTMLInputElement).checked).toBe(false);
  });

  test("after a bulk action the bar leaves, so focus goes to the panel's heading; after Undo, back there too", async () => {
    const token = "6f1c3c5e-1a2b-4c3d-8e9f-0a1b2c3d4e5f";
    stubFetch({
      "POST /api/runs/bulk": [200, { action: "expire", count: 1, undoToken: token, expiresAt: "2026-11-20T12:00:10.000Z" }],
      [`POST /api/runs/bulk/undo/${token}`]: [200, { count: 1 }],
      "GET /api/runs": [200, pageOf(RUNS)],
      "GET /api/run-stats": [200, { totalAvailableRuns: 1, totalBoosters: 1, availableThisWeek: 0, boostersThisWeek: 0 }],
    });
    renderIsland();
    fireEvent.click(within(rows()[0]!).getByRole("checkbox", { name: "Select run MOP-12" }));
    const expire = within(screen.getByRole("group", { name: "Bulk actions" })).getByRole("button", { name: "Expire" });
    expire.focus();
    fireEvent.click(expire);
    fireEvent.click(within(screen.getByRole("dialog", { name: "Expire runs" })).getByRole("button", { name: "Expire runs" }));
    expect(await screen.findByText("1 run expired")).toBeTruthy();
    const heading = screen.getByRole("heading", { name: "MoP Raid Runs" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const undo = screen.getByRole("button", { name: "Undo" });
    // Focus in the toast pauses it (the Toaster's state): inside act.
    act(() => undo.focus());
    fireEvent.click(undo);
    expect(await screen.findByText("Restored 1 run")).toBeTruthy();
    expect(document.activeElement).toBe(heading);
  });

  test("select all on the page, and a refused bulk delete shows the server's message in the dialog", async () => {
    stubFetch({ "POST /api/runs/bulk": [403, { message: "You may not change 1 of the selected runs. Nothing was changed." }] });
    renderIsland({ mode: "booster", stats: null, booster: { id: 1, boosterId: "BB-1001" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all runs on this page" }));
    expect(rows().every((r) => (within(r).getByRole("checkbox") as HTMLInputElement).checked)).toBe(true);
    const bar = screen.getByRole("group", { name: "Bulk actions" });
    expect(within(bar).getByText("3 runs selected")).toBeTruthy();
    // Only staff expire runs.
    expect(within(bar).queryByRole("button", { name: "Expire" })).toBeNull();
    fireEvent.click(within(bar).getByRole("button", { name: "Delete" }));
    const d = screen.getByRole("dialog", { name: "Delete runs" });
    expect(within(d).getByText("Delete 3 runs? You can undo this for 10 seconds.")).toBeTruthy();
    fireEvent.click(within(d).getByRole("button", { name: "Delete runs" }));
    expect(await within(d).findByText("You may not change 1 of the selected runs. Nothing was changed.")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/runs/bulk")!.body).toEqual({ action: "delete", ids: [12, 13, 14] });
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all runs on this page" }));
    expect(screen.queryByText("3 runs selected")).toBeNull();
  });
});
