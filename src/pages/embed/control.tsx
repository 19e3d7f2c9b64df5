// "Embed this calendar": the staff-only control on a calendar page (put in place by the
// page cache's staff variant, src/public/publicResponse.tsx). It shows the snippet for the
// page's filters, server-rendered; the plain script islands/plain/embedSnippet.ts rebuilds it
// from the address bar (the calendar changes its filters in place) and the chosen colours,
// and shows the copy button.
import { useId } from "react";
import { T, locale } from "../../shared/text";
import { isLocale } from "../../shared/i18n/locales";
import { embedSnippet } from "../../shared/embed";

export type EmbedControlProps = {
  origin: string;
  slug: string;
  /** The calendar page's path (the snippet's fallback link). */
  calendarHref: string;
  /** The page's canonical filter query, without `?`. */
  filters: string;
  gameName: string;
};

export function EmbedControl({ origin, slug, calendarHref, filters, gameName }: EmbedControlProps) {
  const id = useId();
  const t = T.embed;
  const linkText = t.fallbackLink({ game: gameName });
  // The pseudo-locale is development only: its snippet loads the English embed.
  const lang = locale();
  const snippetLocale = isLocale(lang) ? lang : undefined;
  return (
    <details className="embed-control">
      <summary className="button button--ghost">{t.control}</summary>
      <div className="embed-control__body" data-embed-snippet="" data-origin={origin} data-slug={slug} data-calendar-href={calendarHref} data-locale={snippetLocale}
        data-link-text={linkText} data-copied={t.copied} data-copy-failed={t.copyFailed}>
        <p className="muted">{t.controlHint}</p>
        <fieldset className="embed-control__themes">
          <legend>{t.themeLabel}</legend>
          {(["auto", "light", "dark"] as const).map((theme) => (
            <label key={theme}>
              <input type="radio" name={`${id}-theme`} value={theme} defaultChecked={theme === "auto"} />
              <span>{t.themes[theme]}</span>
            </label>
          ))}
        </fieldset>
        <label htmlFor={id}>{t.snippetLabel}</label>
        <textarea id={id} className="textarea embed-control__code" readOnly rows={5}
          defaultValue={embedSnippet({ origin, slug, calendarHref, filters, theme: null, linkText, locale: snippetLocale })} />
        <div className="row">
          <button type="button" className="button" data-embed-copy="" hidden>{t.copy}</button>
          <p className="embed-control__status" role="status" />
        </div>
      </div>
    </details>
  );
}
