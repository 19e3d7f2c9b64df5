import { useId, useState } from "react";
import type { GameRow } from "../../src/shared/types";
import { T } from "../../src/shared/text";
import { BOOKING_CUTOFF_MAX } from "../../src/shared/enums";
import { bookingCutoffSchema } from "../../src/shared/schemas/games";

const S = T.staffCapacity;

/**
 * The owner's booking cutoff of a game: minutes before a run starts when booking closes.
 * Checked with the API's own schema before saving; the message shows under the field.
 */
export function CutoffControl({ game, helpId, busy, onSave }: {
  game: GameRow;
  /** The help line the Games tab shows once above the list. */
  helpId: string;
  busy: boolean;
  /** Saves; answers the server's message on failure, null once saved. */
  onSave: (minutes: number) => Promise<string | null>;
}) {
  const id = useId();
  const [text, setText] = useState(String(game.bookingCutoffMinutes));
  const [error, setError] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = bookingCutoffSchema.safeParse({ bookingCutoffMinutes: text.trim() === "" ? Number.NaN : Number(text.trim()) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? T.validation.bookingCutoffInvalid);
      return;
    }
    setError(null);
    setError(await onSave(parsed.data.bookingCutoffMinutes));
  }

  return (
    <form className="row webhook cutoff" style={{ gap: ".5rem", flexWrap: "wrap" }} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id} className="muted" style={{ fontSize: ".875rem" }}>
        {S.cutoff}<span className="visually-hidden"> {S.cutoffFor({ name: game.name })}</span>
      </label>
      <input
        id={id} className="input" type="number" inputMode="numeric" step={1} min={0} max={BOOKING_CUTOFF_MAX} value={text}
        style={{ width: "5.5rem", minHeight: 0, paddingBlock: ".25rem" }}
        aria-invalid={error ? true : undefined} aria-describedby={`${helpId}${error ? ` ${id}-error` : ""}`}
        onChange={(e) => setText(e.target.value)}
      />
      <span className="muted" style={{ fontSize: ".875rem" }}>{S.cutoffUnit}</span>
      <button type="submit" className="button button--ghost button--small" aria-label={S.cutoffSaveFor({ name: game.name })} disabled={busy} aria-busy={busy}>
        {S.cutoffSave}
      </button>
      {error ? <p id={`${id}-error`} className="field__error" role="alert" style={{ flexBasis: "100%", margin: 0 }}>{error}</p> : null}
    </form>
  );
}
