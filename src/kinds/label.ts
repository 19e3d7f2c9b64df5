// Card labels and the booster text every kind's search shares.
import type { AnyRun } from "../shared/runs";
import { RUN_KINDS } from "./registry";

/** SPEC card fallbacks: display id, else the kind's '{prefix}-{id}' (Desert: 'TDP-{id}'), else '#id'. */
export function runLabel(run: Pick<AnyRun, "id" | "displayId" | "kind">): string {
  if (run.displayId) return run.displayId;
  const prefix = RUN_KINDS[run.kind].fallbackPrefix;
  return prefix ? `${prefix}-${run.id}` : `#${run.id}`;
}

export const boosterText = (r: AnyRun) => `${r.booster.boosterId} ${r.booster.user?.nickname ?? ""} ${r.booster.user?.email ?? ""}`;
