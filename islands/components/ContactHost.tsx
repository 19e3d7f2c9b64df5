import { lazy, Suspense, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import type { ZoneChoice } from "../../src/domain/calendarFilters";
import type { ContactRun } from "../../src/kinds/registry";
import { cardTime } from "../../src/domain/cardTime";
import { ClockContext } from "./clock";

// The dialog (and the text catalogue it uses) is fetched on first use, not with the page.
const load = () => import("./ContactDialog");
const ContactDialog = lazy(load);
/** Warm the dialog's chunk when a CONTACT US button is hovered or focused. */
export const preloadContactDialog = () => { void load(); };

/** Contact dialog state for a calendar: `show(run, trigger)` opens it; focus returns to the trigger on close. */
export function useContactDialog(zone: ZoneChoice): { show: (c: ContactRun, trigger: HTMLElement) => void; dialog: ReactNode } {
  const [state, setState] = useState<{ contact: ContactRun; open: boolean } | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const closed = state !== null && !state.open;
  const clock = useContext(ClockContext);
  useEffect(() => { if (closed) trigger.current?.focus(); }, [closed]);
  return {
    show: (contact, el) => { trigger.current = el; setState({ contact, open: true }); },
    dialog: state
      ? (
        <Suspense fallback={null}>
          <ContactDialog contact={state.contact} open={state.open} zone={zone}
            when={cardTime(state.contact.run.startsAt, zone, zone === "local" ? clock.zone() : undefined)}
            onClose={() => setState((s) => s && { ...s, open: false })} />
        </Suspense>
      )
      : null,
  };
}
