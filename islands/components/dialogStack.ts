// The modal dialogs open on the page, innermost last. A modal <dialog> makes everything
// outside it inert and draws over it, so page-wide UI that must stay usable while one is
// open (the toaster) renders inside the top one. Shared by every island of the page.
import { useSyncExternalStore } from "react";

let stack: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
const emit = () => { for (const l of listeners) l(); };

export function pushDialog(el: HTMLDialogElement): void {
  stack = [...stack.filter((d) => d !== el), el];
  emit();
}

export function removeDialog(el: HTMLDialogElement): void {
  if (!stack.includes(el)) return;
  stack = stack.filter((d) => d !== el);
  emit();
}

const subscribe = (l: () => void) => { listeners.add(l); return () => { listeners.delete(l); }; };
const top = () => stack[stack.length - 1] ?? null;

/** The innermost open modal dialog, or null (also during server rendering). */
export function useTopDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribe, top, () => null);
}
