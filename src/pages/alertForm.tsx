// The visitor alert forms (docs/decisions/34-visitor-alerts.md, "The forms"): plain HTML that
// posts to /alerts without JavaScript and that islands/plain/alerts.ts sends to /api/alerts in
// place. Static markup only: the pages holding them are cached and served to every visitor;
// the no-JavaScript result (`?alert=<flag>`) is a page variant of its own (AlertResult).
import { T } from "../shared/text";
import { localHref } from "../shared/i18n/href";
import { ALERT_FORM_PARAM, REMINDER_LEAD_MS, alertFormResultOf, type AlertFormResult } from "../shared/alerts";
import type { Availability, RunStatus } from "../shared/enums";

/** What a form asks for: places on a full run, a reminder of a run, or new runs of a calendar view. */
export type AlertTarget =
  | { type: "spot" | "reminder"; run: string }
  | { type: "new-runs"; calendar: string; filters: string };

const F = T.alerts.form;
// Read per render, not once at import: T speaks the request's locale only when it is read.
const words = (type: AlertTarget["type"]) => ({
  spot: { title: F.notifyMe, hint: F.notifyMeHint },
  reminder: { title: F.remindMe, hint: F.remindMeHint },
  "new-runs": { title: F.newRuns, hint: F.newRunsHint },
})[type];

/** The few words the plain script says itself (a data attribute: no catalogue ships). */
const scriptText = () => JSON.stringify({ sending: T.alertForm.sending, failed: T.alertForm.failed });

/**
 * One alert form in its own card. `back` is the page's own path in its language (with the
 * calendar's canonical query): where POST /alerts returns with its result flag. The form posts
 * under the page's prefix (/de/alerts), so the alert is made in the page's language.
 */
export function AlertForm({ target, back }: { target: AlertTarget; back: string }) {
  const { title, hint } = words(target.type);
  const id = `alert-${target.type}`;
  return (
    <section className="card stack alert-form" id={id} aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`}>{title}</h2>
        <p className="muted">{hint}</p>
      </div>
      <form method="post" action={localHref("/alerts")} data-alert="" data-text={scriptText()} aria-labelledby={`${id}-title`}>
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
          <label className="field__label" htmlFor={`${id}-email`}>{F.email}</label>
          <div className="alert-form__row">
            <input id={`${id}-email`} className="input" type="email" name="email" required maxLength={254} autoComplete="email"
              aria-describedby={`${id}-help ${id}-status`} />
            <button type="submit" className="button button--primary">{F.submit}</button>
          </div>
          <p id={`${id}-help`} className="field__help">{F.consent}</p>
        </div>
        {/* A polite live region, present (empty) from the start so its message is read when it appears. */}
        <div id={`${id}-status`} role="status" data-alert-status="" />
      </form>
    </section>
  );
}

/** Which alert forms a run's page offers. */
export type AlertOffers = { notify: boolean; remind: boolean };
export const NO_ALERTS: AlertOffers = { notify: false, remind: false };

/**
 * A full run offers "Notify me"; a run that has not started, while more than the reminder's
 * lead is left at render time, "Remind me". The page is rendered again at the booking cutoff
 * and at the start (the read model's expiry), not at start − 1 h: between the two the API
 * answers that the run starts too soon.
 */
export function alertOffers(run: { availability: Availability; status: RunStatus; startsAt: string }, now: number): AlertOffers {
  return { notify: run.availability === "full", remind: run.status === "available" && Date.parse(run.startsAt) - now > REMINDER_LEAD_MS };
}

/** The result flag of a page request (`?alert=sent` after a plain form post), or null. */
export const alertResultOf = (url: URL): AlertFormResult | null => alertFormResultOf(url.searchParams.get(ALERT_FORM_PARAM));

/**
 * The page's cache key for a result flag: its own entry per flag (five at most per page), so
 * the plain page every visitor gets never carries one visitor's result.
 */
export const withAlertResult = (key: string, result: AlertFormResult | null): string =>
  result ? `${key}${key.includes("?") ? "&" : "?"}${ALERT_FORM_PARAM}=${result}` : key;

/**
 * What POST /alerts came back to say, above the page's first alert form: the element with
 * id `alert`, which its redirect's fragment scrolls to. Only "sent" is a success.
 */
export function AlertResult({ result }: { result: AlertFormResult | null }) {
  if (!result) return null;
  return (
    <div id="alert" className="alert-result" role="status" tabIndex={-1}>
      <p className={`form-status form-status--${result === "sent" ? "success" : "error"}`}>{T.alerts.result[result]}</p>
    </div>
  );
}
