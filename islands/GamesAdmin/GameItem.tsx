import { useDraggable, useDroppable } from "@dnd-kit/core";
import type { GameRow } from "../../src/shared/types";
import { T } from "../../src/shared/text";
import { handleAttributes } from "./dnd";
import { WebhookControl } from "./WebhookControl";
import { CutoffControl } from "./CutoffControl";

const GripIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    {[5, 12, 19].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
  </svg>
);

/** One game: drag handle, name and description (with the owner's webhook and booking cutoff), type badge, visibility switches and move buttons. */
export function GameItem({ game, depth, badge, owner, busy, dropDisabled, first, last, moving, onMove, onFlag, webhook = null, cutoff = null }: {
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
  /** The owner's Discord webhook control (null: not shown). */
  webhook?: { hint: string | null; busy: boolean; onSet: () => void; onClear: () => void } | null;
  /** The owner's booking cutoff of a game that holds runs (null: not shown). */
  cutoff?: { helpId: string; busy: boolean; onSave: (minutes: number) => Promise<string | null> } | null;
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
        {...handleAttributes(drag.attributes)} {...drag.listeners} aria-label={T.games.dragHandle({ name: game.name })}
      >
        <GripIcon />
      </button>
      <div className="game-row__main">
        <p className="game-row__name" title={game.name}>{game.name}</p>
        <p className="game-row__description">{game.description || T.admin.noDescription}</p>
        {webhook ? <WebhookControl game={game} {...webhook} /> : null}
        {cutoff ? <CutoffControl game={game} {...cutoff} /> : null}
      </div>
      <span className={`badge ${badge.tone}`}>{badge.label}</span>
      <div className="game-row__controls">
        {owner ? (
          <>
            <Switch label={T.admin.production} name={T.games.productionFor({ name: game.name })} checked={game.visible} busy={busy.has(`visible-${game.id}`)} onChange={(v) => onFlag("visible", v)} />
            <Switch label={T.admin.dev} name={T.games.devFor({ name: game.name })} checked={game.devVisible} busy={busy.has(`devVisible-${game.id}`)} onChange={(v) => onFlag("devVisible", v)} />
          </>
        ) : (
          <Switch label={game.visible ? T.admin.visible : T.admin.hidden} name={T.games.visibilityFor({ name: game.name })} checked={game.visible} busy={busy.has(`visible-${game.id}`)} onChange={(v) => onFlag("visible", v)} />
        )}
        <div className="row" style={{ gap: ".25rem" }}>
          <MoveButton dir="up" id={game.id} name={T.games.moveUp({ name: game.name })} disabled={first || moving} onClick={() => onMove("up")} />
          <MoveButton dir="down" id={game.id} name={T.games.moveDown({ name: game.name })} disabled={last || moving} onClick={() => onMove("down")} />
        </div>
      </div>
    </li>
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
