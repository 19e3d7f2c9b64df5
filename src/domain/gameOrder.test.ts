import { describe, expect, test } from "bun:test";
import { moveBy, moveTo, toGameOrders } from "./gameOrder";

// Seeded catalogue: WoW (3) > raid (1), challenge (4); D2 (2) > desert (5).
const games = [
  { id: 3, parentGameId: null, displayOrder: 1 },
  { id: 1, parentGameId: 3, displayOrder: 2 },
  { id: 4, parentGameId: 3, displayOrder: 3 },
  { id: 2, parentGameId: null, displayOrder: 4 },
  { id: 5, parentGameId: 2, displayOrder: 5 },
];
const ids = (gs: { id: number; displayOrder: number }[] | null) =>
  gs === null ? null : [...gs].sort((a, b) => a.displayOrder - b.displayOrder).map((g) => g.id);

describe("moveTo", () => {
  test("a parent moves with its children; orders are one flat list from 1", () => {
    const next = moveTo(games, 2, 3)!;
    expect(ids(next)).toEqual([2, 5, 3, 1, 4]);
    expect(toGameOrders(next)).toEqual([
      { id: 2, displayOrder: 1 }, { id: 5, displayOrder: 2 }, { id: 3, displayOrder: 3 }, { id: 1, displayOrder: 4 }, { id: 4, displayOrder: 5 },
    ]);
  });

  test("children reorder within their parent", () => {
    expect(ids(moveTo(games, 4, 1))).toEqual([3, 4, 1, 2, 5]);
  });

  test("a game cannot move into another group, nor onto itself", () => {
    expect(moveTo(games, 5, 1)).toBeNull();
    expect(moveTo(games, 1, 2)).toBeNull();
    expect(moveTo(games, 3, 3)).toBeNull();
  });
});

describe("moveBy", () => {
  test("one place up or down among siblings, null at the ends", () => {
    expect(ids(moveBy(games, 2, -1))).toEqual([2, 5, 3, 1, 4]);
    expect(ids(moveBy(games, 1, 1))).toEqual([3, 4, 1, 2, 5]);
    expect(moveBy(games, 3, -1)).toBeNull();
    expect(moveBy(games, 4, 1)).toBeNull();
    expect(moveBy(games, 5, -1)).toBeNull();
  });
});

test("toGameOrders renumbers gaps and unsorted input", () => {
  const messy = [
    { id: 2, parentGameId: null, displayOrder: 40 },
    { id: 5, parentGameId: 2, displayOrder: 41 },
    { id: 3, parentGameId: null, displayOrder: 7 },
  ];
  expect(toGameOrders(messy)).toEqual([{ id: 3, displayOrder: 1 }, { id: 2, displayOrder: 2 }, { id: 5, displayOrder: 3 }]);
});
