// The calendars' live updates (docs/decisions/29-live-pages.md): one EventSource on the
// view's stream (/live/calendars/{slug}?filters) applies the server's events to the island's
// runs in place. A change of places or state updates the card's data (availability,
// spotsLeft, start); a run that leaves the view fades out; a run that joins it waits behind a
// "n new runs, show" control instead of moving the list under the reader; `reset` refetches
// the list (the cached page's island props). Only changes a viewer can act on are announced.
import { useCallback, useEffect, useRef, useState } from "react";
import type { Availability } from "../../src/shared/enums";
import type { CalendarText } from "../../src/shared/calendarText";
import { announcement } from "./liveAnnouncement";

export { announcement };

/** What the stream adds to a card's run (the card shows them where it knows how). */
export type LiveFields = { availability?: Availability; spotsLeft?: number | null };
export type LiveRunEvent = { displayId: string; status: string; availability: Availability; spotsLeft: number | null; startsAt: string };

/** How long a removed card fades before it leaves the list (the CSS transition's length). */
export const LEAVE_MS = 600;

type LiveText = CalendarText["live"];

/** The live stream's URL for a calendar page's path and its filter entries (the zone changes no run). */
export function calendarStream(path: string, entries: readonly (readonly [string, string])[]): string {
  const slug = path.slice(path.lastIndexOf("/") + 1);
  const query = new URLSearchParams(entries.map(([k, v]) => [k, v])).toString();
  return `/live/calendars/${slug}${query ? `?${query}` : ""}`;
}

/** The runs of this island in the current page as the server renders it now (the page cache answers). */
export async function refetchRuns<R>(island: string): Promise<R[] | null> {
  try {
    // no-cache: the page's stale-while-revalidate would hand back the very copy being corrected.
    const res = await fetch(location.pathname + location.search, { headers: { accept: "text/html" }, cache: "no-cache" });
    if (!res.ok) return null;
    const doc = new DOMParser().parseFromString(await res.text(), "text/html");
    const id = doc.querySelector(`[data-island="${island}"]`)?.getAttribute("data-island-id");
    const script = id ? doc.querySelector(`script[data-island-props="${id}"]`) : null;
    return script?.textContent ? (JSON.parse(script.textContent) as { runs: R[] }).runs : null;
  } catch {
    return null; // offline: the next event or reconnect tries again
  }
}

export type LiveRuns<R> = {
  runs: (R & LiveFields)[];
  /** Labels of the cards fading out. */
  leaving: ReadonlySet<string>;
  /** How many runs joined the view and wait behind the control. */
  fresh: number;
  showFresh: () => void;
  /** The latest announcement for the polite live region. */
  message: string;
};

/**
 * `since` is the stream position the page was rendered at (a write between the render and the
 * stream's opening is then replayed, not lost). `inView` is the island's filter (the stream sends only the view's runs; the list holds the game's).
 * `stream` is the view's stream URL (a new one when the filters change; it then resumes from
 * the position the list was last known whole, so a run changed meanwhile is not missed).
 */
export function useLiveRuns<R extends { label: string; startsAt: number }>(
  island: string, initial: R[], since: string, stream: string, text: LiveText, inView: (run: R) => boolean,
): LiveRuns<R> {
  const [runs, setRuns] = useState<(R & LiveFields)[]>(initial);
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(new Set());
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState("");
  const runsRef = useRef(runs);
  runsRef.current = runs;
  const inViewRef = useRef(inView);
  inViewRef.current = inView;
  /** The stream position at which `runs` was whole (every run of the game current): first the page's. */
  const whole = useRef<string>(since);
  const focusAfter = useRef<string | null>(null);

  const reload = useCallback(async (focus: string | null) => {
    const list = await refetchRuns<R>(island);
    if (!list) return;
    focusAfter.current = focus;
    setRuns(list);
    setFresh(new Set());
    setLeaving(new Set());
  }, [island]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    // Resuming from where the list was whole replays what changed since (or answers `reset`).
    const source = new EventSource(`${stream}${stream.includes("?") ? "&" : "?"}since=${encodeURIComponent(whole.current)}`);
    source.addEventListener("reset", (e) => {
      whole.current = (e as MessageEvent).lastEventId;
      void reload(null);
    });
    source.addEventListener("run", (e) => {
      const ev = JSON.parse((e as MessageEvent).data) as LiveRunEvent;
      const known = runsRef.current.find((r) => r.label === ev.displayId);
      // A run the list does not have, or has with fields that keep it out of this view (it
      // moved here from another region or raid), is offered behind the control: the refetch brings its card.
      if (!known || !inViewRef.current(known)) {
        setFresh((s) => new Set(s).add(ev.displayId));
        return;
      }
      const said = announcement(text, ev.displayId, known.availability ?? "open", ev.availability, ev.spotsLeft);
      if (said) setMessage(said);
      setRuns((list) => list.map((r) => (r.label === ev.displayId
        ? { ...r, startsAt: Date.parse(ev.startsAt), availability: ev.availability, spotsLeft: ev.spotsLeft }
        : r)));
    });
    source.addEventListener("removed", (e) => {
      const { displayId } = JSON.parse((e as MessageEvent).data) as { displayId: string };
      setFresh((s) => {
        if (!s.has(displayId)) return s;
        const next = new Set(s);
        next.delete(displayId);
        return next;
      });
      if (!runsRef.current.some((r) => r.label === displayId)) return;
      setLeaving((s) => new Set(s).add(displayId));
      setTimeout(() => {
        keepFocus(displayId);
        setRuns((list) => list.filter((r) => r.label !== displayId));
        setLeaving((s) => {
          const next = new Set(s);
          next.delete(displayId);
          return next;
        });
      }, LEAVE_MS);
    });
    return () => source.close();
  }, [stream, text, reload]);

  // After "show", focus lands on the first new card instead of on <body> (the control is gone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `runs` is the trigger: the new cards are in the DOM once it changed
  useEffect(() => {
    const label = focusAfter.current;
    if (!label) return;
    focusAfter.current = null;
    document.querySelector<HTMLElement>(`[data-run="${CSS.escape(label)}"] a`)?.focus();
  }, [runs]);

  const showFresh = useCallback(() => {
    const first = [...fresh][0] ?? null;
    void reload(first);
  }, [fresh, reload]);

  return { runs, leaving, fresh: fresh.size, showFresh, message };
}

/** A card about to leave that holds focus hands it to its neighbour's link (else the page keeps it). */
function keepFocus(label: string): void {
  const card = document.querySelector<HTMLElement>(`[data-run="${CSS.escape(label)}"]`);
  if (!card?.contains(document.activeElement)) return;
  const next = (card.nextElementSibling ?? card.previousElementSibling)?.querySelector<HTMLElement>("a");
  next?.focus();
}
