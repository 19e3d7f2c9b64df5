import { useEffect, useRef } from "react";
import { useAtom } from "jotai";
import { SWIPE_THRESHOLD_PX, TOAST_DURATION_MS, toastAtom, type ToastMessage } from "../components/toast";
import { T } from "../../src/shared/text";

/**
 * The page's notification region: shows the current toast for 5 s, dismissed by its close
 * button or a swipe right of 50 px; F8 moves focus to it. `initial` lets the server raise
 * a toast (e.g. the sign-in guard's message).
 */
export default function Toaster({ initial }: { initial?: Omit<ToastMessage, "id"> }) {
  const [toast, setToast] = useAtom(toastAtom);
  const region = useRef<HTMLElement>(null);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    if (initial) setToast({ ...initial, id: 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast((cur) => (cur?.id === toast.id ? null : cur)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, setToast]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") {
        e.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section ref={region} className="toaster" aria-label="Notifications (F8)" tabIndex={-1}>
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
            </div>
            <button type="button" className="toast__close button--icon" aria-label={T.toast.dismiss} onClick={() => setToast(null)}>×</button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
