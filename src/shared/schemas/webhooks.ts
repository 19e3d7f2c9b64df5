// A game's Discord webhook (PUT /api/games/{id}/webhook), shared by the Games tab's form and
// the server. https only; plain http only to this machine (a local receiver), which the
// server further refuses in production unless ANNOUNCE_ALLOW_LOOPBACK_HTTP is set.
import { z } from "./zod";
import { T } from "../text";
import type { webhookHintSchema } from "./responses";

const W = T.webhook;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A plain-http URL to this machine. */
export function isLoopbackHttpUrl(url: string): boolean {
  const u = URL.parse(url);
  return !!u && u.protocol === "http:" && LOOPBACK.has(u.hostname);
}

export const webhookUrlSchema = z.string({ error: W.urlRequired }).trim().min(1, W.urlRequired).max(500, W.urlTooLong)
  .refine((v) => URL.canParse(v), W.urlInvalid)
  .refine((v) => !URL.canParse(v) || new URL(v).protocol === "https:" || isLoopbackHttpUrl(v), W.httpsOnly);

export const setWebhookSchema = z.object({ url: webhookUrlSchema });
export type SetWebhookInput = z.infer<typeof setWebhookSchema>;

/** What is shown of a saved webhook: its last 4 characters, never the URL. */
export function webhookHint(url: string): string {
  return url.slice(-4);
}

export type WebhookHint = z.infer<typeof webhookHintSchema>;
