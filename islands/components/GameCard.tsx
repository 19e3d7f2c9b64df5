import { T } from "../../src/shared/text";

export type GameCardProps = {
  href: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  action: string;
  /** Badge in the image corner (tools count), if any. */
  badge?: string;
  /** A line such as 'Available Runs: 12'. */
  meta?: string;
  /** The first card's image is in the first view: load it at once, not lazily. */
  eager?: boolean;
};

/** A game or tool card: image (placeholder if none), name, 3-line description, action. */
export function GameCard({ href, name, description, imageUrl, action, badge, meta, eager = false }: GameCardProps) {
  return (
    <li className="card game-card">
      <a href={href} className="game-card__link">
        <div className="game-card__media">
          {imageUrl
            ? <img src={imageUrl} alt="" width={480} height={270} loading={eager ? "eager" : "lazy"} decoding="async"
                fetchPriority={eager ? "high" : undefined} />
            : <div className="game-card__placeholder" role="img" aria-label={T.landing.noImage}>{name.slice(0, 1)}</div>}
          {badge ? <span className="badge badge--accent game-card__badge">{badge}</span> : null}
        </div>
        <div className="game-card__body">
          <h2 className="game-card__title">{name}</h2>
          {description ? <p className="clamp-3 muted">{description}</p> : null}
          {meta ? <p className="game-card__meta">{meta}</p> : null}
          <span className="button button--primary game-card__action">{action}</span>
        </div>
      </a>
    </li>
  );
}
