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
};

type MailEnv = { NODE_ENV: string; SMTP_URL?: string; MAIL_FROM: string; DKIM_DOMAIN?: string; DKIM_SELECTOR?: string; DKIM_PRIVATE_KEY?: string };

export function mailConfig(env: MailEnv): MailConfig {
  const dkim = env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
    ? { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, "\n") }
    : undefined;
  const transport = env.SMTP_URL ? "smtp" : env.NODE_ENV === "production" ? "none" : "files";
  return { transport, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dkim };
}

/** Whether mail can be sent at all (the features that need it say so when not). */
export const mailAvailable = (config: { mail: MailConfig }): boolean => config.mail.transport !== "none";
