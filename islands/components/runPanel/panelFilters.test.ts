import { describe, expect, test } from "bun:test";
import { activeFilters, ALL, PANEL_FILTERS } from "./panelFilters";
import { pickTarget, resolveSelection, selectionHref } from "../../../src/domain/runsSelection";

describe("panel filter dropdowns", () => {
  test("each kind offers its panel's filters, each 'All' plus every value in the enum's order", () => {
    expect(PANEL_FILTERS.raid.map((d) => d.label)).toEqual(["Status", "Region", "Difficulty"]);
    expect(PANEL_FILTERS.challenge.map((d) => d.label)).toEqual(["Status", "Faction", "Mode"]);
    expect(PANEL_FILTERS.desert.map((d) => d.label)).toEqual(["Status", "Completion Type"]);
    expect(PANEL_FILTERS.desert[1]!.options.map((o) => o.label)).toEqual(["All", "Sherpa & Recovery", "Sherpa Only", "Recovery Only"]);
  });

  test("the request's filters leave out 'All' and values the dropdown does not offer", () => {
    expect(activeFilters("challenge", { status: ALL, faction: "EU Horde", mode: "Pilot Only" })).toEqual({ faction: "EU Horde", mode: "Pilot Only" });
    expect(activeFilters("raid", { region: "Mars", difficulty: "heroic_25", faction: "EU Horde" })).toEqual({ difficulty: "heroic_25" });
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
