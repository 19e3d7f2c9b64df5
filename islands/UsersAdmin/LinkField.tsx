import { useId, useLayoutEffect, useRef } from "react";
import { useToast } from "../components/toast";
import { T } from "../../src/shared/text";
import { CopyIcon } from "./icons";

/**
 * A freshly made link (invitation, re-issued invitation, password reset), read-only with a
 * copy button. The button takes focus as the link appears: copying it is the next step.
 * `note` says whether the link was also emailed; the button is described by it, so a screen
 * reader hears it with the focus.
 */
export function LinkField({ label, copyLabel, copiedText, link, note }: { label: string; copyLabel: string; copiedText: string; link: string; note?: string }) {
  const id = useId();
  const noteId = useId();
  const toast = useToast();
  const copyButton = useRef<HTMLButtonElement>(null);
  // In the commit that shows the link (it only appears after an action, never in server HTML).
  useLayoutEffect(() => copyButton.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: copiedText });
    } catch {
      toast({ title: T.invite.copyFailed, variant: "destructive" });
    }
  }

  return (
    <div className="field">
      {note ? <p id={noteId} className="callout" style={{ margin: "0 0 8px" }}>{note}</p> : null}
      <label className="field__label" htmlFor={id}>{label}</label>
      <div className="row" style={{ flexWrap: "nowrap" }}>
        <input id={id} className="input" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
        <button ref={copyButton} type="button" className="button button--icon" aria-label={copyLabel} title={copyLabel} onClick={copy}
          aria-describedby={note ? noteId : undefined}>
          <CopyIcon />
        </button>
      </div>
    </div>
  );
}
