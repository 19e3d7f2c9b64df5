// A game's Discord webhook (PUT /api/games/{id}/webhook), shared by the Games tab's form and
// the server. The form's rules (`webhookUrlSchema`): a well-formed https URL without
// credentials, port or control characters. Where it may point (`webhookTargetProblem`, which
// the server applies with its configuration): a Discord webhook, a relay on a host
// ANNOUNCE_ALLOWED_HOSTS names, or, in development and tests only, plain http to this machine.
import { z } from "./zod";
import { T } from "../text";
import { textOf } from "./text";
import type { webhookHintSchema } from "./responses";

const W = T.webhook;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Discord's webhook hosts: the stable client's, the old domain, and the test builds'. */
export const DISCORD_WEBHOOK_HOSTS: ReadonlySet<string> = new Set(
  ["discord.com", "discordapp.com"].flatMap((d) => [d, `ptb.${d}`, `canary.${d}`]),
);
/** /api/webhooks/{id}/{token}: a numeric id and a URL-safe token, nothing after. */
const DISCORD_WEBHOOK_PATH = /^\/api\/webhooks\/\d{1,25}\/[A-Za-z0-9_-]{1,200}$/;

/** A plain-http URL to this machine. */
export function isLoopbackHttpUrl(url: string): boolean {
  const u = URL.parse(url);
  return !!u && u.protocol === "http:" && LOOPBACK.has(u.hostname);
}

/** The form's rules: the first one `url` breaks, or null. */
function webhookUrlProblem(url: string): string | null {
  // Control characters are the shared text rule's (the schema); a lone surrogate cannot be stored.
  if (!url.isWellFormed()) return W.badCharacters;
  const u = URL.parse(url);
  if (!u) return W.urlInvalid;
  const loopback = isLoopbackHttpUrl(url);
  if (u.protocol !== "https:" && !loopback) return W.httpsOnly;
  if (u.username || u.password) return W.noCredentials;
  // A local test receiver listens on a port of its own; nothing else names one.
  if (u.port && !loopback) return W.noPort;
  return null;
}

// The raw text is checked for control characters: the URL parser silently drops some of them.
export const webhookUrlSchema = textOf(W.urlRequired, W.badCharacters).trim().min(1, W.urlRequired).max(500, W.urlTooLong)
  .superRefine((v, ctx) => {
    const problem = v ? webhookUrlProblem(v) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Where announcements may be posted, beyond Discord: the server's configuration. */
export type WebhookTargets = { allowedHosts: readonly string[]; allowLoopbackHttp: boolean };

/**
 * Why a URL that passed the form's rules may not be a target, or null: only Discord webhook
 * URLs, any https URL on an allowed relay host, and plain http to this machine only where
 * the (development and test) loopback switch is on.
 */
export function webhookTargetProblem(url: string, targets: WebhookTargets): string | null {
  const problem = webhookUrlProblem(url);
  if (problem) return problem;
  const u = new URL(url);
  if (isLoopbackHttpUrl(url)) return targets.allowLoopbackHttp ? null : W.httpsOnly;
  if (DISCORD_WEBHOOK_HOSTS.has(u.hostname)) return DISCORD_WEBHOOK_PATH.test(u.pathname) && !u.search && !u.hash ? null : W.discordOnly;
  return targets.allowedHosts.includes(u.hostname) ? null : W.discordOnly;
}

export const setWebhookSchema = z.object({ url: webhookUrlSchema });
export type SetWebhookInput = z.infer<typeof setWebhookSchema>;

/** What is shown of a saved webhook: its last 4 characters, never the URL. */
export function webhookHint(url: string): string {
  return url.slice(-4);
}

export type WebhookHint = z.infer<typeof webhookHintSchema>;
