// /runs/{displayId}: everything the card and the contact dialog show, the full class
// restrictions, the booking button (through /go) and a share control. Server-rendered; the
// only script is the share control's small plain module.
import { Layout } from "../layout";
import { T } from "../../shared/text";
import { localHref } from "../../shared/i18n/href";
import { GAME_IDS } from "../../shared/enums";
import type { AnyRun } from "../../kinds/runs";
import type { GameRow, Viewer } from "../../shared/types";
import { cardTime } from "../../domain/cardTime";
import type { PageResult } from "../pageResponse";
import type { PublicRun } from "../../readModel/runPages";
import type { CalendarGame } from "../../kinds/calendarLookup";
import { runName, runZone } from "../../kinds/runNames";
import { RUN_KINDS } from "../../kinds/registry";
import { canBook } from "../../domain/availability";
import { availabilityText } from "../../shared/availabilityText";
import { SpotsBadge } from "../../../islands/components/SpotsBadge";
import type { LiveRun } from "../../readModel/liveViews";
import { goPath } from "../../domain/bookingLink";
import { AddToCalendar, type CalendarLinks } from "../../../islands/components/AddToCalendar";
import { AlertForm, AlertResult, type AlertOffers } from "../alertForm";
import type { AlertFormResult } from "../../shared/alerts";

function Breadcrumb({ game, parent, id }: { game: GameRow; parent: GameRow | null; id?: string }) {
  const category = parent?.id === GAME_IDS.wow ? T.calendar.wow : parent?.id === GAME_IDS.d2 ? T.calendar.d2 : null;
  const calendar = localHref(parent ? `/category/${parent.slug}/${game.slug}` : `/game/${game.slug}`);
  return (
    <nav className="breadcrumb" aria-label={T.calendar.breadcrumb}>
      <ol>
        {parent && category ? <li><a href={localHref(`/category/${parent.slug}`)}>{category}</a></li> : null}
        <li><a href={calendar}>{game.name}</a></li>
        {id ? <li><span aria-current="page">{T.run.breadcrumb({ id })}</span></li> : null}
      </ol>
    </nav>
  );
}

/** The rows of the contact dialog and the card: the kind's details. */
const detailRows = (run: AnyRun): [string, string][] => (RUN_KINDS[run.kind].details as (r: AnyRun) => [string, string][])(run);

type DetailTable = { title: string; head: string[]; rows: string[][]; empty: string };

/** The table the kind adds after the details (a raid run's class restrictions), if any. */
function KindTable({ run }: { run: AnyRun }) {
  const table = (RUN_KINDS[run.kind] as { detailTable?: (r: AnyRun) => DetailTable }).detailTable?.(run);
  if (!table) return null;
  return (
    <section className="card stack" aria-labelledby="restrictions">
      <h2 id="restrictions">{table.title}</h2>
      {table.rows.length
        ? (
          <div className="table-wrap">
            <table className="table restrictions">
              <thead><tr>{table.head.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
              <tbody>
                {table.rows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no id and are never reordered
                  <tr key={i}>{row.map((cell, j) => <td key={j}>{cell}</td>)}</tr>
                ))}
              </tbody>
            </table>
          </div>
        )
        : <p><span className="badge badge--success">{table.empty}</span></p>}
    </section>
  );
}

/** Copy link (and the Web Share API where there is one): plain HTML that the `share` script enhances. */
function Share({ url, title }: { url: string; title: string }) {
  return (
    <section className="card stack share" aria-labelledby="share" data-share data-title={title}
      data-copied={T.run.copied} data-copy-failed={T.run.copyFailed}>
      <h2 id="share">{T.run.share}</h2>
      <label className="field__label" htmlFor="share-url">{T.run.shareLink}</label>
      <input id="share-url" className="input mono" type="url" readOnly value={url} />
      <div className="row">
        <button type="button" className="button button--ghost button--small" data-share-copy hidden>{T.run.copyLink}</button>
        <button type="button" className="button button--ghost button--small" data-share-native hidden>{T.run.shareNative}</button>
      </div>
      <p className="muted" role="status" data-share-status></p>
    </section>
  );
}

/**
 * What the run page's live script (islands/plain/live.ts) follows: the stream, the state the
 * page was rendered with, the texts it may show, a polite live region and the notice for a
 * run that is no longer offered.
 */
function LiveRoot({ id, live, zones, since }: { id: string; live: LiveRun; zones: string; since: string }) {
  return (
    <div data-live={`/live/runs/${id}?since=${encodeURIComponent(since)}`} data-label={id} data-zones={zones}
      data-start={Date.parse(live.startsAt)} data-availability={live.availability} data-spots-left={live.spotsLeft ?? ""}>
      <p className="visually-hidden" aria-live="polite" data-live-announce="" />
      <p className="callout" data-live-gone="" hidden>{T.live.runGone}</p>
    </div>
  );
}

export function RunPage({ viewer, page, url, calendarHref, addToCalendar, live, liveSince, alerts, alertResult = null }: {
  viewer: Viewer | null; page: PublicRun; url: string; calendarHref: string; live: LiveRun;
  /** The run's .ics and Google Calendar links (null only if its calendar cannot describe it). */
  addToCalendar: CalendarLinks | null;
  /** The live stream's position at render time: the page's stream resumes from there. */
  liveSince: string;
  /** The alert forms it offers (none when mail cannot be sent): `alertOffers`. */
  alerts: AlertOffers;
  /** What a plain alert form post came back to say (`?alert=<flag>`). */
  alertResult?: AlertFormResult | null;
}) {
  const { run, game, parent } = page;
  const id = run.displayId ?? "";
  const { notify, remind } = alerts;
  const zone = runZone(run);
  const other = zone === "CET" ? "EST" : "CET";
  const at = Date.parse(run.startsAt);
  const when = cardTime(at, zone);
  const alt = cardTime(at, other);
  return (
    <Layout viewer={viewer} here={`/runs/${id}`} breadcrumb={<Breadcrumb game={game} parent={parent} id={id} />}>
      <section className="hero stack">
        <p className="run-page__id mono">{id}</p>
        <h1>{runName(run)}</h1>
        <p className="run-page__time"><time dateTime={when.iso}>{when.date}, {when.time}</time></p>
        <p className="muted" data-live-alt="">{alt.date}, {alt.time}</p>
        {/* The live script (islands/plain/live.ts) repaints this badge as places sell. */}
        <p className="run-page__spots" data-live-state=""><SpotsBadge run={run} text={T.calendar.availability} /></p>
        <LiveRoot id={id} live={live} zones={`${zone} ${other}`} since={liveSince} />
        {/* Filled in the browser only (islands/plain/when.ts): the viewer's time and the countdown. */}
        <div className="run-when" data-when="" data-start={at} data-zone={zone} data-label={id}>
          <p data-when-local="" />
          <p className="run-when__countdown" data-when-countdown="" />
          <p className="visually-hidden" aria-live="polite" data-when-announce="" />
        </div>
      </section>
      <div className="run-page">
        <section className="card stack" aria-labelledby="details">
          <h2 id="details">{T.run.details}</h2>
          <dl className="run-card__rows">
            {detailRows(run).map(([term, value]) => <div key={term}><dt>{term}</dt><dd>{value}</dd></div>)}
            <div><dt>{T.calendar.booster}</dt><dd className="mono">{run.booster.boosterId}</dd></div>
          </dl>
        </section>
        {notify || remind ? <AlertResult result={alertResult} /> : null}
        {notify ? <AlertForm target={{ type: "spot", run: id }} back={localHref(`/runs/${id}`)} /> : null}
        <KindTable run={run} />
        {remind ? <AlertForm target={{ type: "reminder", run: id }} back={localHref(`/runs/${id}`)} /> : null}
        <Share url={url} title={T.run.title({ what: runName(run), id })} />
        {addToCalendar
          ? (
            <section className="card stack" aria-labelledby="add-to-calendar">
              <h2 id="add-to-calendar">{T.runCalendar.title}</h2>
              <AddToCalendar links={addToCalendar} />
            </section>
          )
          : null}
        <p><a className="button button--ghost" href={calendarHref}>{T.run.moreRuns({ name: runName(run) })}</a></p>
        {/* Last in reading order: beside the details on wide screens, a bar pinned to the bottom on phones.
            A full or closed run has no booking button: its state takes the place. */}
        {canBook(run.availability)
          ? (
            <section className="callout run-page__book" aria-labelledby="book">
              <div>
                <h2 id="book">{T.contact.readyToBook}</h2>
                <p className="run-page__book-text">{T.contact.readyText({ id })}</p>
                <p className="muted run-page__book-text">{T.contact.newTab}</p>
              </div>
              <a className="button button--primary" href={goPath(id, "run")} target="_blank" rel="noopener" data-live-book="">{T.contact.openStore}</a>
            </section>
          )
          : (
            <section className="callout run-page__book" aria-labelledby="book">
              <h2 id="book">{availabilityText(run, T.calendar.availability)}</h2>
              {/* A full run's bar leads to its Notify me form (one line on a phone); "More runs" stays at the page's end. */}
              {notify
                ? <a className="button button--primary" href="#alert-spot">{T.alerts.form.notifyMe}</a>
                : <a className="button button--ghost" href={calendarHref}>{T.run.moreRuns({ name: runName(run) })}</a>}
            </section>
          )}
      </div>
    </Layout>
  );
}

/** A run that existed but is no longer offered (HTTP 410), linking to its calendar when that is public. */
export function runGonePage(viewer: Viewer | null, calendar: (CalendarGame & { path: string }) | null, here?: string): PageResult {
  return {
    title: `${T.run.goneTitle} · ${T.app.name}`,
    status: 410,
    body: (
      <Layout viewer={viewer} here={here} breadcrumb={calendar ? <Breadcrumb game={calendar.game} parent={calendar.parent} /> : undefined}>
        <section className="card not-found">
          <h1>{T.run.goneTitle}</h1>
          <p className="muted">{T.run.goneLine}</p>
          {calendar
            ? <a className="button button--primary" href={localHref(calendar.path)}>{T.run.goneCalendar({ name: calendar.game.name })}</a>
            : <a className="button button--primary" href={localHref("/")}>{T.calendar.backToGames}</a>}
        </section>
      </Layout>
    ),
  };
}
