import { useEffect, useId, useRef, type ReactNode } from "react";
import { T } from "../../src/shared/text";

/**
 * Modal dialog on the native <dialog> element: showModal() makes the rest of the page
 * inert (focus stays inside), Escape closes, the title labels it.
 */
export function Dialog({ open, onClose, title, description, children, footer, wide = false, closeDisabled = false }: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** While an action runs the dialog cannot be dismissed. */
  closeDisabled?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      if (typeof el.showModal === "function") el.showModal();
      else el.setAttribute("open", "");
    } else if (!open && el.open) {
      if (typeof el.close === "function") el.close();
      else el.removeAttribute("open");
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog${wide ? " dialog--wide" : ""}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onCancel={(e) => { e.preventDefault(); if (!closeDisabled) onClose(); }}
      onClick={(e) => { if (e.target === ref.current && !closeDisabled) onClose(); }}
    >
      {open ? (
        <div className="dialog__inner">
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">{title}</h2>
            <button type="button" className="dialog__close button button--icon button--ghost" aria-label={T.contact.close} onClick={onClose} disabled={closeDisabled}>×</button>
          </div>
          {description ? <p id={descId} className="muted">{description}</p> : null}
          <div className="dialog__body">{children}</div>
          {footer ? <div className="dialog__footer">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
