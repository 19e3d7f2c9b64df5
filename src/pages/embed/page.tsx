// The calendar embed (/embed/calendars/{slug}): the calendar page's island on its own, in a
// compact frame without the site's header, for an iframe on another site.
import { Island, type IslandName } from "../island";
import { T } from "../../shared/text";
import type { Timezone } from "../../shared/enums";
import { calendarOf, type CalendarData } from "../../kinds/calendars";
import type { GameRow } from "../../shared/types";
import type { PageResult } from "../pageResponse";
import { calendarText } from "../../shared/calendarText";
import type { EmbedOptions, EmbedTheme } from "../../shared/embed";

export type EmbedPageProps = {
  game: GameRow;
  data: CalendarData | null;
  zone: Timezone;
  /** The embed's own path: the island's filter links and live stream are built on it. */
  path: string;
  /** The calendar page (absolute) the header links to, in a new tab. */
  calendarUrl: string;
  feedUrl: string;
  liveSince: string;
  embed: EmbedOptions;
  theme: EmbedTheme | null;
};

export function EmbedPage({ game, data, zone, path, calendarUrl, feedUrl, liveSince, embed }: EmbedPageProps) {
  const adapter = data ? calendarOf(data.kind) : null;
  const island = data && adapter ? adapter.island(data, { path, zone, text: calendarText(), feedUrl, liveSince, embed }) : null;
  return (
    <main id="main" className="embed-main">
      <header className="embed-header">
        <h1>{game.name}</h1>
        <a href={calendarUrl}>{T.embed.openCalendar}</a>
      </header>
      {island
        ? <Island name={island.name as IslandName} props={island.props as never} />
        : <p className="empty">{T.calendar.noRuns}</p>}
    </main>
  );
}

/** The <html> attributes that pick the palette: `auto` follows prefers-color-scheme (styles.css, "Embeds"). */
export const embedRoot = (theme: EmbedTheme | null) => ({ class: "embed", "data-theme": theme ?? "auto" });

export function embedPage(props: EmbedPageProps): PageResult {
  return { title: `${props.game.name} · ${T.app.name}`, root: embedRoot(props.theme), baseTarget: "_blank", body: <EmbedPage {...props} /> };
}

/** Unknown or hidden calendar, inside the frame (HTTP 404). */
export function embedNotFoundPage(theme: EmbedTheme | null): PageResult {
  return {
    title: `${T.calendar.gameNotFound} · ${T.app.name}`,
    status: 404,
    root: embedRoot(theme),
    baseTarget: "_blank",
    body: <main id="main" className="embed-main"><p className="empty">{T.calendar.gameNotFound}</p></main>,
  };
}
