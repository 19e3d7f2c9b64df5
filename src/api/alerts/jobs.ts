// The alerts' scheduled work (docs/decisions/34-visitor-alerts.md), one function per job
// kind, each a few short transactions that queue mails and end or advance the alerts they
// mailed in the same transaction: an alert is mailed exactly once, however many processes
// run the jobs (rows are taken FOR UPDATE SKIP LOCKED) and wherever one stops.
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { alertJobs, alertSubscribers, alerts, alertTokens, games } from "../../../db/schema";
import { rows } from "../../../db/rows";
import type { Tx } from "../../kinds/serverRows";
import { SERVER_KINDS } from "../../kinds/server.generated";
import { eventTitle, KINDS, type ContactRun } from "../../kinds/registry";
import { calendarOf } from "../../kinds/calendars";
import { calendarPath, calendarView, findCalendarGame } from "../../kinds/calendarLookup";
import { bookableOf } from "../../domain/bookable";
import { canBook } from "../../domain/availability";
import { consoleDateTime } from "../../domain/dateFormat";
import { queueMail } from "../../mail/queue";
import type { MailMessage } from "../../mail/message";
import { readPath } from "../../readModel/readPath";
import type { RunKind, RunStatus } from "../../shared/enums";
import { CONFIRM_TTL_MS, DIGEST_EVERY_MS, MAIL_LINK_TTL_MS, REMINDER_LEAD_MS } from "../../shared/alerts";
import { T } from "../../shared/text";
import { alertMail, type AlertMailContent } from "./mails";
import { mintTokens } from "./tokens";
import { runConfirmJob, type AlertDeps } from "./service";

const M = T.alerts.mail;
/** Alerts mailed per transaction: big enough to be quick, small enough to hold few locks. */
export const FAN_OUT_BATCH = 250;
/** How often the sweeps (reminders, digests) look, and how often pruning runs. */
export const SWEEP_EVERY_MS = 60_000;
export const PRUNE_EVERY_MS = 60 * 60_000;

export type AlertJob = typeof alertJobs.$inferSelect;
/** `locale`: the alert's, which its mail speaks. */
type Recipient = { alertId: number; subscriberId: number; email: string; locale: string };

const when = (d: Date) => consoleDateTime(d, "CET") ?? d.toISOString();
const runUrl = (site: string, displayId: string) => `${site}/runs/${encodeURIComponent(displayId)}`;

/**
 * Queues one mail per recipient (each with its own unsubscribe/manage token) and ends or
 * advances their alerts, in the caller's transaction.
 */
async function mailEach(tx: Tx, deps: AlertDeps, now: Date, list: readonly Recipient[], content: (r: Recipient, site: string) => AlertMailContent): Promise<void> {
  if (!list.length) return;
  const tokens = await mintTokens(tx, list, new Date(now.getTime() + MAIL_LINK_TTL_MS));
  const mails: MailMessage[] = list.map((r, i) => alertMail(deps.config.publicOrigin, r.email, tokens[i]!, r.locale, (site) => content(r, site)));
  await queueMail(tx, now, mails);
}

/** Ends these alerts; an address left without alerts goes too. */
async function endAlerts(tx: Tx, ids: readonly number[], subscriberIds: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await tx.delete(alerts).where(inArray(alerts.id, [...ids]));
  await tx.delete(alertSubscribers).where(and(inArray(alertSubscribers.id, [...new Set(subscriberIds)]),
    sql`not exists (select 1 from ${alerts} where ${alerts.subscriberId} = ${alertSubscribers.id})`));
}

/** A run's state now, from its table, and its game's booking cutoff; null when deleted. */
async function runNow(db: Db | Tx, kind: RunKind, id: number) {
  const t = SERVER_KINDS[kind].table;
  const [r] = await db.select({
    id: t.id, displayId: t.displayId, status: t.status, startsAt: t.startsAt, spots: t.spots, spotsTaken: t.spotsTaken,
    cutoff: games.bookingCutoffMinutes,
  }).from(t).innerJoin(games, eq(games.id, t.gameId)).where(eq(t.id, id));
  return r ?? null;
}

/** Confirmed alerts of one type on one run, taken (locked) a batch at a time. */
async function takeRunAlerts(tx: Tx, type: "spot", kind: RunKind, runId: number, limit: number): Promise<Recipient[]> {
  return rows<Recipient>(tx as unknown as Db, sql`select a.id as "alertId", a.subscriber_id as "subscriberId", s.email, a.locale
    from ${alerts} a join ${alertSubscribers} s on s.id = a.subscriber_id
    where a.run_kind = ${kind} and a.run_id = ${runId} and a.type = ${type} and a.consented_at is not null
    order by a.id limit ${limit} for update of a skip locked`);
}

/**
 * A spot job: places opened on a run. If a visitor can book it now (bookableOf, the one
 * availability rule), every confirmed spot alert of the run gets one mail, saying how many
 * places are left, and ends. If the places are gone again, the alerts keep waiting for the
 * next opening; if the run can no longer be booked (cancelled, started, deleted), they end
 * without mail.
 */
export async function runSpotJob(deps: AlertDeps, job: AlertJob, now: Date): Promise<void> {
  const kind = job.runKind as RunKind;
  const runId = job.runId!;
  const run = await runNow(deps.db, kind, runId);
  const b = run ? bookableOf({ ...run, status: run.status as RunStatus, startsAt: run.startsAt.getTime() }, run.cutoff, now.getTime()) : null;
  if (b?.availability === "full") return;
  const fire = !!b && canBook(b.availability);
  const label = run?.displayId ?? "";
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const batch = await takeRunAlerts(tx, "spot", kind, runId, FAN_OUT_BATCH);
      if (fire) {
        await mailEach(tx, deps, now, batch, (_, site) => ({
          purpose: "alert-spot", subject: M.spotSubject({ run: label }),
          paragraphs: [M.spotBody({ left: b.spotsLeft, run: label, when: when(run!.startsAt) })],
          action: { label: M.spotAction, url: runUrl(site, label) },
        }));
      }
      await endAlerts(tx, batch.map((r) => r.alertId), batch.map((r) => r.subscriberId));
      return batch.length < FAN_OUT_BATCH;
    });
    if (done) return;
  }
}

/**
 * The reminder sweep: every confirmed reminder whose run starts within the hour is mailed
 * and ends; one whose run was cancelled, started or deleted ends without mail. Checked now,
 * at send time, on the run's own row.
 */
export async function runReminders(deps: AlertDeps, now: Date): Promise<void> {
  const horizon = new Date(now.getTime() + REMINDER_LEAD_MS).toISOString();
  for (const kind of KINDS) {
    const t = SERVER_KINDS[kind].table;
    for (;;) {
      const done = await deps.db.transaction(async (tx) => {
        const due = await rows<Recipient & { displayId: string | null; status: string | null; startsAt: string | Date | null; run: string | null }>(tx as unknown as Db, sql`
          select a.id as "alertId", a.subscriber_id as "subscriberId", s.email, a.locale, a.run, r.display_id as "displayId", r.status, r.starts_at as "startsAt"
          from ${alerts} a join ${alertSubscribers} s on s.id = a.subscriber_id left join ${t} r on r.id = a.run_id
          where a.type = 'reminder' and a.run_kind = ${kind} and a.consented_at is not null
            and (r.id is null or r.status <> 'available' or r.starts_at <= ${horizon}::timestamptz)
          order by a.id limit ${FAN_OUT_BATCH} for update of a skip locked`);
        const send = due.filter((d) => d.status === "available" && d.startsAt !== null && new Date(d.startsAt).getTime() > now.getTime());
        await mailEach(tx, deps, now, send, (r, site) => {
          const d = send.find((x) => x.alertId === r.alertId)!;
          const label = d.displayId ?? d.run ?? "";
          return {
            purpose: "alert-reminder", subject: M.reminderSubject({ run: label }), paragraphs: [M.reminderBody({ run: label, when: when(new Date(d.startsAt!)) })],
            action: { label: M.reminderAction, url: runUrl(site, label) },
          };
        });
        await endAlerts(tx, due.map((d) => d.alertId), due.map((d) => d.subscriberId));
        return due.length < FAN_OUT_BATCH;
      });
      if (done) break;
    }
  }
}

/**
 * The new-runs sweep: each confirmed new-runs alert not mailed in the last hour looks at its
 * calendar with its filters (the calendar's own rules: calendarView and the kind's `shown`),
 * and the runs above its `seen_run_id` are new. Any: one digest mail, and the alert moves on
 * past them. None: nothing is sent and nothing moves.
 */
export async function runDigests(deps: AlertDeps, now: Date): Promise<void> {
  const snap = await readPath(deps).model.get();
  const cutoff = new Date(now.getTime() - DIGEST_EVERY_MS).toISOString();
  let afterId = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const batch = await rows<Recipient & { calendar: string; filters: string; seenRunId: number | null }>(tx as unknown as Db, sql`
        select a.id as "alertId", a.subscriber_id as "subscriberId", s.email, a.locale, a.calendar, a.filters, a.seen_run_id as "seenRunId"
        from ${alerts} a join ${alertSubscribers} s on s.id = a.subscriber_id
        where a.type = 'new-runs' and a.consented_at is not null and a.id > ${afterId}
          and (a.last_sent_at is null or a.last_sent_at <= ${cutoff}::timestamptz)
        order by a.id limit ${FAN_OUT_BATCH} for update of a skip locked`);
      for (const a of batch) {
        afterId = Math.max(afterId, a.alertId);
        const found = findCalendarGame(snap.games, a.calendar);
        const cal = found && snap.calendars.get(found.game.id);
        if (!found || !cal) continue;
        const { data } = calendarView(cal, new URLSearchParams(a.filters));
        const adapter = calendarOf(cal.kind);
        const fresh = adapter.shown(data).filter((c) => c.run.id > (a.seenRunId ?? 0));
        if (!fresh.length) continue;
        await mailEach(tx, deps, now, [a], (_, site) => ({
          purpose: "alert-new-runs", subject: M.newRunsSubject({ n: fresh.length, calendar: found.game.name }),
          paragraphs: [
            M.newRunsIntro({ calendar: found.game.name }),
            ...fresh.map((c) => `• ${eventTitle(c as ContactRun)} · ${c.run.label} · ${when(new Date(c.run.startsAt))}`),
          ],
          action: { label: M.newRunsAction, url: `${site}${calendarPath(found, true)}${a.filters ? `?${a.filters}` : ""}` },
        }));
        await tx.update(alerts).set({ lastSentAt: now, seenRunId: Math.max(...fresh.map((c) => c.run.id)) }).where(eq(alerts.id, a.alertId));
      }
      return batch.length < FAN_OUT_BATCH;
    });
    if (done) return;
  }
}

/**
 * Pruning: alerts never confirmed within 48 h, spot alerts of runs that can no longer open
 * (gone, cancelled, started), expired link tokens, and addresses left without alerts.
 */
export async function pruneAlerts(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(alerts).where(and(isNull(alerts.consentedAt), lte(alerts.createdAt, new Date(now.getTime() - CONFIRM_TTL_MS))));
    for (const kind of KINDS) {
      const t = SERVER_KINDS[kind].table;
      await rows(tx as unknown as Db, sql`delete from ${alerts} a where a.type = 'spot' and a.run_kind = ${kind}
        and not exists (select 1 from ${t} r where r.id = a.run_id and r.status = 'available' and r.starts_at > ${now.toISOString()}::timestamptz)`);
    }
    await tx.delete(alertTokens).where(lte(alertTokens.expiresAt, now));
    await tx.delete(alertJobs).where(and(inArray(alertJobs.kind, ["spot", "confirm"]), isNull(alertJobs.nextAttemptAt)));
    await tx.delete(alertSubscribers).where(sql`not exists (select 1 from ${alerts} where ${alerts.subscriberId} = ${alertSubscribers.id})`);
  });
}

/** The sweeps, each one row for all processes (its unique index keeps it one). */
export const SWEEPS = ["reminders", "digests", "prune"] as const;

/** Makes sure the sweep rows exist (each process at start; the first one wins). */
export async function ensureSweeps(db: Db, now: Date): Promise<void> {
  await db.insert(alertJobs).values(SWEEPS.map((kind) => ({ kind, createdAt: now, nextAttemptAt: now }))).onConflictDoNothing();
}

/** Runs one job; answers when it is due again (a sweep), or null when it is done (a spot job). */
export async function runAlertJob(deps: AlertDeps, job: AlertJob, now: Date): Promise<Date | null> {
  switch (job.kind) {
    case "spot":
      await runSpotJob(deps, job, now);
      return null;
    case "reminders":
      await runReminders(deps, now);
      return new Date(now.getTime() + SWEEP_EVERY_MS);
    case "digests":
      await runDigests(deps, now);
      return new Date(now.getTime() + SWEEP_EVERY_MS);
    case "confirm":
      return runConfirmJob(deps, job.subscriberId!, now);
    default:
      await pruneAlerts(deps.db, now);
      return new Date(now.getTime() + PRUNE_EVERY_MS);
  }
}

/**
 * Until the outbox engine's channel runs them: every due job once, in order (tests call this
 * with their clock). A sweep's next due time is written after it ran.
 */
export async function runDueAlertJobs(deps: AlertDeps, now: Date): Promise<number> {
  const due = await deps.db.select().from(alertJobs).where(lte(alertJobs.nextAttemptAt, now)).orderBy(alertJobs.nextAttemptAt, alertJobs.id);
  for (const job of due) {
    const next = await runAlertJob(deps, job, now);
    await deps.db.update(alertJobs).set({ nextAttemptAt: next, attempts: 0, lastError: null }).where(eq(alertJobs.id, job.id));
  }
  return due.length;
}
