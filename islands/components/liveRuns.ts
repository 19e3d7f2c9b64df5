// The calendars' live updates (docs/decisions/29-live-pages.md): one EventSource on the
// view's stream (/live/calendars/{slug}?filters) applies the server's events to the island's
// runs in place. A change of places or state updates the card's data (availability,
// spotsLeft, start); a run that leaves the view fades out; a run that joins it waits behind a
// "n new runs, show" control instead of moving the list under the reader; `reset` refetches
// the list (the cached page's island props). Only changes a viewer can act on are announced.
import { useCallback, useEffect, useRef, useState } from "react";
import type { Availability } from "../../src/shared/enums";

/** What the stream adds to a card's run (the card shows them where it knows how). */
export type LiveFields = { availability?: Availability; spotsLeft?: number | null };
export type LiveRunEvent = { displayId: string; status: string; availability: Availability; spotsLeft: number | null; startsAt: string };

/** How long a removed card fades before it leaves the list (the CSS transition's length). */
export const LEAVE_MS = 600;

/** The live stream's URL for a calendar page's path and its filter entries (the zone changes no run), ready for `since=`. */
export function calendarStream(path: string, entries: readonly (readonly [string, string])[]): string {
  const query = new URLSearchParams(entries as [string, string][]).toString();
  return `/live/calendars/${path.slice(path.lastIndexOf("/") + 1)}?${query && `${query}&`}`;
}

/** The calendar island's runs in the current page as the server renders it now (the page cache answers). */
export async function refetchRuns<R>(): Promise<R[] | null> {
  try {
    // no-cache: the page's stale-while-revalidate would hand back the very copy being corrected.
    const html = await (await fetch(location.href, { cache: "no-cache" })).text();
    const doc = new DOMParser().parseFromString(html, "text/html");
    const id = doc.querySelector('[data-island$="Calendar"]')?.getAttribute("data-island-id");
    return (JSON.parse(doc.querySelector(`[data-island-props="${id}"]`)!.textContent!) as { runs: R[] }).runs;
  } catch {
    return null; // offline or not the page any more: the next event or reconnect tries again
  }
}

export type LiveRuns<R> = {
  runs: (R & LiveFields)[];
  /** How many runs joined the view and wait behind the control. */
  fresh: number;
  showFresh: () => void;
  /** The latest announcement for the polite live region. */
  message: string;
  /** The control's text for `fresh` runs, once the texts are loaded (the first new run loads them). */
  newRuns?: (n: number) => string;
};

/** The live texts, loaded with the first event that needs them (import() returns the same module every time). */
const texts = () => import("./liveText");

const without = (list: readonly string[], id: string) => list.filter((x) => x !== id);
// Labels are display ids or '#id': safe inside a quoted attribute selector.
const card = (label: string) => document.querySelector<HTMLElement>(`[data-run="${label}"]`);

/**
 * `since` is the stream position the page was rendered at (a write between the render and the
 * stream's opening is then replayed, not lost). `inView` is the island's filter, truthy for a run in the view (the stream
 * sends only the view's runs; the list holds the game's). `stream` is the view's stream URL, ending in `?` or `&` (a
 * new one when the filters change; it then resumes from the position the list was last known
 * whole, so a run changed meanwhile is not missed).
 */
export function useLiveRuns<R extends { label: string; startsAt: number }>(
  initial: R[], since: string, stream: string, inView: (run: R) => unknown,
): LiveRuns<R> {
  const [runs, setRuns] = useState<(R & LiveFields)[]>(initial);
  const [fresh, setFresh] = useState<readonly string[]>([]);
  const [message, setMessage] = useState("");
  const [newRuns, setNewRuns] = useState<(n: number) => string>();
  // What the stream's handlers read without reopening it.
  const now = useRef({ runs, inView });
  now.current = { runs, inView };
  /** The stream position at which `runs` was whole (every run of the game current): first the page's. */
  const whole = useRef(since);
  const focusAfter = useRef<string | undefined>(undefined);

  const reload = useCallback(async (focus?: string) => {
    const list = await refetchRuns<R>();
    if (!list) return;
    focusAfter.current = focus;
    setRuns(list);
    setFresh([]);
  }, []);

  useEffect(() => {
    // Resuming from where the list was whole replays what changed since (or answers `reset`).
    // (Positions are `[0-9a-z]+-[0-9]+`: nothing to encode.)
    const source = new EventSource(`${stream}since=${whole.current}`);
    const on = (name: string, handle: (data: LiveRunEvent, e: MessageEvent) => void) =>
      source.addEventListener(name, (e) => handle(JSON.parse((e as MessageEvent).data), e as MessageEvent));
    on("reset", (_, e) => {
      whole.current = e.lastEventId;
      void reload();
    });
    on("run", (ev) => {
      const id = ev.displayId;
      const known = now.current.runs.find((r) => r.label === id);
      // A run the list does not have, or has with fields that keep it out of this view (it
      // moved here from another region or raid), is offered behind the control: the refetch brings its card.
      if (!known || !now.current.inView(known)) {
        void texts().then((t) => setNewRuns(() => t.newRuns));
        return setFresh((f) => [...without(f, id), id]);
      }
      const was = known.availability ?? "open";
      // Events resolve in order: they all wait for the same module.
      if (was !== ev.availability) void texts().then((t) => {
        const said = t.announcement(id, was, ev.availability, ev.spotsLeft);
        if (said) setMessage(said);
      });
      setRuns((list) => list.map((r) => (r.label === id ? { ...r, ...ev, startsAt: Date.parse(ev.startsAt) } : r)));
    });
    on("removed", ({ displayId: id }) => {
      setFresh((f) => without(f, id));
      // The card fades (a class React leaves alone: its own className prop does not change), then goes.
      const el = card(id);
      el?.classList.add("run-card--leaving");
      setTimeout(() => {
        // Focus inside the leaving card goes to its neighbour's link rather than to <body>.
        if (el?.contains(document.activeElement)) (el.nextElementSibling ?? el.previousElementSibling)?.querySelector("a")?.focus();
        setRuns((list) => list.filter((r) => r.label !== id));
      }, LEAVE_MS);
    });
    return () => source.close();
  }, [stream, reload]);

  // After "show", focus lands on the first new card once it is rendered, not on <body> (the control is gone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `runs` is the trigger: the new cards are in the DOM once it changed
  useEffect(() => {
    if (focusAfter.current) card(focusAfter.current)?.querySelector("a")?.focus();
    focusAfter.current = undefined;
  }, [runs]);

  return { runs, fresh: fresh.length, showFresh: () => void reload(fresh[0]), message, newRuns };
}
