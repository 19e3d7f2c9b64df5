// Run cards of the public calendars: time in the chosen zone, the run's fields,
// badges with tooltips, the booster id and CONTACT US. Each calendar island defines its
// own card on this frame, so a page bundles only the card it shows.
import { useContext, useId, useState, type ReactNode } from "react";
import type { ZoneChoice } from "../../src/domain/calendarFilters";
import { cardTime } from "../../src/domain/cardTime";
import { inPlace, useCalendarText, useEmbed, useHydrated, useMessages } from "./calendarState";
import { ClockContext } from "./clock";
import { preloadContactDialog } from "./ContactHost";
import { RunWhen, SoonAnnouncer } from "./RunWhen";
import { SpotsBadge } from "./SpotsBadge";
import type { Bookable } from "../../src/domain/bookable";
import { canBook } from "../../src/domain/availability";
import { goPath } from "../../src/domain/bookingLink";

/** Opens the contact dialog for a card; the element is where focus returns afterwards. */
export type OnContact = (trigger: HTMLElement) => void;
/** What every card gets from its calendar besides the run. */
export type CardProps<R> = { run: R; zone: ZoneChoice; onContact: OnContact };

/**
 * A badge explained by a tooltip that shows on hover and on keyboard focus (the badge is
 * focusable and describes itself by the tooltip; Escape hides it again).
 */
export function TooltipBadge({ className, label, children }: { className: string; label: string; children: ReactNode }) {
  const id = useId();
  // Escape dismisses the tooltip without moving focus (WCAG 1.4.13); leaving resets it.
  const [dismissed, setDismissed] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the pointer leaving resets the dismissal; keyboard users have onBlur
    <div className="tooltip" onMouseLeave={() => setDismissed(false)}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/noStaticElementInteractions: the badge takes focus so keyboard users can reach its tooltip (WCAG 1.4.13) */}
      <span className={`badge ${className}`} tabIndex={0} aria-describedby={id} onBlur={() => setDismissed(false)}
        onKeyDown={(e) => { if (e.key === "Escape") setDismissed(true); }}>{label}</span>
      <div role="tooltip" id={id} className="tooltip__content" style={dismissed ? { visibility: "hidden" } : undefined}>{children}</div>
    </div>
  );
}

export function Row({ term, children }: { term: string; children: ReactNode }) {
  return <div><dt>{term}</dt><dd>{children}</dd></div>;
}

/**
 * The frame of every run card; each calendar fills in its rows and badges. `state` is the
 * run's booking state: places left show beside the date; a full or closed run's state takes
 * the place of its booking control.
 */
export function CardFrame({ label, title, badge, startsAt, zone, rows, extra, booster, state, onContact }: {
  label: string; title: string; badge?: ReactNode; startsAt: number; zone: ZoneChoice; rows: ReactNode; extra?: ReactNode;
  booster: string; state: Bookable; onContact: OnContact;
}) {
  const t = useCalendarText();
  const said = useMessages();
  const hydrated = useHydrated();
  const clock = useContext(ClockContext);
  // The viewer's own zone is only asked for once it is shown (after hydration).
  const when = cardTime(startsAt, zone, zone === "local" ? clock.zone() : undefined);
  // Short and unique among the cards: 'Contact us about MOP-57'.
  const contactName = said.contactAbout({ id: label });
  const bookable = canBook(state.availability);
  // An embed books in a new tab with its attribution (its other links open new tabs through its <base target>).
  const embed = useEmbed();
  return (
    // data-run: the live stream finds a card by its label (islands/components/liveRuns.ts).
    <li className="card run-card" data-run={label}>
      <div className="run-card__header">
        <a className="run-card__id" href={`${t.prefix}/runs/${label}`}>{label}</a>{badge}
      </div>
      <h2 className="run-card__title">{title}</h2>
      <p className="run-card__time"><time dateTime={when.iso}>{when.time}</time></p>
      {/* Places left sit on the date's line: no extra row, so the first card stays on the first screen. */}
      <p className="run-card__date">{when.date}{bookable && state.spotsLeft !== null ? <SpotsBadge run={state} text={said.availability} /> : null}</p>
      <RunWhen startsAt={startsAt} zone={zone} />
      <dl className="run-card__rows">
        {rows}
      </dl>
      {extra ? <div className="row">{extra}</div> : null}
      <div className="run-card__footer">
        <span className="muted">{t.booster}: <span className="mono">{booster}</span></span>
        {!bookable
          // A full run's Notify me is a form on its page (the card's id links there): no link here,
          // for the calendar's JavaScript budget (docs/decisions/34-visitor-alerts.md).
          ? <SpotsBadge run={state} text={said.availability} />
          : hydrated && !embed
          ? <button type="button" className="button button--primary button--small" aria-label={contactName}
              onPointerEnter={preloadContactDialog} onFocus={preloadContactDialog}
              onClick={(e) => onContact(e.currentTarget)}>{t.contactUs}</button>
          // Without JavaScript there is no dialog, and an embed books in a new tab: the run's booking link.
          : <a className="button button--primary button--small" aria-label={contactName} href={goPath(label, embed ? "embed" : "calendar", embed?.parentOrigin)}
              target="_blank" rel="noopener">{t.contactUs}</a>}
      </div>
    </li>
  );
}

/**
 * The grid of cards, or the kind's empty state with 'Reset filters' when filters are set.
 * The count is announced when filters change it; a run turning 'Starting soon' once.
 */
export function RunGrid({ runs, empty, reset, children }: {
  runs: readonly { label: string; startsAt: number }[]; empty: string; reset: { href: string; onReset: () => void } | null; children: ReactNode;
}) {
  const t = useCalendarText();
  const { runsShown } = useMessages();
  const count = runs.length;
  return (
    <>
      <p className="visually-hidden" aria-live="polite">{runsShown({ n: count })}</p>
      <SoonAnnouncer runs={runs} />
      {count
        ? <ul className="run-grid">{children}</ul>
        : (
          <div className="empty">
            <p>{empty}</p>
            {reset ? <a className="button button--ghost" href={reset.href} onClick={inPlace(reset.onReset)}>{t.resetFilters}</a> : null}
          </div>
        )}
    </>
  );
}
