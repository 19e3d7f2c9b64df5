import { useId } from "react";
import { checklistOrder, toggleGame } from "../../src/domain/gameSelection";
import type { GameRow } from "../../src/shared/types";

export type ChecklistGame = Pick<GameRow, "id" | "name" | "parentGameId" | "displayOrder">;

/**
 * A scrolling checklist of games, each parent followed by its indented children, with
 * the parent/child selection rules (src/domain/gameSelection.ts) applied on every tick.
 */
export function GameChecklist({ legend, games, selected, onChange, size, error }: {
  legend: string;
  games: readonly ChecklistGame[];
  selected: readonly number[];
  onChange: (next: number[]) => void;
  /** The invite dialog's list scrolls at 160px, the edit dialog's at 8rem. */
  size: "160" | "8rem";
  error?: string | null;
}) {
  const errorId = useId();
  const rows = checklistOrder(games);
  const ordered = rows.map((r) => r.game);
  return (
    <fieldset className="field" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      <ul className={`checkbox-list checkbox-list--${size}`}>
        {rows.map(({ game, depth }) => (
          <li key={game.id}>
            <label style={depth ? { paddingInlineStart: "1.75rem" } : undefined}>
              <input
                type="checkbox"
                checked={selected.includes(game.id)}
                aria-invalid={error ? true : undefined}
                onChange={(e) => onChange(toggleGame(ordered, selected, game.id, e.currentTarget.checked))}
              />
              <span>{game.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {error ? <p id={errorId} className="field__error" role="alert">{error}</p> : null}
    </fieldset>
  );
}
