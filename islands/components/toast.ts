import { atom, useSetAtom } from "jotai";

export type ToastMessage = {
  id: number; title: string; description?: string; variant?: "default" | "destructive";
  /** A button in the toast (e.g. Undo); pressing it closes the toast. */
  action?: { label: string; onClick: () => void };
  /** How long it stays (default TOAST_DURATION_MS). */
  durationMs?: number;
  /**
   * Epoch ms at which the toast closes even while hovered or focused: an action the server
   * forgets then (bulk Undo) must not stay on offer past it.
   */
  closesAt?: number;
};

/** One toast at a time; a new one replaces the current one. Shared by every island of the page. */
export const toastAtom = atom<ToastMessage | null>(null);
export const TOAST_DURATION_MS = 5000;
export const SWIPE_THRESHOLD_PX = 50;

let nextId = 1;
/** Returns `toast({ title, description, variant })` for the page's one Toaster. */
export function useToast() {
  const set = useSetAtom(toastAtom);
  return (t: Omit<ToastMessage, "id">) => set({ ...t, id: nextId++ });
}

type Rect = { left: number; top: number; right: number; bottom: number };
/** Whether two on-screen boxes share any area (touching edges do not count). */
export const rectsOverlap = (a: Rect, b: Rect): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
