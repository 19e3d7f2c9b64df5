import { useEffect, useId, useRef, useState } from "react";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent, type DragStartEvent, type UniqueIdentifier } from "@dnd-kit/core";
import { canSetDevVisibility } from "../../src/domain/permissions";
import type { Role } from "../../src/shared/enums";
import type { GameRow } from "../../src/shared/types";
import { T } from "../../src/shared/text";
import { flatRows, groupOf } from "../../src/domain/gameOrder";
import { DND_ID, announcements, keyboardCoordinates } from "./dnd";
import { GameItem } from "./GameItem";
import { useGames } from "./useGames";
import { useWebhooks } from "./useWebhooks";
import { WebhookDialog } from "./WebhookDialog";
import { ConfirmDialog } from "../components/Dialog";
import { runKindForSlug } from "../../src/kinds/registry";
import type { WebhookHint } from "../../src/shared/schemas/webhooks";

export type GamesAdminProps = {
  viewer: { id: number; role: Role };
  /** Every game (staff scope), server-loaded; null makes the island fetch them. */
  initialGames: GameRow[] | null;
  /** The owner's view of each game's Discord webhook (last 4 characters); null for everyone else. */
  webhookHints?: WebhookHint[] | null;
};

function typeBadge(game: GameRow, games: readonly GameRow[]): { label: string; tone: string } {
  if (game.parentGameId !== null) return { label: T.admin.subGame, tone: "badge--info" };
  if (games.some((g) => g.parentGameId === game.id)) return { label: T.admin.parentGameBadge, tone: "badge--accent" };
  return { label: T.admin.standalone, tone: "badge--muted" };
}

/** The Game Management tab: display order (drag or arrow buttons) and visibility. */
export default function GamesAdmin({ viewer, initialGames, webhookHints = null }: GamesAdminProps) {
  const { games, savingOrder, busy, move, drop, setFlag, setCutoff } = useGames(initialGames);
  const cutoffHelpId = useId();
  const webhooks = useWebhooks(webhookHints);
  const [webhookFor, setWebhookFor] = useState<GameRow | null>(null);
  const [removing, setRemoving] = useState<GameRow | null>(null);
  const [removePending, setRemovePending] = useState(false);
  // After a removal the Remove button is gone: focus goes to the game's "Set webhook" button.
  const [focusSetFor, setFocusSetFor] = useState<number | null>(null);
  const [activeGroup, setActiveGroup] = useState<number | null | undefined>(undefined);
  const [refocus, setRefocus] = useState<{ id: number; dir: "up" | "down" } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const owner = canSetDevVisibility(viewer);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  // After a move by button the row is re-rendered elsewhere; keep focus on its button.
  useEffect(() => {
    if (!refocus) return;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${refocus.dir}-${refocus.id}"]`)?.focus();
    setRefocus(null);
  }, [refocus]);

  useEffect(() => {
    if (focusSetFor === null) return;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-webhook-set="${focusSetFor}"]`)?.focus();
    setFocusSetFor(null);
  }, [focusSetFor]);

  async function removeWebhook(game: GameRow) {
    setRemovePending(true);
    const gone = await webhooks.clear(game.id);
    setRemovePending(false);
    setRemoving(null);
    if (gone) setFocusSetFor(game.id);
  }

  const nameOf = (id: UniqueIdentifier) => games?.find((g) => g.id === id)?.name ?? String(id);

  function onDragStart(e: DragStartEvent) {
    if (games) setActiveGroup(groupOf(games, Number(e.active.id)));
  }

  function onDragEnd(e: DragEndEvent) {
    setActiveGroup(undefined);
    if (e.over) drop(Number(e.active.id), Number(e.over.id));
  }

  if (games === null) return <div className="panel"><p className="empty" role="status">{T.admin.loadingGames}</p></div>;

  const rows = flatRows(games);
  return (
    // A plain block: the admin page's tab panel is already the 'Games' region (one landmark, one name).
    <div className="panel">
      <div className="panel__header">
        <h2 id="games-admin-heading">{T.admin.tabGames}</h2>
      </div>
      {games.length === 0 ? <p className="empty">{T.admin.noGames}</p> : (
        <>
          <p className="muted">{T.games.intro}</p>
          {owner ? <p className="muted" id={cutoffHelpId}>{T.staffCapacity.cutoffHelp}</p> : null}
          <DndContext
            id={DND_ID} sensors={sensors} collisionDetection={closestCenter}
            onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setActiveGroup(undefined)}
            accessibility={{ announcements: announcements(nameOf), screenReaderInstructions: { draggable: T.games.dragInstructions } }}
          >
            <ul ref={listRef} className="game-list" aria-label={T.games.listLabel} aria-busy={savingOrder}>
              {rows.map(({ game, depth }) => {
                const group = groupOf(games, game.id);
                const siblings = rows.filter((r) => groupOf(games, r.game.id) === group && r.depth === depth);
                const index = siblings.findIndex((r) => r.game.id === game.id);
                return (
                  <GameItem
                    key={game.id} game={game} depth={depth} badge={typeBadge(game, games)} owner={owner} busy={busy}
                    dropDisabled={activeGroup !== undefined && activeGroup !== group}
                    first={index === 0} last={index === siblings.length - 1} moving={savingOrder}
                    onMove={(dir) => { if (move(game.id, dir)) setRefocus({ id: game.id, dir }); }}
                    onFlag={(field, v) => void setFlag(game, field, v)}
                    // Only games that hold runs announce them (not the parents grouping them).
                    webhook={webhookHints && runKindForSlug(game.slug) ? {
                      hint: webhooks.hints.get(game.id) ?? null, busy: webhooks.busy.has(game.id),
                      onSet: () => setWebhookFor(game), onClear: () => setRemoving(game),
                    } : null}
                    // The owner's booking cutoff, on the games that hold runs.
                    cutoff={owner && runKindForSlug(game.slug) ? {
                      helpId: cutoffHelpId, busy: busy.has(`cutoff-${game.id}`), onSave: (minutes) => setCutoff(game, minutes),
                    } : null}
                  />
                );
              })}
            </ul>
          </DndContext>
          {webhookHints ? <WebhookDialog game={webhookFor} onClose={() => setWebhookFor(null)} onSaved={webhooks.saved} /> : null}
          {webhookHints ? (
            <ConfirmDialog
              open={removing !== null} title={removing ? T.webhook.removeTitle({ name: removing.name }) : ""} onClose={() => setRemoving(null)}
              cancelLabel={T.webhook.cancel} pending={removePending} danger label={T.webhook.removeConfirm} busyLabel={T.webhook.removing}
              onConfirm={() => { if (removing) void removeWebhook(removing); }}
            >
              <p>{T.webhook.removeText}</p>
            </ConfirmDialog>
          ) : null}
        </>
      )}
    </div>
  );
}
