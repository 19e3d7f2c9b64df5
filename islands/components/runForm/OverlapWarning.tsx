import { useEffect, useState } from "react";
import { parseScheduled } from "../../../src/domain/time";
import type { RunKind, Timezone } from "../../../src/shared/enums";
import { T } from "../../../src/shared/text";
import { overlapCall, overlapIds } from "../runPanel/bulkCalls";

/**
 * The non-blocking overlap warning, before saving: asks the server which
 * available runs of the booster (any kind) the planned run(s) would overlap, whenever the
 * booster, dates, time or zone change. Answers of an older question are dropped.
 */
export function OverlapWarning({ kind, boosterId, starts, timezone, excludeId }: {
  kind: RunKind; boosterId: number | null; starts: string[]; timezone: Timezone; excludeId?: number;
}) {
  const [ids, setIds] = useState<string[]>([]);
  const complete = starts.length > 0 && starts.every((s) => parseScheduled(s) !== null);
  const key = complete ? JSON.stringify([kind, boosterId, starts, timezone, excludeId]) : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for every input of the question
  useEffect(() => {
    if (!key) {
      setIds([]);
      return;
    }
    let live = true;
    void overlapCall({ kind, boosterId: boosterId ?? undefined, scheduledDates: starts, timezone, excludeId }).then((r) => {
      if (live) setIds(r.ok ? overlapIds(r.data.warnings) : []);
    });
    return () => { live = false; };
  }, [key]);
  return (
    <div role="status" aria-live="polite">
      {ids.length ? <p className="callout callout--warning overlap-warning">{T.overlap.warning({ ids: ids.join(", ") })}</p> : null}
    </div>
  );
}
