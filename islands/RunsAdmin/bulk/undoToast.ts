// The one way a run panel offers Undo after a destructive action: a toast with an Undo
// button for as long as the server keeps the undo record (src/api/runs/bulk.ts), used by
// the bulk bar, a row's Delete and "Duplicate to next week".
import { useToast } from "../../components/toast";
import type { RunKind } from "../../../src/shared/enums";
import { T } from "../../../src/shared/text";
import { undoCall } from "../../components/runPanel/bulkCalls";

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

/** Shows "done" with an Undo that runs `undo()` until `expiresAt`; the pressed Undo leaves with its toast, so focus goes to `focusAfter()`. */
export function useUndoOffer(focusAfter: () => HTMLElement | null) {
  const toast = useToast();
  return (done: string, expiresAt: string | undefined, undo: () => Promise<void>) => {
    const closesAt = undoClosesAt(expiresAt, Date.now());
    toast({
      title: T.toast.success, description: done, durationMs: closesAt - Date.now(), closesAt,
      action: {
        label: T.bulk.undo,
        onClick: () => void undo().then(() => {
          // Unless focus has gone on elsewhere meanwhile.
          if (!document.activeElement || document.activeElement === document.body) focusAfter()?.focus();
        }),
      },
    });
  };
}

/** Undo for a bulk action's answer (a bulk delete, expire or shift, or one row's delete): restores the runs, then `onUndone()`. */
export function useBulkUndo(kind: RunKind, onUndone: () => void, focusAfter: () => HTMLElement | null) {
  const toast = useToast();
  const offer = useUndoOffer(focusAfter);
  return (done: string, answer: { undoToken: string; expiresAt: string }) => offer(done, answer.expiresAt, async () => {
    const res = await undoCall(kind, answer.undoToken);
    if (!res.ok) {
      toast({ title: T.toast.error, description: res.message, variant: "destructive" });
      return;
    }
    toast({ title: T.toast.success, description: T.bulk.undone({ n: res.data.count }) });
    onUndone();
  });
}
