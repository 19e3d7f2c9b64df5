// The owner's Discord webhook hints per game (never the URLs) and their removal; the dialog
// (./WebhookDialog) saves a new URL and hands back the hint the server answered.
import { useState } from "react";
import { useToast } from "../components/toast";
import { useCallFailure } from "../components/callFailure";
import { api } from "../runtime/api";
import type { WebhookHint } from "../../src/shared/schemas/webhooks";
import { T } from "../../src/shared/text";

export function useWebhooks(initial: WebhookHint[] | null) {
  const toast = useToast();
  const failure = useCallFailure();
  const [hints, setHints] = useState(() => new Map(initial?.map((h) => [h.gameId, h.webhookHint]) ?? []));
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const saved = (h: WebhookHint) => setHints((m) => new Map(m).set(h.gameId, h.webhookHint));

  /** Removes the game's webhook; true when it is gone. */
  async function clear(gameId: number): Promise<boolean> {
    setBusy((s) => new Set(s).add(gameId));
    const { data, error } = await api.api.games({ slug: gameId }).webhook.delete();
    setBusy((s) => { const n = new Set(s); n.delete(gameId); return n; });
    if (error || !data) {
      failure(error, { fallback: T.webhook.failed });
      return false;
    }
    saved(data);
    toast({ title: T.webhook.cleared });
    return true;
  }

  return { hints, busy, saved, clear };
}
