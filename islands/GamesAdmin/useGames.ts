// The games list's state and its two kinds of save: the display order (optimistic, undone
// on failure) and a visibility flag per game (likewise, with the switch busy meanwhile).
import { useEffect, useState } from "react";
import { useToast } from "../components/toast";
import { api, errorMessage } from "../runtime/api";
import type { GameRow } from "../../src/shared/types";
import { T } from "../../src/shared/text";
import { moveBy, moveTo, toGameOrders } from "../../src/domain/gameOrder";

// The game-settings routes name their id segment `slug` like the other routes at that level.
const gameById = (id: number) => api.api.games({ slug: id });

export type Flag = "visible" | "devVisible";

export function useGames(initialGames: GameRow[] | null) {
  const toast = useToast();
  const [games, setGames] = useState(initialGames);
  const [savingOrder, setSavingOrder] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const fail = (title: string, error: { status: unknown; value: unknown }, fallback: string) =>
    toast({ title, description: errorMessage({ status: Number(error.status) || 0, value: error.value }, "") || fallback, variant: "destructive" });

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once on mount when the server sent no list
  useEffect(() => {
    if (initialGames !== null) return;
    void api.api.games.get().then(({ data, error }) => {
      if (error) fail(T.toast.error, error, T.validation.serverError);
      setGames(data ?? []);
    });
  }, []);

  async function saveOrder(next: GameRow[]) {
    const previous = games;
    setGames(next);
    setSavingOrder(true);
    const { error } = await api.api.games.reorder.patch({ gameOrders: toGameOrders(next) });
    setSavingOrder(false);
    if (error) {
      setGames(previous);
      fail(T.games.errorOrder, error, T.games.failedOrder);
      return;
    }
    toast({ title: T.games.orderUpdated });
  }

  /** One step up or down among its siblings; false when it cannot move (or a save runs). */
  function move(id: number, dir: "up" | "down"): boolean {
    const next = games && !savingOrder ? moveBy(games, id, dir === "up" ? -1 : 1) : null;
    if (next) void saveOrder(next);
    return !!next;
  }

  /** Dropped onto another row. */
  function drop(id: number, overId: number) {
    const next = games && !savingOrder ? moveTo(games, id, overId) : null;
    if (next) void saveOrder(next);
  }

  async function setFlag(game: GameRow, field: Flag, value: boolean) {
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
      if (field === "visible") fail(T.games.errorProduction, error, T.games.failedProduction);
      else fail(T.games.errorDev, error, T.games.failedDev);
      return;
    }
    toast({ title: field === "visible" ? T.games.productionUpdated : T.games.devUpdated });
  }

  /** Sets a game's booking cutoff (owner); answers the server's message on failure, null once saved. */
  async function setCutoff(game: GameRow, minutes: number): Promise<string | null> {
    const key = `cutoff-${game.id}`;
    setBusy((s) => new Set(s).add(key));
    const { data, error } = await gameById(game.id)["booking-cutoff"].patch({ bookingCutoffMinutes: minutes });
    setBusy((s) => { const n = new Set(s); n.delete(key); return n; });
    if (error || !data) {
      const message = (error ? errorMessage({ status: Number(error.status) || 0, value: error.value }, "") : "") || T.staffCapacity.cutoffFailed;
      toast({ title: T.toast.error, description: message, variant: "destructive" });
      return message;
    }
    setGames((cur) => cur?.map((g) => (g.id === game.id ? data : g)) ?? cur);
    toast({ title: T.staffCapacity.cutoffSaved });
    return null;
  }

  return { games, savingOrder, busy, move, drop, setFlag, setCutoff };
}
