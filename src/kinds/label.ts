// Card labels and the booster text every kind's search shares (no registry import here:
// the kinds' descriptors load this, and the registry loads them).
import type { AnyRun } from "./runs";

/** Card label fallbacks: display id, else '{prefix}-{id}' with the kind's fallback prefix, else '#id'. */
export function labelWith(run: Pick<AnyRun, "id" | "displayId">, prefix: string | null): string {
  if (run.displayId) return run.displayId;
  return prefix ? `${prefix}-${run.id}` : `#${run.id}`;
}

export const boosterText = (r: AnyRun) => `${r.booster.boosterId} ${r.booster.user?.nickname ?? ""} ${r.booster.user?.email ?? ""}`;
