import { createContext, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import { T } from "../../src/shared/text";
import { pushDialog, removeDialog } from "./dialogStack";

// Server rendering has no layout: the plain effect avoids React's warning there.
const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** Focus an element if it can still take focus (in the document, not disabled). */
function tryFocus(el: Element | null | undefined): boolean {
  if (!(el instanceof HTMLElement) || !el.isConnected || el.matches(":disabled")) return false;
  el.focus();
  return document.activeElement === el;
}

/** What a dialog's content reaches of it: say it holds unsaved input, and ask to close. */
type DialogGuard = { holdUnsaved: (holding: boolean) => void; requestClose: () => void };
const GuardContext = createContext<DialogGuard | null>(null);

/**
 * A form inside a Dialog says whether it holds unsaved input; while it does, Escape, the
 * backdrop, the close button and Cancel (useDialogCancel) ask "Discard changes?" first.
 */
export function useUnsavedInput(holding: boolean): void {
  const guard = useContext(GuardContext);
  useEffect(() => {
    if (!guard) return;
    guard.holdUnsaved(holding);
    return () => guard.holdUnsaved(false);
  }, [guard, holding]);
}

/** A Cancel button's action inside a Dialog: the dialog's guarded close, or `onCancel` outside one. */
export function useDialogCancel(onCancel: () => void): () => void {
  return useContext(GuardContext)?.requestClose ?? onCancel;
}

/**
 * Modal dialog on the native <dialog> element: showModal() makes the rest of the page
 * inert (focus stays inside), Escape closes the top dialog only, the title labels it.
 * Focus goes back to the control that opened it however it closes (or unmounts), or to
 * `restoreFocus()` when that names a better place (e.g. after the opener's row was deleted).
 */
export function Dialog({ open, onClose, title, description, children, footer, wide = false, closeDisabled = false, restoreFocus, dirty = false, initialFocus }: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** While an action runs the dialog cannot be dismissed. */
  closeDisabled?: boolean;
  /** Where focus goes on close instead of the opener; null/undefined keeps the opener. */
  restoreFocus?: () => HTMLElement | null | undefined;
  /** The dialog holds unsaved input (its content can say so too, with useUnsavedInput): closing asks first. */
  dirty?: boolean;
  /** The control that takes focus on opening instead of the first one. */
  initialFocus?: RefObject<HTMLElement | null>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [holding, setHolding] = useState(false);
  const [asking, setAsking] = useState(false);
  const [discarded, setDiscarded] = useState(false);
  const unsaved = dirty || holding;
  const closeNow = useRef(onClose);
  closeNow.current = onClose;
  const guardedClose = useRef(() => {});
  guardedClose.current = () => {
    if (closeDisabled) return;
    if (unsaved) setAsking(true);
    else onClose();
  };
  const guard = useMemo<DialogGuard>(() => ({ holdUnsaved: setHolding, requestClose: () => guardedClose.current() }), []);
  // Discard closes the question first (focus goes back into this dialog), then this dialog.
  useEffect(() => {
    if (!discarded || asking) return;
    setDiscarded(false);
    closeNow.current();
  }, [discarded, asking]);
  const keepEditing = useRef<HTMLButtonElement>(null);
  // True from showModal() until this component closes the dialog itself.
  const shown = useRef(false);
  const inner = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const restore = useRef(restoreFocus);
  restore.current = restoreFocus;
  const titleId = useId();
  const descId = useId();

  useIsoLayoutEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    opener.current = document.activeElement;
    if (!el.open) {
      if (typeof el.showModal === "function") el.showModal();
      else el.setAttribute("open", "");
    }
    pushDialog(el);
    shown.current = true;
    initialFocus?.current?.focus();
    // Runs when the dialog closes or its owner unmounts it (e.g. the run form).
    return () => {
      shown.current = false;
      removeDialog(el);
      if (el.open) {
        if (typeof el.close === "function") el.close();
        else el.removeAttribute("open");
      }
      if (!tryFocus(restore.current?.())) tryFocus(opener.current);
      opener.current = null;
    };
  }, [open]);

  // A pending action disables the focused button, which would drop focus to the page
  // body: keep it inside the dialog meanwhile, and give it back when the action ends.
  // (In the effect body, not a cleanup: React restores the pre-commit focus after
  // cleanups run.)
  const beforePending = useRef<Element | null>(null);
  useIsoLayoutEffect(() => {
    const el = ref.current;
    if (!open || !el) return;
    const active = document.activeElement;
    if (closeDisabled) {
      if (active && el.contains(active) && !active.matches(":disabled")) return;
      beforePending.current = active;
      inner.current?.focus();
    } else if (beforePending.current) {
      if (active === inner.current) tryFocus(beforePending.current);
      beforePending.current = null;
    }
  }, [open, closeDisabled]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; the keyboard's way is Escape (onCancel) or the close button
    <dialog
      ref={ref}
      className={`dialog${wide ? " dialog--wide" : ""}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      // React bubbles `cancel` through the component tree: a nested dialog's Escape must
      // not close this one too.
      onCancel={(e) => {
        if (e.target !== ref.current) return;
        e.preventDefault();
        // Chrome makes a repeated Escape's cancel uncancelable (no user activation since the
        // last one) and closes the dialog anyway: onClose below then takes the request.
        if (e.nativeEvent.cancelable) guard.requestClose();
      }}
      // Closed by the browser, not by us: show it again and ask as Escape would have.
      onClose={(e) => {
        const el = ref.current;
        if (e.target !== el || !el || !shown.current || el.open) return;
        if (typeof el.showModal === "function") el.showModal();
        guard.requestClose();
      }}
      onClick={(e) => { if (e.target === ref.current) guard.requestClose(); }}
    >
      {open ? (
        <div className="dialog__inner" ref={inner} tabIndex={-1}>
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">{title}</h2>
            <button type="button" className="dialog__close button button--icon button--ghost" aria-label={T.contact.close} onClick={guard.requestClose} disabled={closeDisabled}>×</button>
          </div>
          {description ? <p id={descId} className="muted">{description}</p> : null}
          <GuardContext.Provider value={guard}>
            <div className="dialog__body">{children}</div>
            {footer ? <div className="dialog__footer">{footer}</div> : null}
          </GuardContext.Provider>
          {asking ? (
            <Dialog open onClose={() => setAsking(false)} title={T.dialog.discardTitle} initialFocus={keepEditing}
              footer={<>
                <button type="button" className="button button--primary" ref={keepEditing} onClick={() => setAsking(false)}>{T.dialog.keepEditing}</button>
                <button type="button" className="button button--danger" onClick={() => { setDiscarded(true); setAsking(false); }}>{T.dialog.discard}</button>
              </>}>
              <p>{T.dialog.discardBody}</p>
            </Dialog>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** One call at a time for a dialog's action: `pending` while `call(fn)` runs; a call made meanwhile is dropped (undefined). */
export function usePendingCall() {
  const [pending, setPending] = useState(false);
  async function call<R>(fn: () => Promise<R>): Promise<R | undefined> {
    if (pending) return undefined;
    setPending(true);
    try {
      return await fn();
    } finally {
      setPending(false);
    }
  }
  return { pending, call };
}

/**
 * For a dialog whose opener leaves with what it acted on (a deleted row): call `done()`
 * after the action, and the dialog's `restoreFocus` then sends focus to `target()`.
 */
export function useFocusAfterDone(target: () => HTMLElement | null) {
  const done = useRef(false);
  return {
    done: () => { done.current = true; },
    restoreFocus: () => {
      const after = done.current;
      done.current = false;
      return after ? target() : null;
    },
  };
}

/**
 * A confirmation's footer: Cancel, then the action, both disabled while it runs. Once the
 * action has a result to show (`doneLabel`, e.g. a new link), one button closes the dialog.
 */
export function ConfirmActions({ cancelLabel, onCancel, label, busyLabel = label, pending, danger = false, onConfirm, doneLabel }: {
  cancelLabel: string; onCancel: () => void; label: string; busyLabel?: string; pending: boolean; danger?: boolean; onConfirm: () => void;
  doneLabel?: string | null;
}) {
  if (doneLabel) return <button type="button" className="button button--primary" onClick={onCancel}>{doneLabel}</button>;
  return (
    <>
      <button type="button" className="button button--ghost" onClick={onCancel} disabled={pending}>{cancelLabel}</button>
      <button type="button" className={`button ${danger ? "button--danger" : "button--primary"}`} onClick={onConfirm} disabled={pending} aria-busy={pending}>
        {pending ? busyLabel : label}
      </button>
    </>
  );
}

/**
 * A confirmation: the question as children, Cancel and the action in the footer
 * (ConfirmActions); it cannot be dismissed while the action runs.
 */
export function ConfirmDialog({ open, title, onClose, restoreFocus, children, ...actions }: Omit<Parameters<typeof ConfirmActions>[0], "onCancel"> & {
  open: boolean; title: string; onClose: () => void; restoreFocus?: () => HTMLElement | null; children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} closeDisabled={actions.pending} restoreFocus={restoreFocus} title={title}
      footer={<ConfirmActions {...actions} onCancel={onClose} />}>
      {children}
    </Dialog>
  );
}
