// Mail delivery for tests: the real mail channel on the outbox engine, sending over SMTP to a
// test receiver (./smtpReceiver.ts), with short waits. Usage:
//
//   const smtp = await smtpReceiver();
//   const delivery = startTestMailDelivery(t, smtp.url);   // t: a makeTestApp() app (db, config, clock)
//   … a write that calls queueMail(tx, now, mail) …
//   const [mail] = await smtp.waitFor(1);
//   await delivery.stop();                                  // drains; closes the SMTP pool
//   await smtp.close();
//
// The worker's clock is the app's clock plus the real time since the start, so rows queued at
// the app's (fixed) now are due at once and retries come due; `t.setNow(later)` moves it too.
// A real server process (browser tests, productionServers) needs no helper: give it
// SMTP_URL=smtp.url (and short MAIL_RETRY_BASE_MS / MAIL_POLL_MS) and it delivers by itself.
import type { Db } from "../../db/client";
import type { Config } from "../config/appConfig";
import type { MailConfig } from "../config/mailConfig";
import { mailChannel } from "../mail/delivery";
import { startOutbox, type Outbox } from "../ops/outbox/engine";
import { captureLog } from "./log";
import type { Logger } from "../ops/logger";

export type TestMailDeliveryOptions = {
  /** MailConfig fields to override (e.g. maxAttempts); the defaults retry within milliseconds. */
  mail?: Partial<MailConfig>;
  clock?: () => Date;
  log?: Logger;
  random?: () => number;
};

export function startTestMailDelivery(app: { db: Db; config: Config; clock: () => Date }, smtpUrl: string, o: TestMailDeliveryOptions = {}): Outbox {
  const t0 = performance.now();
  const clock = o.clock ?? (() => new Date(app.clock().getTime() + (performance.now() - t0)));
  const config: MailConfig = {
    ...app.config.mail, transport: "smtp", smtpUrl,
    retryBaseMs: 1, retryMaxMs: 20, pollMs: 10, timeoutMs: 5_000, ...o.mail,
  };
  const channel = mailChannel({ db: app.db, config, dataDir: app.config.dataDir, clock, log: o.log ?? captureLog().logger })!;
  return startOutbox({ channels: [channel], clock, log: o.log ?? captureLog().logger, random: o.random });
}
