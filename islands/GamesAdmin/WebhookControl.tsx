import type { GameRow } from "../../src/shared/types";
import { T } from "../../src/shared/text";

/** The hint of a game's webhook (never the URL) and its Set/Change and Remove buttons. */
export function WebhookControl({ game, hint, busy, onSet, onClear }: {
  game: GameRow; hint: string | null; busy: boolean; onSet: () => void; onClear: () => void;
}) {
  return (
    <div className="row webhook" style={{ gap: ".5rem", flexWrap: "wrap" }}>
      <span className="muted" style={{ fontSize: ".875rem" }}>
        {T.webhook.label}: {hint ? T.webhook.hint({ last4: hint }) : T.webhook.none}
      </span>
      <button type="button" className="button button--ghost button--small" aria-label={hint ? T.webhook.changeFor({ name: game.name }) : T.webhook.setFor({ name: game.name })} onClick={onSet} disabled={busy}
        data-webhook-set={game.id}>
        {hint ? T.webhook.change : T.webhook.set}
      </button>
      {hint ? (
        <button type="button" className="button button--ghost button--small" aria-label={T.webhook.clearFor({ name: game.name })} onClick={onClear} disabled={busy}>
          {T.webhook.clear}
        </button>
      ) : null}
    </div>
  );
}
