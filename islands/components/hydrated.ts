import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};
/**
 * False in the server render and during hydration, true right after: markup that only
 * makes sense with JavaScript (a dialog button instead of a storefront link, no submit
 * button for filters, a lazily loaded view) switches without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscribe, () => true, () => false);
}
