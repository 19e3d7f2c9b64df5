import { useCallback, useRef } from "react";
import { useToast } from "../../components/toast";
import type { RunKind } from "../../../src/shared/enums";
import type { AnyRun } from "../../../src/kinds/runs";
import { runLabel } from "../../../src/kinds/registry";
import { T } from "../../../src/shared/text";
import { deleteRunCall } from "../../components/runPanel/calls";
import { nextWeekCall, overlapIds } from "../../components/runPanel/bulkCalls";
import { useUndoOffer } from "./undoToast";

/**
 * The row action "Duplicate to next week": creates the run 7 days later at once (no form),
 * says so (naming any overlap) with an Undo, which deletes the new run again, and hands the
 * new run to `onCreated` (the panel reloads, highlights it and focuses it). One request at a time.
 */
export function useNextWeek(kind: RunKind, { onCreated, onUndone, focusAfter }: {
  onCreated: (run: AnyRun) => void; onUndone: () => void; focusAfter: () => HTMLElement | null;
}) {
  const toast = useToast();
  const offer = useUndoOffer(focusAfter);
  const busy = useRef(false);
  const after = useRef({ onCreated, onUndone, offer });
  after.current = { onCreated, onUndone, offer };
  // biome-ignore lint/correctness/useExhaustiveDependencies: toast is a fresh setter each render; the atom it sets is not
  return useCallback(async (run: AnyRun) => {
    if (busy.current) return;
    busy.current = true;
    const res = await nextWeekCall(kind, run.id);
    busy.current = false;
    if (!res.ok) {
      toast({ title: T.toast.error, description: res.message, variant: "destructive" });
      return;
    }
    const created = res.data;
    const overlaps = overlapIds(created.warnings);
    const done = T.toast.nextWeek({ id: runLabel(created) });
    after.current.onCreated(created as AnyRun);
    // Undoing a creation removes what it created.
    after.current.offer(overlaps.length ? `${done}. ${T.overlap.saved({ ids: overlaps.join(", ") })}` : done, undefined, async () => {
      const gone = await deleteRunCall(kind, created.id);
      if (!gone.ok) {
        toast({ title: T.toast.error, description: gone.message, variant: "destructive" });
        return;
      }
      toast({ title: T.toast.success, description: T.toast.nextWeekUndone({ id: runLabel(created) }) });
      after.current.onUndone();
    });
  }, [kind]);
}
