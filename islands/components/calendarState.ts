// State shared by the calendar islands of a page and the small hooks every calendar uses.
import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type MouseEvent } from "react";
import { atom, useStore, type PrimitiveAtom } from "jotai";
import { toSearch } from "../../src/domain/calendarFilters/common";
import type { Timezone } from "../../src/shared/enums";
import type { CalendarText } from "../../src/pages/calendar/text";

/**
 * The zone runs are shown in (CET or EST). It lives in the page's jotai store, which all
 * island roots of a page share, so any island on the page sees a switch.
 */
export const zoneAtom = atom<Timezone>("CET");
const seeded = new WeakSet<object>();

/**
 * [value, set] of a page-shared atom: a plain subscription to the page's store. (jotai's
 * useAtom also handles async atoms, which this is not, at several times the bundle size.)
 */
export function useShared<T>(a: PrimitiveAtom<T>): [T, (v: T) => void] {
  const store = useStore();
  const get = () => store.get(a);
  return [useSyncExternalStore((cb) => store.sub(a, cb), get, get), (v) => store.set(a, v)];
}

export const CalendarTextContext = createContext<CalendarText | null>(null);
export const useCalendarText = () => useContext(CalendarTextContext)!;

const noSubscribe = () => () => {};
/**
 * False in the server render and during hydration, true right after: markup that only
 * makes sense with JavaScript (a dialog button instead of a storefront link, no submit
 * button for filters) switches without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscribe, () => true, () => false);
}

/**
 * onClick for a filter link: a plain left click is handled in place (instant filtering);
 * modified clicks (new tab, new window) follow the link's href as usual.
 */
export function inPlace(handle: () => void) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    handle();
  };
}

/**
 * The common wiring of a calendar island: seeds the page's zone from the server's props
 * (once per store), keeps the address bar in step with the view (replaceState, no history
 * entries; not on the first render) and returns the zone with its setter.
 */
export function useCalendarView(path: string, initialZone: Timezone, entries: readonly (readonly [string, string])[]) {
  // Seed once per store (what jotai's useHydrateAtoms does): the first island of the page wins.
  const store = useStore();
  if (!seeded.has(store)) { seeded.add(store); store.set(zoneAtom, initialZone); }
  const [zone, setZone] = useShared(zoneAtom);
  const url = path + toSearch(entries, zone);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; return; }
    if (location.pathname + location.search !== url) history.replaceState(history.state, "", url);
  }, [url]);
  return [zone, setZone] as const;
}
