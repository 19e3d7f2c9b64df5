import { GameCard } from "../../islands/components/GameCard";
import { Layout } from "./layout";
import { T } from "../shared/text";
import { localHref } from "../shared/i18n/href";
import { staticUrl } from "../render/staticFiles";
import type { GameCard as GameCardData, Viewer } from "../shared/types";

/** /category/{slug}: hero, then the visible child games as tool cards. */
export function CategoryPage({ viewer, game }: { viewer: Viewer | null; game: GameCardData }) {
  return (
    <Layout viewer={viewer} here={`/category/${game.slug}`}>
      <section className="category-hero">
        {game.imageUrl ? <img className="category-hero__image" src={staticUrl(game.imageUrl)} alt="" width={960} height={360} /> : null}
        <div className="category-hero__text">
          <h1>{game.name}</h1>
          {game.description ? <p className="muted">{game.description}</p> : null}
        </div>
      </section>
      {game.childGames.length
        ? (
          <ul className="card-grid" aria-label={game.name}>
            {game.childGames.map((c, i) => (
              <GameCard key={c.id} eager={i === 0} href={localHref(`/category/${game.slug}/${c.slug}`)} name={c.name} description={c.description}
                imageUrl={staticUrl(c.imageUrl)} action={T.category.viewRuns} meta={T.landing.availableRunsCount({ n: c.availableRuns })} />
            ))}
          </ul>
        )
        : (
          <section className="card empty-category">
            <h2>{T.category.viewAvailableRuns}</h2>
            <a className="button button--primary" href={localHref(`/game/${game.slug}`)}>{T.category.viewCalendar}</a>
          </section>
        )}
    </Layout>
  );
}
