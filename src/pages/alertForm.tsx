// The visitor alert forms (docs/decisions/34-visitor-alerts.md, "The forms"): plain HTML that
// posts to /alerts without JavaScript and that islands/plain/alerts.ts sends to /api/alerts in
// place. Static markup only: the pages holding them are cached and served to every visitor.
import { T } from "../shared/text";

/** What a form asks for: places on a full run, a reminder of a run, or new runs of a calendar view. */
export type AlertTarget =
  | { type: "spot" | "reminder"; run: string }
  | { type: "new-runs"; calendar: string; filters: string };

const WORDS = {
  spot: T.alertForm.spot,
  reminder: T.alertForm.reminder,
  "new-runs": { ...T.alertForm.newRuns, text: () => T.alertForm.newRuns.text },
} as const;

/** The few words the plain script says itself (a data attribute: no catalogue ships). */
const SCRIPT_TEXT = JSON.stringify({ sending: T.alertForm.sending, failed: T.alertForm.failed });

/**
 * One alert form in its own card. `back` is the page's own path (with the calendar's
 * canonical query): where the no-JavaScript answer links back to.
 */
export function AlertForm({ target, back }: { target: AlertTarget; back: string }) {
  const words = WORDS[target.type];
  const id = `alert-${target.type}`;
  return (
    <section className="card stack alert-form" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{words.title}</h2>
      <p className="muted">{words.text("run" in target ? target.run : "")}</p>
      <form method="post" action="/alerts" data-alert="" data-text={SCRIPT_TEXT} aria-labelledby={`${id}-title`}>
        <input type="hidden" name="type" value={target.type} />
        {"run" in target
          ? <input type="hidden" name="run" value={target.run} />
          : (
            <>
              <input type="hidden" name="calendar" value={target.calendar} />
              {/* With JavaScript the calendar filters in place: the script sends the address bar's query instead. */}
              <input type="hidden" name="filters" value={target.filters} />
            </>
          )}
        <input type="hidden" name="back" value={back} />
        <div className="field">
          <label className="field__label" htmlFor={`${id}-email`}>{T.alertForm.email}</label>
          <div className="alert-form__row">
            <input id={`${id}-email`} className="input" type="email" name="email" required maxLength={254} autoComplete="email"
              aria-describedby={`${id}-help ${id}-status`} />
            <button type="submit" className="button button--primary">{words.submit}</button>
          </div>
          <p id={`${id}-help`} className="field__help">{T.alertForm.emailHelp}</p>
        </div>
        {/* A polite live region, present (empty) from the start so its message is read when it appears. */}
        <div id={`${id}-status`} role="status" data-alert-status="" />
      </form>
    </section>
  );
}
