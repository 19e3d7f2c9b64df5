// dnd-kit settings of the games list: a stable id, arrow-key moves between sibling rows,
// the spoken announcements, and the handle's attributes.
import type { Announcements, KeyboardCoordinateGetter, UniqueIdentifier } from "@dnd-kit/core";
import { T } from "../../src/shared/text";

// Fixed id: dnd-kit's generated ids would differ between the server render and hydration.
export const DND_ID = "games-admin-dnd";

/**
 * Arrow keys move the dragged row onto the next or previous row it may drop on (its
 * siblings; other rows are disabled drop targets while it is dragged).
 */
export const keyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { active, collisionRect, droppableRects, droppableContainers } = context;
  if (!active || !collisionRect || (event.code !== "ArrowDown" && event.code !== "ArrowUp")) return undefined;
  event.preventDefault();
  const down = event.code === "ArrowDown";
  let best: { top: number; left: number } | null = null;
  for (const c of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(c.id);
    if (!rect) continue;
    const ahead = down ? rect.top > collisionRect.top + 1 : rect.top < collisionRect.top - 1;
    if (ahead && (!best || Math.abs(rect.top - collisionRect.top) < Math.abs(best.top - collisionRect.top))) best = rect;
  }
  return best ? { x: best.left, y: best.top } : undefined;
};

/** What a screen reader hears while a row is dragged, naming rows by `nameOf`. */
export function announcements(nameOf: (id: UniqueIdentifier) => string): Announcements {
  return {
    onDragStart: ({ active }) => T.games.pickedUp({ name: nameOf(active.id) }),
    // Over itself (the start) adds nothing to "Picked up ...".
    onDragOver: ({ active, over }) => (over && over.id !== active.id ? T.games.movedOver({ name: nameOf(active.id), over: nameOf(over.id) }) : undefined),
    onDragEnd: ({ active }) => T.games.dropped({ name: nameOf(active.id) }),
    onDragCancel: ({ active }) => T.games.cancelled({ name: nameOf(active.id) }),
  };
}

/** dnd-kit's handle attributes minus `role="button"`: invalid (and redundant) on a <button>. */
export function handleAttributes<A extends { role?: string }>(attributes: A): Omit<A, "role"> {
  const { role: _role, ...rest } = attributes;
  return rest;
}
