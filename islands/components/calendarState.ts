// The small hooks every calendar island uses: its text, hydration, in-place links and the
// zone/URL wiring.
import { createContext, useContext, useEffect, useRef, useState, type MouseEvent } from "react";
import { LOCAL_ZONE, toSearch, type ZoneChoice } from "../../src/domain/calendarFilters";
import type { Timezone } from "../../src/shared/enums";
import type { CalendarMessages, CalendarText } from "../../src/shared/calendarText";
import type { EmbedOptions } from "../../src/shared/embed";
import { spoken } from "../../src/shared/i18n/carried";
import { locale } from "../../src/shared/text";

export const CalendarTextContext = createContext<CalendarText | null>(null);
export const useCalendarText = () => useContext(CalendarTextContext)!;
const speaking = new WeakMap<CalendarText["messages"], CalendarMessages>();
/** The calendar's messages with placeholders, spoken from the page's data once per page. */
export function messagesOf(text: CalendarText): CalendarMessages {
  const carried = text.messages;
  let said = speaking.get(carried);
  if (!said) {
    said = spoken<CalendarMessages>(carried, locale());
    speaking.set(carried, said);
  }
  return said;
}
export const useMessages = () => messagesOf(useCalendarText());
/** The embed's options on an embed page (islands/components/CalendarFrame.tsx), else null. */
export const EmbedContext = createContext<EmbedOptions | null>(null);
export const useEmbed = () => useContext(EmbedContext);

export { useHydrated } from "./hydrated";

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
 * The common wiring of a calendar island. The zone is a choice (CET, EST, the viewer's own)
 * or null for the view's default (EST for a US view, CET otherwise), so a region switch
 * moves a default zone along; choosing the default is the same as no choice, as in the URL.
 * Keeps the address bar in step with the view (replaceState, no history entries; not on
 * the first render) and picks up `tz=local` after hydration (the server cannot know it).
 */
export function useCalendarView(path: string, initialZone: Timezone, entries: readonly (readonly [string, string])[], defaultZone: Timezone) {
  const [choice, setChoice] = useState<ZoneChoice | null>(initialZone === defaultZone ? null : initialZone);
  const zone = choice ?? defaultZone;
  const url = path + toSearch(entries, zone, defaultZone);
  useEffect(() => {
    if (new URLSearchParams(location.search).get("tz") === LOCAL_ZONE) setChoice(LOCAL_ZONE);
  }, []);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; return; }
    if (location.pathname + location.search !== url) history.replaceState(history.state, "", url);
  }, [url]);
  return {
    zone,
    setZone: (z: ZoneChoice) => setChoice(z === defaultZone ? null : z),
    /** The query string of another view (its own default zone applies when none was chosen). */
    search: (other: readonly (readonly [string, string])[], otherDefault: Timezone, z: ZoneChoice = choice ?? otherDefault) =>
      toSearch(other, z, otherDefault),
  };
}
