import { useId, useState } from "react";
import { Dialog, useFocusAfterDone } from "../../components/Dialog";
import { SPOTS_MAX, type RunKind } from "../../../src/shared/enums";
import type { BulkAction } from "../../../src/shared/schemas/bulk";
import { T } from "../../../src/shared/text";
import type { PanelMode } from "../../components/runForm/formTypes";
import { bulkCall } from "../../components/runPanel/bulkCalls";
import { useBulkUndo } from "./undoToast";

/**
 * The bar over a run table while runs are selected: expire (staff), shift, set spots, delete,
 * each after a confirmation; then a toast whose Undo restores the runs for 10 seconds.
 */
export function BulkBar({ kind, mode, selected, onClear, onChanged, focusAfter }: {
  kind: RunKind; mode: PanelMode; selected: ReadonlySet<number>; onClear: () => void; onChanged: () => void;
  /** The bar (the dialog's opener) leaves with the selection, and the toast's Undo with the toast: where focus goes then. */
  focusAfter: () => HTMLElement | null;
}) {
  const focus = useFocusAfterDone(focusAfter);
  const offerUndo = useBulkUndo(kind, onChanged, focusAfter);
  const [action, setAction] = useState<BulkAction | null>(null);
  const [shift, setShift] = useState({ days: "7", hours: "0" });
  // Empty: stop tracking places (null), as in the run form.
  const [spots, setSpots] = useState("10");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const n = selected.size;
  if (!n && !action) return null;

  async function confirm() {
    if (!action || pending) return;
    // The server checks the numbers (src/shared/schemas/bulk.ts) and answers its message here;
    // the panel's first chunk stays free of the validation library.
    const body = {
      action, ids: [...selected],
      ...(action === "shift" ? { days: Number(shift.days || 0), hours: Number(shift.hours || 0) } : {}),
      ...(action === "spots" ? { spots: spots.trim() === "" ? null : Number(spots.trim()) } : {}),
    };
    setPending(true);
    const res = await bulkCall(kind, body);
    setPending(false);
    if (!res.ok) {
      setError(res.message);
      return;
    }
    focus.done();
    setAction(null);
    onClear();
    onChanged();
    offerUndo(T.bulk.done[res.data.action]({ n: res.data.count }), res.data);
  }

  const open = (a: BulkAction) => {
    setError(null);
    setAction(a);
  };
  const shiftField = (key: "days" | "hours", label: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} className="input" type="number" inputMode="numeric" step={1} value={shift[key]}
        aria-describedby={`${id}-shift-help`} aria-invalid={error ? true : undefined}
        onChange={(e) => setShift((s) => ({ ...s, [key]: e.target.value }))} />
    </div>
  );

  return (
    <>
      {n
        ? (
          // biome-ignore lint/a11y/useSemanticElements: a toolbar of buttons, named by its count
          <div className="bulk-bar" role="group" aria-label={T.bulk.actions}>
            <span aria-live="polite">{T.bulk.selected({ n })}</span>
            {mode === "admin" ? <button type="button" className="button button--small" onClick={() => open("expire")}>{T.bulk.expire}</button> : null}
            <button type="button" className="button button--small" onClick={() => open("shift")}>{T.bulk.shift}</button>
            <button type="button" className="button button--small" onClick={() => open("spots")}>{T.bulk.setSpots}</button>
            <button type="button" className="button button--small button--danger" onClick={() => open("delete")}>{T.bulk.delete}</button>
            <button type="button" className="button button--small button--ghost" onClick={onClear}>{T.bulk.clear}</button>
          </div>
        )
        : null}
      <Dialog
        open={action !== null} onClose={() => setAction(null)} closeDisabled={pending} restoreFocus={focus.restoreFocus}
        title={action ? T.bulk.confirmTitle[action] : ""}
        footer={(
          <>
            <button type="button" className="button button--ghost" onClick={() => setAction(null)} disabled={pending}>{T.bulk.cancel}</button>
            <button type="button" className={`button ${action === "delete" ? "button--danger" : "button--primary"}`} onClick={() => void confirm()} disabled={pending} aria-busy={pending}>
              {action ? T.bulk.confirm[action] : ""}
            </button>
          </>
        )}
      >
        <div className="stack">
          <p>{action ? T.bulk.confirmText[action]({ n }) : null}</p>
          {action === "shift"
            ? (
              <div className="form-grid" style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(8rem, 1fr))", gap: "1rem" }}>
                {shiftField("days", T.bulk.days)}
                {shiftField("hours", T.bulk.hours)}
                <p id={`${id}-shift-help`} className="field__help">{T.bulk.shiftHelp}</p>
              </div>
            )
            : null}
          {action === "spots"
            ? (
              <div className="field">
                <label className="field__label" htmlFor={`${id}-spots`}>{T.bulk.spots}</label>
                <input id={`${id}-spots`} className="input" type="number" inputMode="numeric" step={1} min={1} max={SPOTS_MAX} value={spots}
                  aria-describedby={`${id}-spots-help`} aria-invalid={error ? true : undefined}
                  onChange={(e) => setSpots(e.target.value)} />
                <p id={`${id}-spots-help`} className="field__help">{T.bulk.spotsHelp}</p>
              </div>
            )
            : null}
          <div role="alert">{error ? <p className="field__error">{error}</p> : null}</div>
        </div>
      </Dialog>
    </>
  );
}
