// A webhook URL is a bearer credential: it is stored sealed under DATA_ENCRYPTION_KEY and
// bound to its game, so a backup or a copied row alone neither reveals it nor moves it to
// another game.
import { seal, unseal } from "../api/auth/seal";

const purpose = (gameId: number) => `game_webhooks.url:${gameId}`;

export function sealWebhookUrl(dataKey: string, gameId: number, url: string): string {
  return seal(dataKey, purpose(gameId), url);
}

/** The URL, or null when the row was sealed under another key (or altered). */
export function openWebhookUrl(dataKey: string, gameId: number, sealed: string): string | null {
  return unseal(dataKey, purpose(gameId), sealed);
}

/** A URL still in the clear (rows from before sealing): sealed values are base64url, without "://". */
export function isUnsealed(stored: string): boolean {
  return stored.includes("://");
}
