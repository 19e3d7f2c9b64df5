import { z } from "zod";

/** A DNS host name (IP literals are not relay names: the worker refuses private addresses anyway). */
const HOST_NAME = /^(?=.{1,253}$)(?!\d+(?:\.\d+)*$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

// Announcement delivery settings, merged into the app's one zod environment schema
// (src/config/appConfig.ts). Tests shorten the waits; production keeps the defaults.
export const announceEnvShape = {
  /** First retry wait; each failed attempt doubles it (with jitter) up to ANNOUNCE_RETRY_MAX_MS. */
  ANNOUNCE_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(2_000),
  ANNOUNCE_RETRY_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(600_000),
  /** Failed attempts (429s not counted) after which an announcement is given up. */
  ANNOUNCE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  /**
   * How often an idle worker looks for due rows anyway: a run write wakes it at once (in any
   * process, through the change feed) and a retry at its due time, so this is a safety net.
   * Each look costs an embedded database tens of milliseconds of CPU (docs/decisions/32-mail-delivery.md).
   */
  ANNOUNCE_POLL_MS: z.coerce.number().int().min(1).max(600_000).default(30_000),
  /** One POST's time limit. A claim is held for this plus a margin, so a crashed worker's rows come back. */
  ANNOUNCE_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(10_000),
  /** Posts one worker has in flight at once (Discord allows a webhook about 5 requests per 2 s; its 429s are obeyed). */
  ANNOUNCE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** The shortest time between two edits of one Discord message (later changes wait and coalesce; the latest state wins). */
  ANNOUNCE_EDIT_INTERVAL_MS: z.coerce.number().int().min(1).max(3_600_000).default(10_000),
  /** Development and tests only (production refuses it): accept plain-http webhook URLs to this machine (a local receiver). */
  ANNOUNCE_ALLOW_LOOPBACK_HTTP: z.stringbool().default(false),
  /** Host names (comma-separated) a webhook may point at besides Discord's: a self-hosted relay. */
  ANNOUNCE_ALLOWED_HOSTS: z.string().default("").transform((v) => v.split(",").map((h) => h.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(HOST_NAME, "ANNOUNCE_ALLOWED_HOSTS must be host names separated by commas (no scheme, port, path or IP address)"))),
};

export type AnnounceConfig = {
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  pollMs: number;
  timeoutMs: number;
  concurrency: number;
  /** Minimum time between two edits of one message. */
  editIntervalMs: number;
  /** Plain http to this machine (a test receiver): development and tests only. */
  allowLoopbackHttp: boolean;
  /** Relay hosts a webhook may point at besides Discord's. */
  allowedHosts: string[];
};

const announceEnv = z.object(announceEnvShape);
type AnnounceEnv = z.infer<typeof announceEnv> & { NODE_ENV: string };

export function announceConfig(env: AnnounceEnv): AnnounceConfig {
  return {
    retryBaseMs: env.ANNOUNCE_RETRY_BASE_MS,
    retryMaxMs: Math.max(env.ANNOUNCE_RETRY_MAX_MS, env.ANNOUNCE_RETRY_BASE_MS),
    maxAttempts: env.ANNOUNCE_MAX_ATTEMPTS,
    pollMs: env.ANNOUNCE_POLL_MS,
    timeoutMs: env.ANNOUNCE_TIMEOUT_MS,
    concurrency: env.ANNOUNCE_CONCURRENCY,
    editIntervalMs: env.ANNOUNCE_EDIT_INTERVAL_MS,
    allowLoopbackHttp: env.ANNOUNCE_ALLOW_LOOPBACK_HTTP && env.NODE_ENV !== "production",
    allowedHosts: env.ANNOUNCE_ALLOWED_HOSTS,
  };
}
