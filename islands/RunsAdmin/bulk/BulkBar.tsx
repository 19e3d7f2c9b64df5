import { useId, useState } from "react";
import { Dialog, useFocusAfterDone } from "../../components/Dialog";
import { useToast } from "../../components/toast";
import type { RunKind } from "../../../src/shared/enums";
import type { BulkAction } from "../../../src/shared/schemas/bulk";
import { T } from "../../../src/shared/text";
import type { PanelMode } from "../../components/runForm/formTypes";
import { bulkCall, undoCall } from "../../components/runPanel/bulkCalls";

/** The undo toast stays as long as the server keeps the undo record (src/api/runs/bulk.ts). */
export const UNDO_TOAST_MS = 10_000;

/**
 * When the undo toast must close: the answer's `expiresAt` when it lies within the next 10 s
 * on this browser's clock, otherwise (absent, unreadable, or a clock set apart from the
 * server's) 10 s from the answer.
 */
export function undoClosesAt(expiresAt: string | undefined, now: number): number {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  return at > now && at <= now + UNDO_TOAST_MS ? at : now + UNDO_TOAST_MS;
}

/**
 * The bar over a run table while runs are selected: expire (staff), shift, delete, each
 * after a confirmation; then a toast whose Undo restores the runs for 10 seconds.
 */
export function BulkBar({ kind, mode, selected, onClear, onChanged, focusAfter }: {
  kind: RunKind; mode: PanelMode; selected: ReadonlySet<number>; onClear: () => void; onChanged: () => void;
  /** The bar (the dialog's opener) leaves with the selection, and the toast's Undo with the toast: where focus goes then. */
  focusAfter: () => HTMLElement | null;
}) {
  const toast = useToast();
  const focus = useFocusAfterDone(focusAfter);
  const [action, setAction] = useState<BulkAction | null>(null);
  const [shift, setShift] = useState({ days: "7", hours: "0" });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const n = selected.size;
  if (!n && !action) return null;

  async function undo(token: string) {
    const res = await undoCall(kind, token);
    // The pressed Undo left with its toast: unless focus has gone on elsewhere, it goes back to the panel.
    if (!document.activeElement || document.activeElement === document.body) focusAfter()?.focus();
    if (!res.ok) {
      toast({ title: T.toast.error, description: res.message, variant: "destructive" });
      return;
    }
    toast({ title: T.toast.success, description: T.bulk.undone(res.data.count) });
    onChanged();
  }

  async function confirm() {
    if (!action || pending) return;
    // The server checks the numbers (src/shared/schemas/bulk.ts) and answers its message here;
    // the panel's first chunk stays free of the validation library.
    const body = { action, ids: [...selected], ...(action === "shift" ? { days: Number(shift.days || 0), hours: Number(shift.hours || 0) } : {}) };
    setPending(true);
    const res = await bulkCall(kind, body);
    setPending(false);
    if (!res.ok) {
      setError(res.message);
      return;
    }
    const token = res.data.undoToken;
    focus.done();
    setAction(null);
    onClear();
    onChanged();
    const closesAt = undoClosesAt(res.data.expiresAt, Date.now());
    toast({
      title: T.toast.success, description: T.bulk.done[res.data.action](res.data.count), durationMs: closesAt - Date.now(), closesAt,
      action: { label: T.bulk.undo, onClick: () => void undo(token) },
    });
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
            <span aria-live="polite">{T.bulk.selected(n)}</span>
            {mode === "admin" ? <button type="button" className="button button--small" onClick={() => open("expire")}>{T.bulk.expire}</button> : null}
            <button type="button" className="button button--small" onClick={() => open("shift")}>{T.bulk.shift}</button>
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
          <p>{action ? T.bulk.confirmText[action](n) : null}</p>
          {action === "shift"
            ? (
              <div className="form-grid" style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(8rem, 1fr))", gap: "1rem" }}>
                {shiftField("days", T.bulk.days)}
                {shiftField("hours", T.bulk.hours)}
                <p id={`${id}-shift-help`} className="field__help">{T.bulk.shiftHelp}</p>
              </div>
            )
            : null}
          <div role="alert">{error ? <p className="field__error">{error}</p> : null}</div>
        </div>
      </Dialog>
    </>
  );
}
