import { describe, expect, test } from "bun:test";
import { checklistOrder, initialSelection, toggleGame } from "./gameSelection";

// The seeded catalogue: WoW (3) with raid (1) and challenge mode (4); D2 (2) with Desert (5).
const games = [
  { id: 3, parentGameId: null, displayOrder: 1 },
  { id: 1, parentGameId: 3, displayOrder: 2 },
  { id: 4, parentGameId: 3, displayOrder: 3 },
  { id: 2, parentGameId: null, displayOrder: 4 },
  { id: 5, parentGameId: 2, displayOrder: 5 },
  { id: 9, parentGameId: null, displayOrder: 6 },
];

describe("toggleGame: parents and children move together", () => {
  test("a selected child also selects its parent", () => {
    expect(toggleGame(games, [], 1, true)).toEqual([3, 1]);
    expect(toggleGame(games, [], 5, true)).toEqual([2, 5]);
  });

  test("selecting a parent selects all its children", () => {
    expect(toggleGame(games, [], 3, true)).toEqual([3, 1, 4]);
    expect(toggleGame(games, [5], 2, true)).toEqual([2, 5]);
  });

  test("deselecting the last child deselects the parent", () => {
    expect(toggleGame(games, [3, 1], 1, false)).toEqual([]);
    expect(toggleGame(games, [3, 1, 4, 2, 5], 5, false)).toEqual([3, 1, 4]);
  });

  test("deselecting a child that has a selected sibling keeps the parent", () => {
    expect(toggleGame(games, [3, 1, 4], 4, false)).toEqual([3, 1]);
  });

  test("deselecting a parent deselects its children", () => {
    expect(toggleGame(games, [3, 1, 4, 2, 5], 3, false)).toEqual([2, 5]);
  });

  test("a standalone game toggles on its own", () => {
    expect(toggleGame(games, [3, 1], 9, true)).toEqual([3, 1, 9]);
    expect(toggleGame(games, [3, 1, 9], 9, false)).toEqual([3, 1]);
  });

  test("an unknown id changes nothing", () => {
    expect(toggleGame(games, [2, 5], 42, true)).toEqual([2, 5]);
  });
});

test("initialSelection adds the parent of each assigned child", () => {
  expect(initialSelection(games, [1])).toEqual([3, 1]);
  expect(initialSelection(games, [5, 4])).toEqual([3, 4, 2, 5]);
  expect(initialSelection(games, [9])).toEqual([9]);
  expect(initialSelection(games, [])).toEqual([]);
});

test("checklistOrder lists each parent followed by its children", () => {
  const shuffled = [games[4]!, games[0]!, games[5]!, games[2]!, games[3]!, games[1]!];
  expect(checklistOrder(shuffled).map((r) => [r.game.id, r.depth])).toEqual([[3, 0], [1, 1], [4, 1], [2, 0], [5, 1], [9, 0]]);
});
