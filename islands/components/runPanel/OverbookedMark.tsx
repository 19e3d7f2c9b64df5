// The staff tables' overbooking warning: beside a run's id when the storefront sold places
// beyond what the run had left (docs/decisions/28-storefront-orders.md). Staff and booster
// pages carry `overbooked` on such rows only; the run's History link names the orders.
import type { AnyRun } from "../../../src/kinds/runs";
import { T } from "../../../src/shared/text";

/** Places sold beyond capacity on this row's run (0 when the page carried none). */
export const overbookedOf = (run: AnyRun): number => ("overbooked" in run && typeof run.overbooked === "number" ? run.overbooked : 0);

export function OverbookedMark({ run }: { run: AnyRun }) {
  const n = overbookedOf(run);
  return n ? <span className="badge badge--warning overbooked-mark">{T.storefront.overbooked({ n })}</span> : null;
}
