// The browser-only lines under a run's time ("Your time: Sat 02:00 (Tokyo)", "Starts in
// 2 h 15 min") and the one live region that announces a run turning 'Starting soon'.
// Nothing renders on the server or while hydrating (the clock's snapshot is null there).
import { useEffect, useRef, useState } from "react";
import type { ZoneChoice } from "../../src/domain/calendarFilters";
import { useNow } from "./clock";
import { countdown, crossedIntoSoon, yourTime } from "../../src/domain/whenRules";
import { useMessages } from "./calendarState";

/** The two lines; CSS reserves their space when scripting is on, so filling them moves nothing. */
export function RunWhen({ startsAt, zone }: { startsAt: number; zone: ZoneChoice }) {
  const c = useNow();
  const t = useMessages().when;
  const mine = c && yourTime(startsAt, zone, c.zone, t);
  return (
    <div className="run-when">
      {mine ? <p>{mine}</p> : null}
      {c ? <p className="run-when__countdown">{countdown(startsAt, c.now, t)}</p> : null}
    </div>
  );
}

/** Says '{id} is starting soon' once, when a shown run crosses into its last 15 minutes. */
export function SoonAnnouncer({ runs }: { runs: readonly { label: string; startsAt: number }[] }) {
  const c = useNow();
  const { announce } = useMessages().when;
  const before = useRef<number | null>(null);
  const [message, setMessage] = useState("");
  const now = c?.now ?? null;
  useEffect(() => {
    if (now === null) return;
    const prev = before.current;
    before.current = now;
    if (prev === null) return;
    const soon = crossedIntoSoon(runs, prev, now);
    if (soon.length) setMessage(soon.map((r) => announce({ id: r.label })).join(" "));
  }, [now, runs, announce]); // a new list at the same instant crosses nothing: prev === now
  return <p className="visually-hidden" aria-live="polite">{message}</p>;
}
