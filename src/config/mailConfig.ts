import { z } from "zod";

// Mail settings, merged into the app's one zod environment schema (src/config/appConfig.ts).
export const mailEnvShape = {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. Unset: development writes .eml files; production has no mail. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://").optional(),
  /** The From of every mail, e.g. "Runboard <runs@example.com>". */
  MAIL_FROM: z.string().min(3).default("Runboard <no-reply@localhost>"),
  DKIM_DOMAIN: z.string().optional(),
  DKIM_SELECTOR: z.string().optional(),
  /** The PEM private key (literal newlines or \n escapes). */
  DKIM_PRIVATE_KEY: z.string().optional(),
  /** Attempts after which a mail that keeps getting 4xx answers or connection errors is failed (a 5xx for the recipient fails it at once). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** First retry wait; each failed attempt doubles it (with jitter) up to MAIL_RETRY_MAX_MS. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(3_600_000),
  /**
   * How often an idle mail worker looks for due rows anyway: mail queued by this process wakes it
   * at once and a retry at its due time; the look finds mail a crashed process left.
   */
  MAIL_POLL_MS: z.coerce.number().int().min(1).max(600_000).default(30_000),
  /** Each SMTP step's time limit (connect, greeting, every command and the message). */
  MAIL_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(30_000),
  /** SMTP connections one process keeps open (the pool), and mails it has in flight at once. */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(5),
};

export type MailConfig = {
  /**
   * How mail leaves: over SMTP; as .eml files under DATA_DIR/mail (development and tests
   * without SMTP_URL, listed at /dev/mail); or not at all (production without SMTP_URL: the
   * mail features say they are unavailable).
   */
  transport: "smtp" | "files" | "none";
  smtpUrl?: string;
  from: string;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** Delivery: attempts, backoff, poll, SMTP time limit, pool size (MAIL_* settings). */
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  timeoutMs: number;
  concurrency: number;
};

type MailEnv = {
  NODE_ENV: string; SMTP_URL?: string; MAIL_FROM: string; DKIM_DOMAIN?: string; DKIM_SELECTOR?: string; DKIM_PRIVATE_KEY?: string;
  MAIL_MAX_ATTEMPTS?: number; MAIL_RETRY_BASE_MS?: number; MAIL_RETRY_MAX_MS?: number; MAIL_POLL_MS?: number; MAIL_TIMEOUT_MS?: number; MAIL_CONCURRENCY?: number;
};

export function mailConfig(env: MailEnv): MailConfig {
  const dkim = env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
    ? { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, "\n") }
    : undefined;
  const transport = env.SMTP_URL ? "smtp" : env.NODE_ENV === "production" ? "none" : "files";
  const retryBaseMs = env.MAIL_RETRY_BASE_MS ?? 30_000;
  return {
    transport, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dkim,
    maxAttempts: env.MAIL_MAX_ATTEMPTS ?? 10,
    retryBaseMs,
    retryMaxMs: Math.max(env.MAIL_RETRY_MAX_MS ?? 3_600_000, retryBaseMs),
    pollMs: env.MAIL_POLL_MS ?? 30_000,
    timeoutMs: env.MAIL_TIMEOUT_MS ?? 30_000,
    concurrency: env.MAIL_CONCURRENCY ?? 5,
  };
}

/** Whether mail can be sent at all (the features that need it say so when not). */
export const mailAvailable = (config: { mail: MailConfig }): boolean => config.mail.transport !== "none";
