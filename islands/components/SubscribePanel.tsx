// The Subscribe panel's contents (islands/components/Subscribe.tsx): the feed of the current
// filters as a webcal:// link, an "Add to Google Calendar" link and the URL to copy. In the
// browser it loads with the first open, hover or focus of the summary; until then the page
// keeps the server's markup of it (which works without JavaScript).
import { useId, useState } from "react";
import { toSearch } from "../../src/domain/calendarFilters";
import { useCalendarText } from "./calendarState";

export type SubscribeProps = {
  /** The game's feed, absolute, without a query. */
  feedUrl: string;
  /** The current filters as query entries (the calendar's own serialization). */
  filters: readonly (readonly [string, string])[];
};

export function SubscribePanel({ feedUrl, filters, hydrated }: SubscribeProps & { hydrated: boolean }) {
  const t = useCalendarText().subscribe;
  const id = useId();
  // The URL last copied: the confirmation stays only while the filters are unchanged.
  const [copied, setCopied] = useState("");
  const url = feedUrl + toSearch(filters);
  const webcal = url.replace(/^https?:/, "webcal:");
  const select = () => (document.getElementById(id) as HTMLInputElement).select();
  return (
    <div className="subscribe__body">
      <p className="muted">{t.hint}</p>
      <div className="row">
        <a className="button button--primary" href={webcal}>{t.webcal}</a>
        <a className="button button--ghost" href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`}
          target="_blank" rel="noopener noreferrer">{t.google}</a>
      </div>
      <label htmlFor={id}>{t.url}</label>
      <div className="subscribe__copy">
        <input id={id} className="input" readOnly value={url} onFocus={select} />
        {/* Without a clipboard (an insecure origin) the field's text is selected for copying by hand. */}
        {hydrated
          ? <button type="button" className="button" onClick={() => (navigator.clipboard?.writeText(url) ?? Promise.reject()).then(() => setCopied(url), select)}>{t.copy}</button>
          : null}
      </div>
      <p className="subscribe__status" role="status">{copied === url ? t.copied : ""}</p>
    </div>
  );
}
