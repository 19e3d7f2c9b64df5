import type { SellThrough } from "../../src/shared/schemas/responses";
import { T } from "../../src/shared/text";

const S = T.staffCapacity;

/**
 * The booster's sell-through in one line beside the panel's title: places taken of those
 * offered over their upcoming runs that track places, and the share as a meter.
 */
export function SellThroughFigure({ value }: { value: SellThrough }) {
  if (value.offered === 0) return <p className="muted sell-through" style={{ margin: 0, fontSize: ".875rem" }}>{S.sellThrough}: {S.sellThroughNone}</p>;
  const share = Math.round((value.taken / value.offered) * 100);
  return (
    <p className="sell-through" style={{ margin: 0, fontSize: ".875rem", display: "flex", alignItems: "center", gap: ".5rem", flexWrap: "wrap" }}>
      <strong>{S.sellThrough}: {share}%</strong>
      <meter min={0} max={value.offered} value={value.taken} aria-hidden="true" style={{ width: "5rem" }} />
      <span className="muted">{S.sellThroughFigure({ taken: value.taken, offered: value.offered })} {S.sellThroughRuns({ runs: value.runs })}</span>
    </p>
  );
}
