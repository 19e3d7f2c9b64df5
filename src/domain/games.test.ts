import { expect, test } from "bun:test";
import { isPubliclyVisible, toHierarchy, withCounts } from "./games";
import type { GameRow } from "../shared/types";

const g = (id: number, parentGameId: number | null, displayOrder: number, extra: Partial<GameRow> = {}): GameRow => ({
  id, name: `G${id}`, slug: `g${id}`, description: null, imageUrl: null, prefix: null, parentGameId,
  isActive: true, visible: true, devVisible: true, displayOrder, bookingCutoffMinutes: 15, ...extra,
});

test("visible-not-false: only an explicit false hides a game; inactive games are hidden", () => {
  expect(isPubliclyVisible(g(1, null, 1), "visible")).toBe(true);
  expect(isPubliclyVisible(g(1, null, 1, { visible: false }), "visible")).toBe(false);
  expect(isPubliclyVisible(g(1, null, 1, { visible: false }), "devVisible")).toBe(true);
  expect(isPubliclyVisible(g(1, null, 1, { isActive: false }), "visible")).toBe(false);
});

test("toHierarchy orders parents and children by display order", () => {
  const tree = toHierarchy([g(5, 2, 5), g(1, 3, 3), g(3, null, 2), g(4, 3, 1), g(2, null, 1)]);
  expect(tree.map((t) => t.id)).toEqual([2, 3]);
  expect(tree[1]!.childGames.map((c) => c.id)).toEqual([4, 1]);
  expect(tree[0]!.childGames.map((c) => c.id)).toEqual([5]);
});

test("counts: a parent sums over its children; a childless game counts its own runs", () => {
  const tree = toHierarchy([g(3, null, 1), g(1, 3, 2), g(4, 3, 3), g(9, null, 4)]);
  const cards = withCounts(tree, new Map([[1, 7], [4, 2], [9, 5], [3, 100]]));
  expect(cards[0]!.availableRuns).toBe(9);
  expect(cards[0]!.childGames.map((c) => c.availableRuns)).toEqual([7, 2]);
  expect(cards[1]!.availableRuns).toBe(5);
});
