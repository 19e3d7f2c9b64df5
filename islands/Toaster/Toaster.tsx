import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useAtom } from "jotai";
import { SWIPE_THRESHOLD_PX, TOAST_DURATION_MS, rectsOverlap, toastAtom, type ToastMessage } from "../components/toast";
import { useTopDialog } from "../components/dialogStack";
import { T } from "../../src/shared/text";

/**
 * The page's notification region: shows the current toast for 5 s (paused while the
 * pointer is over it or focus is in it, but never past the toast's `closesAt`), dismissed by its close button or a swipe right
 * of 50 px; F8 moves focus to it, and closing the toast from inside gives focus back to where
 * it was. `initial` lets the server raise a toast.
 * While a modal dialog is open the region renders inside the top dialog: anything
 * outside it would be inert, under the backdrop and hidden from screen readers. There it
 * takes its own row under the dialog's footer (CSS), so it covers none of the dialog's
 * controls; on the page it moves between the bottom and the top of the screen so that it
 * never covers the focused control (focus not obscured).
 */
export default function Toaster({ initial }: { initial?: Omit<ToastMessage, "id"> }) {
  const [toast, setToast] = useAtom(toastAtom);
  const region = useRef<HTMLElement>(null);
  const startX = useRef<number | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const dialog = useTopDialog();
  const [atTop, setAtTop] = useState(false);
  const paused = hovered || focused;
  // Where focus was before it entered the region (F8 or Tab): a toast button that closes the
  // toast leaves with it, so focus goes back there instead of dropping to the page body.
  const returnTo = useRef<HTMLElement | null>(null);
  const close = () => {
    const inside = region.current?.contains(document.activeElement) ?? false;
    const back = returnTo.current;
    returnTo.current = null;
    setToast(null);
    if (inside && back?.isConnected) back.focus();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the server's toast is raised once, on mount
  useEffect(() => {
    if (initial) setToast({ ...initial, id: 0 });
  }, []);

  useEffect(() => {
    if (!toast || paused) return;
    const timer = setTimeout(() => setToast((cur) => (cur?.id === toast.id ? null : cur)), toast.durationMs ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, paused, setToast]);

  // A hard deadline ignores the pause: past it the toast's action would only fail.
  useEffect(() => {
    if (toast?.closesAt === undefined) return;
    const timer = setTimeout(() => setToast((cur) => (cur?.id === toast.id ? null : cur)), Math.max(0, toast.closesAt - Date.now()));
    return () => clearTimeout(timer);
  }, [toast, setToast]);

  // Before paint and on every focus move: a toast over the focused control goes to the other edge.
  // In a dialog the toast's row shrinks the scrolling body: the focused control is scrolled back into view.
  useLayoutEffect(() => {
    if (!toast) return;
    if (dialog) {
      const focus = document.activeElement;
      if (focus instanceof HTMLElement && dialog.contains(focus) && !region.current?.contains(focus)) focus.scrollIntoView({ block: "nearest" });
      return;
    }
    const place = () => {
      const box = region.current?.querySelector(".toast")?.getBoundingClientRect();
      const focus = document.activeElement;
      if (!box || !(focus instanceof HTMLElement) || focus === document.body || region.current?.contains(focus)) return;
      if (rectsOverlap(box, focus.getBoundingClientRect())) setAtTop((top) => !top);
    };
    place();
    document.addEventListener("focusin", place);
    return () => document.removeEventListener("focusin", place);
  }, [toast, dialog]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") {
        e.preventDefault();
        const from = document.activeElement;
        if (from instanceof HTMLElement && !region.current?.contains(from)) returnTo.current = from;
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const section = (
    <section
      ref={region} className={`toaster${atTop && !dialog ? " toaster--top" : ""}`} aria-label={T.toast.region} tabIndex={-1}
      onPointerEnter={() => setHovered(true)} onPointerLeave={() => setHovered(false)}
      onFocus={(e) => {
        setFocused(true);
        const from = e.relatedTarget;
        if (from instanceof HTMLElement && !e.currentTarget.contains(from)) returnTo.current = from;
      }}
      onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false); }}
    >
      <div role="status" aria-live="polite" aria-atomic="true">
        {toast ? (
          <div
            className={`toast${toast.variant === "destructive" ? " toast--destructive" : ""}`}
            onPointerDown={(e) => { startX.current = e.clientX; }}
            onPointerUp={(e) => {
              if (startX.current !== null && e.clientX - startX.current >= SWIPE_THRESHOLD_PX) setToast(null);
              startX.current = null;
            }}
          >
            <div>
              <p className="toast__title">{toast.title}</p>
              {toast.description ? <p className="toast__description">{toast.description}</p> : null}
              {toast.action
                ? <button type="button" className="button button--small toast__action" onClick={() => { close(); toast.action!.onClick(); }}>{toast.action.label}</button>
                : null}
            </div>
            <button type="button" className="toast__close button--icon" aria-label={T.toast.dismiss} onClick={close}>×</button>
          </div>
        ) : null}
      </div>
    </section>
  );
  return dialog ? createPortal(section, dialog) : section;
}
