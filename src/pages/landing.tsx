import { GameCard } from "../../islands/components/GameCard";
import { Layout } from "./layout";
import { T } from "../shared/text";
import { localHref } from "../shared/i18n/href";
import { staticUrl } from "../render/staticFiles";
import type { GameCard as GameCardData, Viewer } from "../shared/types";

/** / : the grid of visible games. Parents link to their category, others to their calendar. */
export function LandingPage({ viewer, games }: { viewer: Viewer | null; games: GameCardData[] }) {
  return (
    <Layout viewer={viewer} here="/">
      <section className="hero">
        <h1>{T.landing.heading}</h1>
        <p className="hero__subtitle muted">{T.landing.subtitle}</p>
      </section>
      {games.length === 0
        ? <p className="empty">{T.landing.noGames}</p>
        : (
          <ul className="card-grid" aria-label={T.landing.heading}>
            {games.map((g, i) => g.childGames.length
              ? <GameCard key={g.id} eager={i === 0} href={localHref(`/category/${g.slug}`)} name={g.name} description={g.description} imageUrl={staticUrl(g.imageUrl)}
                  action={T.landing.browseTools} badge={T.landing.toolsBadge({ n: g.childGames.length })}
                  meta={T.landing.availableRunsCount({ n: g.availableRuns })} />
              : <GameCard key={g.id} eager={i === 0} href={localHref(`/game/${g.slug}`)} name={g.name} description={g.description} imageUrl={staticUrl(g.imageUrl)}
                  action={T.landing.viewRuns} meta={T.landing.availableRunsCount({ n: g.availableRuns })} />)}
          </ul>
        )}
    </Layout>
  );
}
