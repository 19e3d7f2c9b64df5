// The alerts' channel on the outbox engine (src/ops/outbox/engine.ts): the engine claims due
// `alert_jobs` rows (SKIP LOCKED, with a lease) in every process, and this channel runs each
// (./jobs.ts): a spot job's fan-out, or a sweep, which comes back due a minute (prune: an
// hour) later. A job that fails is retried with the engine's backoff; its alerts are ended
// only with their mails, so a retry mails only who was not mailed yet.
import { and, count, gte, isNotNull, eq } from "drizzle-orm";
import { alertJobs } from "../../../db/schema";
import { errorSummary } from "../../http/errorAnswers";
import type { Logger } from "../../ops/logger";
import { claimDue, nextDueAt, type Channel, type DeliveryOutcome } from "../../ops/outbox/engine";
import { T } from "../../shared/text";
import { ensureSweeps, runAlertJob, type AlertJob } from "./jobs";
import type { AlertDeps } from "./service";

/** A claimed job stays hidden from other processes this long: a fan-out of thousands takes seconds. */
const LEASE_MS = 5 * 60_000;
/** A job that failed this many times in a row counts as failed in the backlog (it keeps retrying). */
const FAILING_AFTER = 5;

export function alertChannel(deps: AlertDeps, log: Logger): Channel<AlertJob> {
  const { db } = deps;
  let sweeps: Promise<void> | null = null;
  return {
    name: "alerts", batch: 4, pollMs: 60_000, retryBaseMs: 1_000, retryMaxMs: 5 * 60_000,
    async claim(now, limit) {
      // The sweep rows exist once per database; the first claim of each process makes sure.
      sweeps ??= ensureSweeps(db, now).catch((err) => {
        sweeps = null;
        throw err;
      });
      await sweeps;
      return claimDue(db, alertJobs, now, limit, LEASE_MS, {
        id: alertJobs.id, kind: alertJobs.kind, runKind: alertJobs.runKind, runId: alertJobs.runId, subscriberId: alertJobs.subscriberId, createdAt: alertJobs.createdAt,
        attempts: alertJobs.attempts, nextAttemptAt: alertJobs.nextAttemptAt, lastError: alertJobs.lastError,
      });
    },
    async deliver(rows, ctx) {
      const out: DeliveryOutcome[] = [];
      for (const job of rows) {
        try {
          const next = await runAlertJob(deps, job, deps.clock());
          await db.update(alertJobs).set({ nextAttemptAt: next, attempts: 0, lastError: null }).where(eq(alertJobs.id, job.id));
          out.push("delivered");
        } catch (err) {
          const attempts = job.attempts + 1;
          const error = errorSummary(err).split("\n")[0]!.slice(0, 200);
          log.warn({ channel: "alerts", job: job.kind, jobId: job.id, attempts, error }, T.alerts.jobFailed);
          await db.update(alertJobs).set({ attempts, lastError: error, nextAttemptAt: new Date(deps.clock().getTime() + ctx.retryDelay(attempts)) })
            .where(eq(alertJobs.id, job.id));
          out.push("retry");
        }
      }
      return out;
    },
    nextDueAt: () => nextDueAt(db, alertJobs),
    async backlog() {
      const [waiting] = await db.select({ n: count() }).from(alertJobs).where(and(eq(alertJobs.kind, "spot"), isNotNull(alertJobs.nextAttemptAt)));
      const [failing] = await db.select({ n: count() }).from(alertJobs).where(gte(alertJobs.attempts, FAILING_AFTER));
      return { waiting: Number(waiting?.n ?? 0), failed: Number(failing?.n ?? 0) };
    },
    wakeOn: (topic) => topic === "outbox" || topic === "all",
  };
}
