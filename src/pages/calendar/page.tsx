import { Layout, StaffSlot } from "../layout";
import { Island, type IslandName } from "../island";
import { T } from "../../shared/text";
import { localHref } from "../../shared/i18n/href";
import { GAME_IDS, type RunKind, type Timezone } from "../../shared/enums";
import { calendarOf, type CalendarData } from "../../kinds/calendars";
import type { GameRow, Viewer } from "../../shared/types";
import type { PageResult } from "../pageResponse";
import { calendarText } from "../../shared/calendarText";
import { AlertForm, AlertResult } from "../alertForm";
import type { AlertFormResult } from "../../shared/alerts";

/** Breadcrumb: the WoW or D2 category link (parents 3 and 2), then the game. */
function Breadcrumb({ game, parent }: { game: GameRow; parent: GameRow | null }) {
  const category = parent?.id === GAME_IDS.wow ? T.calendar.wow : parent?.id === GAME_IDS.d2 ? T.calendar.d2 : null;
  return (
    <nav className="breadcrumb" aria-label={T.calendar.breadcrumb}>
      <ol>
        {parent && category ? <li><a href={localHref(`/category/${parent.slug}`)}>{category}</a></li> : null}
        <li><span aria-current="page">{game.name}</span></li>
      </ol>
    </nav>
  );
}

export type CalendarPageProps = {
  viewer: Viewer | null;
  game: GameRow;
  parent: GameRow | null;
  /** Null for a visible game that has no run calendar (e.g. a parent without visible tools). */
  data: CalendarData | null;
  zone: Timezone;
  path: string;
  /** The page's English path and canonical query (the language switcher's target). */
  here: string;
  storefront: Record<RunKind, string>;
  /** The game's subscription feed (absolute, without a query): the Subscribe control adds the filters. */
  feedUrl: string;
  /** The live stream's position at render time (src/readModel/liveHub.ts `position`). */
  liveSince: string;
  /** The view's canonical query without "?" (the page cache's key): what "Email me new runs like these" asks for. Null: mail is not available, no form. */
  alertFilters: string | null;
  /** What a plain alert form post came back to say (`?alert=<flag>`). */
  alertResult?: AlertFormResult | null;
};

/** The public run calendar of one game. */
export function CalendarPage({ viewer, game, parent, data, zone, path, here, storefront, feedUrl, liveSince, alertFilters, alertResult = null }: CalendarPageProps) {
  const text = calendarText(alertFilters !== null);
  // The island's filter links, no-JavaScript form and address bar stay under the page's prefix.
  const common = { path: localHref(path), zone, text, feedUrl, liveSince };
  const adapter = data ? calendarOf(data.kind) : null;
  const island = data && adapter ? adapter.island(data, common) : null;
  return (
    <Layout viewer={viewer} here={here} breadcrumb={<Breadcrumb game={game} parent={parent} />}>
      {/* From 1024 px one grid: the title on the left, the back link and the island's zone switch
          and Subscribe on the right, then the filters, tabs and runs (styles.css, "Runs first"). */}
      <div className="calendar-layout">
      <section className="hero hero--calendar stack">
        <div>
          <h1>{game.name}</h1>
          {game.description ? <p className="hero__subtitle muted">{game.description}</p> : null}
        </div>
        <div>
          {parent
            ? <a className="button button--ghost" href={localHref(`/category/${parent.slug}`)}>{T.calendar.backToCategory}</a>
            : <a className="button button--ghost" href={localHref("/")}>{T.calendar.backToGames}</a>}
          {/* "Embed this calendar", for staff only: filled in by the page cache's staff variant. */}
          {data ? <StaffSlot /> : null}
        </div>
      </section>
      {island
        // The adapter typed the props against its island; the union of islands is passed on as one.
        ? <Island name={island.name as IslandName} props={island.props as never} />
        : <p className="empty">{T.calendar.noRuns}</p>}
      </div>
      {island && alertFilters !== null
        ? (
          <>
            <AlertResult result={alertResult} />
            <AlertForm target={{ type: "new-runs", calendar: game.slug, filters: alertFilters }} back={localHref(alertFilters ? `${path}?${alertFilters}` : path)} />
          </>
        )
        : null}
      {data && adapter?.storefrontCallout
        ? (
          <aside className="callout" aria-labelledby="looking-else">
            <div>
              <h2 id="looking-else">{T.calendar.lookingElse}</h2>
              <p className="muted">{T.calendar.lookingElseText}</p>
            </div>
            <a className="button button--primary" href={storefront[data.kind]} target="_blank" rel="noopener noreferrer">{T.calendar.contactLink}</a>
          </aside>
        )
        : null}
      <p className="page-footer-note">{T.calendar.footer}</p>
    </Layout>
  );
}

export function calendarPage(props: CalendarPageProps): PageResult {
  return { title: `${props.game.name} · ${T.app.name}`, description: props.game.description ?? undefined, body: <CalendarPage {...props} /> };
}

/** Unknown or hidden game (HTTP 404). */
export function gameNotFoundPage(viewer: Viewer | null, here?: string): PageResult {
  return {
    title: `${T.calendar.gameNotFound} · ${T.app.name}`,
    status: 404,
    body: (
      <Layout viewer={viewer} here={here}>
        <section className="card not-found">
          <h1>{T.calendar.gameNotFound}</h1>
          <a className="button button--primary" href={localHref("/")}>{T.calendar.backToGames}</a>
        </section>
      </Layout>
    ),
  };
}
