import { useCallback, useRef } from "react";
import { useToast } from "../../components/toast";
import type { RunKind } from "../../../src/shared/enums";
import type { AnyRun } from "../../../src/kinds/runs";
import { runLabel } from "../../../src/kinds/registry";
import { T } from "../../../src/shared/text";
import { nextWeekCall, overlapIds } from "../../components/runPanel/bulkCalls";

/**
 * The row action "Duplicate to next week": creates the run 7 days later at once (no form),
 * then says so (naming any overlap) and reloads the page. One request at a time.
 */
export function useNextWeek(kind: RunKind, onCreated: () => void) {
  const toast = useToast();
  const busy = useRef(false);
  const created = useRef(onCreated);
  created.current = onCreated;
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
    const overlaps = overlapIds(res.data.warnings);
    const done = T.toast.nextWeek(runLabel(res.data));
    toast({ title: T.toast.success, description: overlaps.length ? `${done}. ${T.overlap.saved(overlaps.join(", "))}` : done });
    created.current();
  }, [kind]);
}
