import { describe, expect, test } from "bun:test";
import { ALL, filterOptions, filterRuns, PANEL_FILTERS, PANEL_SEARCH, searchIndex, sortOrder } from "./filters";
import { pickTarget, resolveSelection, selectionHref } from "../../src/domain/runsSelection";
import type { ChallengeRun, DesertRun } from "../../src/shared/runs";
import { CHALLENGE_FACTIONS, CHALLENGE_MODES, RUN_STATUSES } from "../../src/shared/enums";

const cm = (i: number): ChallengeRun => ({
  kind: "challenge", id: i, displayId: `CM-${i}`, gameId: 4, boosterId: 1 + (i % 7), title: "9/9 Gold Challenge Modes",
  scheduledDate: "2026-12-01 20:00", startsAt: new Date(Date.UTC(2026, 11, 1) + i * 3_600_000).toISOString(), timezone: "CET",
  status: RUN_STATUSES[i % RUN_STATUSES.length]!, booster: { boosterId: `BB-${1000 + (i % 7)}`, user: { nickname: `Booster${i % 7}`, email: `b${i % 7}@example.com` } },
  faction: CHALLENGE_FACTIONS[i % 4]!, completionMode: CHALLENGE_MODES[i % 3]!,
});

describe("panel search and filters", () => {
  const runs = Array.from({ length: 5000 }, (_, i) => cm(i + 1));
  const index = searchIndex(runs, PANEL_SEARCH.challenge);
  const defs = PANEL_FILTERS.challenge;

  test("search matches ID, title or booster, case-insensitively; filters combine", () => {
    expect(filterRuns(runs, index, "cm-4999", defs, {}).map((r) => r.id)).toEqual([4999]);
    expect(filterRuns(runs, index, "  BOOSTER3 ", defs, {}).every((r) => r.booster.user!.nickname === "Booster3")).toBe(true);
    const horde = filterRuns(runs, index, "", defs, { faction: "EU Horde", status: ALL });
    expect(horde.length).toBe(1250);
    expect(filterRuns(runs, index, "", defs, { faction: "EU Horde", status: "available", mode: "Pilot Only" }).every((r) =>
      r.faction === "EU Horde" && r.status === "available" && r.completionMode === "Pilot Only")).toBe(true);
    expect(filterRuns(runs, index, "", defs, {})).toBe(runs);
  });

  test("dropdowns offer 'All' and only the values present, in the enum's order", () => {
    expect(filterOptions(runs.slice(0, 2), defs[1]!).map((o) => o.label)).toEqual(["All", "EU Horde", "US Alliance"]);
    expect(filterOptions([], defs[0]!)).toEqual([{ value: ALL, label: "All" }]);
    const desert: DesertRun = { ...cm(1), kind: "desert", completionType: "recovery_only", feats: ["Battalions"] } as unknown as DesertRun;
    expect(filterOptions([desert], PANEL_FILTERS.desert[1]!).map((o) => o.label)).toEqual(["All", "Recovery Only"]);
    const dIndex = searchIndex([desert], PANEL_SEARCH.desert);
    expect(filterRuns([desert], dIndex, "battal", PANEL_FILTERS.desert, {})).toHaveLength(1);
    expect(filterRuns([desert], dIndex, "recovery only", PANEL_FILTERS.desert, {})).toHaveLength(1);
  });

  test("sortOrder: text case-insensitively, numbers as numbers, stable, both directions", () => {
    const xs = [{ v: "b" }, { v: "A" }, { v: "c" }, { v: "a" }];
    expect(sortOrder(xs, (x) => x.v, false)).toEqual([1, 3, 0, 2]);
    expect(sortOrder(xs, (x) => x.v, true)).toEqual([2, 0, 1, 3]);
    expect(sortOrder([{ n: 10 }, { n: 9 }], (x) => x.n, false)).toEqual([1, 0]);
    expect(sortOrder(xs, null, false)).toEqual([0, 1, 2, 3]);
  });

  test("a keystroke over 5,000 runs filters well under 50 ms", () => {
    const start = performance.now();
    for (const q of ["b", "bo", "boo", "boos", "booster1"]) filterRuns(runs, index, q, defs, { status: "available" });
    expect((performance.now() - start) / 5).toBeLessThan(50);
  });
});

describe("selection in the URL", () => {
  const games = [
    { id: 2, name: "Destiny 2", slug: "d2", children: [{ id: 5, name: "Desert", slug: "desert-perpetual-calendar" }] },
    { id: 3, name: "World of Warcraft", slug: "wow", children: [{ id: 1, name: "Raid", slug: "mop-raid-calendar" }] },
    { id: 7, name: "Solo", slug: "solo", children: [] },
  ];
  test("defaults to wow, else the first game; a tool must belong to the parent", () => {
    expect(resolveSelection(games, {})).toEqual({ gameId: 3, toolId: null });
    expect(resolveSelection(games.filter((g) => g.slug !== "wow"), {})).toEqual({ gameId: 2, toolId: null });
    expect(resolveSelection(games, { game: "2", tool: "1" })).toEqual({ gameId: 2, toolId: null });
    expect(resolveSelection(games, { game: "2", tool: "5" })).toEqual({ gameId: 2, toolId: 5 });
    expect(resolveSelection(games, { game: "x1", tool: "5" })).toEqual({ gameId: 3, toolId: null });
    expect(resolveSelection([], {})).toEqual({ gameId: null, toolId: null });
  });
  test("a booster's dashboard opens on the parent's first calendar when none is asked for", () => {
    expect(resolveSelection(games, {}, "booster")).toEqual({ gameId: 3, toolId: 1 });
    expect(resolveSelection(games, { game: "2" }, "booster")).toEqual({ gameId: 2, toolId: 5 });
    expect(resolveSelection(games, { game: "2", tool: "5" }, "booster")).toEqual({ gameId: 2, toolId: 5 });
    expect(resolveSelection(games, { game: "7" }, "booster")).toEqual({ gameId: 7, toolId: null });
  });
  test("a parent without tools is its own target; hrefs keep the tab", () => {
    expect(pickTarget(games, { gameId: 7, toolId: null }).target?.slug).toBe("solo");
    expect(pickTarget(games, { gameId: 3, toolId: null }).target).toBeNull();
    expect(selectionHref("admin", { gameId: 3, toolId: 1 })).toBe("/admin?tab=runs&game=3&tool=1");
    expect(selectionHref("booster", { gameId: 3, toolId: null })).toBe("/dashboard?game=3");
  });
});
