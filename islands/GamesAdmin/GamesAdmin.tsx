import { useEffect, useRef, useState } from "react";
import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, useDraggable, useDroppable, useSensor, useSensors,
  type Announcements, type DragEndEvent, type DragStartEvent, type KeyboardCoordinateGetter, type UniqueIdentifier,
} from "@dnd-kit/core";
import { useToast } from "../components/toast";
import { api, errorMessage } from "../runtime/api";
import { canSetDevVisibility } from "../../src/domain/permissions";
import type { Role } from "../../src/shared/enums";
import type { GameRow } from "../../src/shared/types";
import { T } from "../../src/shared/text";
import { flatRows, groupOf, moveBy, moveTo, toGameOrders } from "../../src/domain/gameOrder";
import type { WebhookHint } from "../../src/shared/schemas/webhooks";
import { WebhookDialog } from "./WebhookDialog";
import { runKindForSlug } from "../../src/shared/runKinds";

export type GamesAdminProps = {
  viewer: { id: number; role: Role };
  /** Every game (staff scope), server-loaded; null makes the island fetch them. */
  initialGames: GameRow[] | null;
  /** The owner's view of each game's Discord webhook (last 4 characters); null for everyone else. */
  webhookHints?: WebhookHint[] | null;
};

// The game-settings routes name their id segment `slug` like the other routes at that level.
const gameById = (id: number) => api.api.games({ slug: id });

// Fixed id: dnd-kit's generated ids would differ between the server render and hydration.
const DND_ID = "games-admin-dnd";

/**
 * Arrow keys move the dragged row onto the next or previous row it may drop on (its
 * siblings; other rows are disabled drop targets while it is dragged).
 */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { active, collisionRect, droppableRects, droppableContainers } = context;
  if (!active || !collisionRect || (event.code !== "ArrowDown" && event.code !== "ArrowUp")) return undefined;
  event.preventDefault();
  const down = event.code === "ArrowDown";
  let best: { top: number; left: number } | null = null;
  for (const c of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(c.id);
    if (!rect) continue;
    const ahead = down ? rect.top > collisionRect.top + 1 : rect.top < collisionRect.top - 1;
    if (ahead && (!best || Math.abs(rect.top - collisionRect.top) < Math.abs(best.top - collisionRect.top))) best = rect;
  }
  return best ? { x: best.left, y: best.top } : undefined;
};

const GripIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    {[5, 12, 19].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
  </svg>
);

function typeBadge(game: GameRow, games: readonly GameRow[]): { label: string; tone: string } {
  if (game.parentGameId !== null) return { label: T.admin.subGame, tone: "badge--info" };
  if (games.some((g) => g.parentGameId === game.id)) return { label: T.admin.parentGameBadge, tone: "badge--accent" };
  return { label: T.admin.standalone, tone: "badge--muted" };
}

/** The Game Management tab: display order (drag or arrow buttons) and visibility. */
export default function GamesAdmin({ viewer, initialGames, webhookHints = null }: GamesAdminProps) {
  const toast = useToast();
  const [games, setGames] = useState(initialGames);
  const [savingOrder, setSavingOrder] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [activeGroup, setActiveGroup] = useState<number | null | undefined>(undefined);
  const [refocus, setRefocus] = useState<{ id: number; dir: "up" | "down" } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const owner = canSetDevVisibility(viewer);
  const [hints, setHints] = useState(() => new Map(webhookHints?.map((h) => [h.gameId, h.webhookHint]) ?? []));
  const [webhookFor, setWebhookFor] = useState<GameRow | null>(null);
  const saveHint = (h: WebhookHint) => setHints((m) => new Map(m).set(h.gameId, h.webhookHint));

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once on mount when the server sent no list
  useEffect(() => {
    if (initialGames !== null) return;
    void api.api.games.get().then(({ data, error }) => {
      if (error) toast({ title: T.toast.error, description: errorMessage(error, "") || T.validation.serverError, variant: "destructive" });
      setGames(data ?? []);
    });
  }, []);

  // After a move by button the row is re-rendered elsewhere; keep focus on its button.
  useEffect(() => {
    if (!refocus) return;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${refocus.dir}-${refocus.id}"]`)?.focus();
    setRefocus(null);
  }, [refocus]);

  const nameOf = (id: UniqueIdentifier) => games?.find((g) => g.id === id)?.name ?? String(id);

  async function saveOrder(next: GameRow[]) {
    const previous = games;
    setGames(next);
    setSavingOrder(true);
    const { error } = await api.api.games.reorder.patch({ gameOrders: toGameOrders(next) });
    setSavingOrder(false);
    if (error) {
      setGames(previous);
      toast({ title: T.games.errorOrder, description: errorMessage(error, "") || T.games.failedOrder, variant: "destructive" });
      return;
    }
    toast({ title: T.games.orderUpdated });
  }

  function move(id: number, dir: "up" | "down") {
    if (!games || savingOrder) return;
    const next = moveBy(games, id, dir === "up" ? -1 : 1);
    if (!next) return;
    setRefocus({ id, dir });
    void saveOrder(next);
  }

  async function setFlag(game: GameRow, field: "visible" | "devVisible", value: boolean) {
    const key = `${field}-${game.id}`;
    const apply = (v: boolean) => setGames((cur) => cur?.map((g) => (g.id === game.id ? { ...g, [field]: v } : g)) ?? cur);
    setBusy((s) => new Set(s).add(key));
    apply(value);
    const { error } = field === "visible"
      ? await gameById(game.id).visibility.patch({ visible: value })
      : await gameById(game.id)["dev-visibility"].patch({ devVisible: value });
    setBusy((s) => { const n = new Set(s); n.delete(key); return n; });
    if (error) {
      apply(!value);
      toast(field === "visible"
        ? { title: T.games.errorProduction, description: errorMessage(error, "") || T.games.failedProduction, variant: "destructive" }
        : { title: T.games.errorDev, description: errorMessage(error, "") || T.games.failedDev, variant: "destructive" });
      return;
    }
    toast({ title: field === "visible" ? T.games.productionUpdated : T.games.devUpdated });
  }

  async function clearWebhook(game: GameRow) {
    const key = `webhook-${game.id}`;
    setBusy((s) => new Set(s).add(key));
    const { data, error } = await gameById(game.id).webhook.delete();
    setBusy((s) => { const n = new Set(s); n.delete(key); return n; });
    if (error || !data) {
      toast({ title: T.toast.error, description: errorMessage(error, "") || T.webhook.failed, variant: "destructive" });
      return;
    }
    saveHint(data);
    toast({ title: T.webhook.cleared });
  }

  function onDragStart(e: DragStartEvent) {
    if (games) setActiveGroup(groupOf(games, Number(e.active.id)));
  }

  function onDragEnd(e: DragEndEvent) {
    setActiveGroup(undefined);
    if (!games || !e.over || savingOrder) return;
    const next = moveTo(games, Number(e.active.id), Number(e.over.id));
    if (next) void saveOrder(next);
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => T.games.pickedUp(nameOf(active.id)),
    // Over itself (the start) adds nothing to "Picked up ...".
    onDragOver: ({ active, over }) => (over && over.id !== active.id ? T.games.movedOver(nameOf(active.id), nameOf(over.id)) : undefined),
    onDragEnd: ({ active }) => T.games.dropped(nameOf(active.id)),
    onDragCancel: ({ active }) => T.games.cancelled(nameOf(active.id)),
  };

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
          <DndContext
            id={DND_ID} sensors={sensors} collisionDetection={closestCenter}
            onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setActiveGroup(undefined)}
            accessibility={{ announcements, screenReaderInstructions: { draggable: T.games.dragInstructions } }}
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
                    onMove={(dir) => move(game.id, dir)} onFlag={(field, v) => void setFlag(game, field, v)}
                    // Only games that hold runs announce them (not the parents grouping them).
                    webhook={webhookHints && runKindForSlug(game.slug) ? {
                      hint: hints.get(game.id) ?? null, onSet: () => setWebhookFor(game), onClear: () => void clearWebhook(game),
                    } : null}
                  />
                );
              })}
            </ul>
          </DndContext>
          {webhookHints ? <WebhookDialog game={webhookFor} onClose={() => setWebhookFor(null)} onSaved={saveHint} /> : null}
        </>
      )}
    </div>
  );
}

/** dnd-kit's handle attributes minus `role="button"`: invalid (and redundant) on a <button>. */
function handleAttributes<A extends { role?: string }>(attributes: A): Omit<A, "role"> {
  const { role: _role, ...rest } = attributes;
  return rest;
}

function GameItem({ game, depth, badge, owner, busy, dropDisabled, first, last, moving, onMove, onFlag, webhook }: {
  game: GameRow;
  depth: 0 | 1;
  badge: { label: string; tone: string };
  owner: boolean;
  busy: ReadonlySet<string>;
  dropDisabled: boolean;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (dir: "up" | "down") => void;
  onFlag: (field: "visible" | "devVisible", value: boolean) => void;
  /** The owner's webhook control (null: not shown). */
  webhook: { hint: string | null; onSet: () => void; onClear: () => void } | null;
}) {
  const drag = useDraggable({ id: game.id, disabled: moving });
  const drop = useDroppable({ id: game.id, disabled: dropDisabled });
  const t = drag.transform;
  const style = t ? { transform: `translate3d(${t.x}px, ${t.y}px, 0)` } : undefined;
  const over = drop.isOver && !drag.isDragging;
  return (
    <li
      ref={(el) => { drag.setNodeRef(el); drop.setNodeRef(el); }}
      className={`game-row${depth ? " game-row--child" : ""}${drag.isDragging ? " is-dragging" : ""}`}
      style={over ? { ...style, borderColor: "var(--accent)", boxShadow: "var(--ring)" } : style}
    >
      <button
        ref={drag.setActivatorNodeRef} type="button" className="drag-handle"
        {...handleAttributes(drag.attributes)} {...drag.listeners} aria-label={T.games.dragHandle(game.name)}
      >
        <GripIcon />
      </button>
      <div className="game-row__main">
        <p className="game-row__name" title={game.name}>{game.name}</p>
        <p className="game-row__description">{game.description || T.admin.noDescription}</p>
        {webhook ? <WebhookControl game={game} {...webhook} busy={busy.has(`webhook-${game.id}`)} /> : null}
      </div>
      <span className={`badge ${badge.tone}`}>{badge.label}</span>
      <div className="game-row__controls">
        {owner ? (
          <>
            <Switch label={T.admin.production} name={T.games.productionFor(game.name)} checked={game.visible} busy={busy.has(`visible-${game.id}`)} onChange={(v) => onFlag("visible", v)} />
            <Switch label={T.admin.dev} name={T.games.devFor(game.name)} checked={game.devVisible} busy={busy.has(`devVisible-${game.id}`)} onChange={(v) => onFlag("devVisible", v)} />
          </>
        ) : (
          <Switch label={game.visible ? T.admin.visible : T.admin.hidden} name={T.games.visibilityFor(game.name)} checked={game.visible} busy={busy.has(`visible-${game.id}`)} onChange={(v) => onFlag("visible", v)} />
        )}
        <div className="row" style={{ gap: ".25rem" }}>
          <MoveButton dir="up" id={game.id} name={T.games.moveUp(game.name)} disabled={first || moving} onClick={() => onMove("up")} />
          <MoveButton dir="down" id={game.id} name={T.games.moveDown(game.name)} disabled={last || moving} onClick={() => onMove("down")} />
        </div>
      </div>
    </li>
  );
}

/** The hint of a game's webhook (never the URL) and its Set/Change and Remove buttons. */
function WebhookControl({ game, hint, busy, onSet, onClear }: {
  game: GameRow; hint: string | null; busy: boolean; onSet: () => void; onClear: () => void;
}) {
  return (
    <div className="row webhook" style={{ gap: ".5rem", flexWrap: "wrap" }}>
      <span className="muted" style={{ fontSize: ".875rem" }} data-webhook-hint={game.id}>
        {T.webhook.label}: {hint ? T.webhook.hint(hint) : T.webhook.none}
      </span>
      <button type="button" className="button button--ghost button--small" aria-label={hint ? T.webhook.changeFor(game.name) : T.webhook.setFor(game.name)} onClick={onSet} disabled={busy}>
        {hint ? T.webhook.change : T.webhook.set}
      </button>
      {hint ? (
        <button type="button" className="button button--ghost button--small" aria-label={T.webhook.clearFor(game.name)} onClick={onClear} disabled={busy}>
          {T.webhook.clear}
        </button>
      ) : null}
    </div>
  );
}

function Switch({ label, name, checked, busy, onChange }: {
  label: string; name: string; checked: boolean; busy: boolean; onChange: (v: boolean) => void;
}) {
  return (
    <label className="row" style={{ gap: ".5rem", cursor: "pointer" }}>
      {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its own checked state; HTML forbids aria-checked on it (W3C validator) */}
      <input type="checkbox" role="switch" className="switch" aria-label={name} checked={checked} disabled={busy}
        onChange={(e) => onChange(e.currentTarget.checked)} />
      <span className="muted" style={{ fontSize: ".875rem", fontWeight: 600 }}>{label}</span>
    </label>
  );
}

/** aria-disabled (not disabled) at the ends, so keyboard focus stays on the button after a move. */
function MoveButton({ dir, id, name, disabled, onClick }: { dir: "up" | "down"; id: number; name: string; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button" className="button button--ghost button--icon button--small" data-move={`${dir}-${id}`}
      aria-label={name} title={name} aria-disabled={disabled || undefined}
      onClick={() => { if (!disabled) onClick(); }}
    >
      <span aria-hidden="true">{dir === "up" ? "↑" : "↓"}</span>
    </button>
  );
}
