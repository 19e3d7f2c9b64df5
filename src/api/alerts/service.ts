// Visitor alerts (docs/decisions/34-visitor-alerts.md): asking for one, confirming, stopping
// one and listing an address's alerts. Plain functions of the database and the read model.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { alertJobs, alertSubscribers, alerts, alertTokens } from "../../../db/schema";
import { outboxQueued } from "../../../db/changes";
import type { AppContext, AppDeps } from "../../http/context";
import { readPath } from "../../readModel/readPath";
import { lookupRun } from "../../readModel/runPages";
import type { PublicSnapshot } from "../../readModel/model";
import { calendarKind, calendarView, findCalendarGame } from "../../kinds/calendarLookup";
import { canBook } from "../../domain/availability";
import { DomainError } from "../../domain/errors";
import { CONFIRM_RESEND_MS, CONFIRM_TTL_MS, REMINDER_LEAD_MS, type AlertType } from "../../shared/alerts";
import type { AlertRequest } from "../../shared/schemas/alerts";
import type { RunKind } from "../../shared/enums";
import { T, locale } from "../../shared/text";
import { DEFAULT_LOCALE, isLocale } from "../../shared/i18n/locales";
import { queueMail } from "../../mail/queue";
import { transact } from "../transaction";
import { recordAudit } from "../audit/record";
import type { AuditContext } from "../../shared/audit";
import { confirmationMail } from "./mails";
import { findToken, mintToken } from "./tokens";

const V = T.alerts.validation;

export type AlertDeps = AppDeps | AppContext;
export type AlertRow = typeof alerts.$inferSelect;

/** What an alert points at, resolved from the request against the public read model. */
type Target =
  | { type: "spot" | "reminder"; runKind: RunKind; runId: number; run: string }
  | { type: "new-runs"; calendar: string; filters: string; gameId: number };

const snapshotOf = (deps: AlertDeps): Promise<PublicSnapshot> => readPath(deps).model.get();

/**
 * The run or calendar the request names, as visitors see it now. A spot alert needs a full
 * run (one with places can be booked now); a reminder a run that starts more than an hour
 * from now; a new-runs alert a public calendar, whose filters are kept in their canonical
 * form (the calendar's own rules re-read them, so equal views are one alert).
 */
async function resolveTarget(deps: AlertDeps, input: AlertRequest, now: Date): Promise<Target> {
  const snap = await snapshotOf(deps);
  if (input.type === "new-runs") {
    const found = findCalendarGame(snap.games, input.calendar!);
    const cal = found && snap.calendars.get(found.game.id);
    if (!found || !cal) throw new DomainError("invalid", V.unknownCalendar);
    const { search } = calendarView(cal, new URLSearchParams(input.filters ?? ""));
    return { type: "new-runs", calendar: found.game.slug, filters: search.replace(/^\?/, ""), gameId: found.game.id };
  }
  const look = lookupRun(snap, input.run!);
  if (look.state !== "public") throw new DomainError("invalid", V.unknownRun);
  const { run, game } = look.page;
  const kind = calendarKind(game);
  if (!kind) throw new DomainError("invalid", V.unknownRun);
  if (input.type === "spot") {
    if (canBook(run.availability)) throw new DomainError("invalid", V.notFull);
    if (run.availability !== "full") throw new DomainError("invalid", V.closed);
  } else if (Date.parse(run.startsAt) - REMINDER_LEAD_MS <= now.getTime()) {
    throw new DomainError("invalid", V.tooLate);
  }
  return { type: input.type, runKind: kind, runId: run.id, run: run.displayId ?? input.run! };
}

/** How an alert reads on the pages and in the mails. */
export function describeAlert(a: Pick<AlertRow, "type" | "run" | "calendar" | "filters">, games: readonly { slug: string; name: string }[]): string {
  const D = T.alerts.describe;
  if (a.type === "new-runs") {
    const name = games.find((g) => g.slug === a.calendar)?.name ?? a.calendar ?? "";
    return D["new-runs"]({ calendar: name, filtered: !!a.filters });
  }
  return D[a.type as Exclude<AlertType, "new-runs">]({ run: a.run ?? "" });
}

/**
 * Stores the alert (once: asking again for the same thing changes nothing), a `confirm` job
 * for the address (once while one waits) and the audit event, in one transaction of the same
 * statements whatever the address's state: the answer, and its timing, say nothing about
 * whether the address was known. The job sends the confirmation (./jobs.ts).
 */
export async function requestAlert(db: Db, deps: AlertDeps, input: AlertRequest, audit: AuditContext): Promise<void> {
  const now = audit.at;
  const target = await resolveTarget(deps, input, now);
  await transact(db, async (tx) => {
    // An upsert that always returns the row (a no-op update on conflict), in one statement.
    const [sub] = await tx.insert(alertSubscribers).values({ email: input.email, createdAt: now })
      .onConflictDoUpdate({ target: alertSubscribers.email, set: { email: sql`excluded.email` } })
      .returning({ id: alertSubscribers.id });
    // The alert's mails speak the language it was asked in: the page's prefix (/de/alerts) or the
    // island's Accept-Language (the development pseudo-locale is English).
    const lang = locale();
    const common = { subscriberId: sub!.id, type: target.type, locale: isLocale(lang) ? lang : DEFAULT_LOCALE, createdAt: now };
    const values = target.type === "new-runs"
      ? { ...common, calendar: target.calendar, filters: target.filters }
      : { ...common, runKind: target.runKind, runId: target.runId, run: target.run };
    await tx.insert(alerts).values(values).onConflictDoNothing();
    await tx.insert(alertJobs).values({ kind: "confirm", subscriberId: sub!.id, createdAt: now, nextAttemptAt: now }).onConflictDoNothing();
    // The trail says what was asked for, on the run or the game: never who asked.
    await recordAudit(tx, audit, target.type === "new-runs"
      ? { action: "alert.request", entityType: "game", entityId: String(target.gameId), changes: { type: [null, target.type], filters: [null, target.filters] } }
      : { action: "alert.request", entityType: "run", entityId: target.run, changes: { type: [null, target.type] } });
    outboxQueued(tx);
  });
}

/**
 * A confirm job: the confirmation mail for an address's waiting alerts. Sent when the
 * address has an alert waiting that no confirmation listed yet (asked for after the last
 * one) and its last confirmation is 10 minutes old; within the 10 minutes the job comes back
 * when they are over. The confirmation lists every alert of the address still waiting, and
 * its link confirms them all. Answers when the job is due again, or null when it is done.
 */
export async function runConfirmJob(deps: AlertDeps, subscriberId: number, now: Date): Promise<Date | null> {
  const games = (await snapshotOf(deps)).games;
  return transact(deps.db, async (tx) => {
    const [sub] = await tx.select().from(alertSubscribers).where(eq(alertSubscribers.id, subscriberId)).for("update");
    if (!sub) return null;
    const waiting = await tx.select().from(alerts).where(and(eq(alerts.subscriberId, sub.id), isNull(alerts.consentedAt))).orderBy(asc(alerts.id));
    const unlisted = waiting.some((a) => !sub.confirmSentAt || a.createdAt > sub.confirmSentAt);
    if (!unlisted) return null;
    const allowedAt = sub.confirmSentAt ? sub.confirmSentAt.getTime() + CONFIRM_RESEND_MS : 0;
    if (allowedAt > now.getTime()) return new Date(allowedAt);
    await tx.update(alertSubscribers).set({ confirmSentAt: now }).where(eq(alertSubscribers.id, sub.id));
    const token = await mintToken(tx, "confirm", sub.id, null, new Date(now.getTime() + CONFIRM_TTL_MS));
    // In the language of the newest alert waiting: the page the visitor just used.
    const locale = waiting.at(-1)!.locale;
    await queueMail(tx, now, confirmationMail(deps.config.publicOrigin, sub.email, token, locale, () => waiting.map((a) => describeAlert(a, games))));
    return null;
  });
}

/** A confirmation link's state: the alerts it would confirm, or nothing valid. */
export type ConfirmState = { state: "valid"; waiting: string[] } | { state: "nothing" } | { state: "invalid" };

/** What /alerts/confirm/{token} shows (a GET changes nothing: mail scanners open links). */
export async function confirmState(deps: AlertDeps, raw: string, now: Date): Promise<ConfirmState> {
  const token = await findToken(deps.db, raw, "confirm", now);
  if (!token) return { state: "invalid" };
  const waiting = await deps.db.select().from(alerts).where(and(eq(alerts.subscriberId, token.subscriberId), isNull(alerts.consentedAt))).orderBy(asc(alerts.id));
  if (!waiting.length) return { state: "nothing" };
  const games = (await snapshotOf(deps)).games;
  return { state: "valid", waiting: waiting.map((a) => describeAlert(a, games)) };
}

/**
 * Confirms every alert of the link's address still waiting (the consent time is now), and
 * ends the address's confirmation links. A new-runs alert starts from the runs its calendar
 * has now: only runs after these are new to it. Answers how many were confirmed, or null
 * for an invalid or expired link.
 */
export async function confirmAlerts(deps: AlertDeps, raw: string, now: Date): Promise<number | null> {
  const snap = await snapshotOf(deps);
  return transact(deps.db, async (tx) => {
    const token = await findToken(tx, raw, "confirm", now);
    if (!token) return null;
    const waiting = await tx.select().from(alerts)
      .where(and(eq(alerts.subscriberId, token.subscriberId), isNull(alerts.consentedAt))).for("update");
    for (const a of waiting) {
      const seen = a.type === "new-runs" ? seenRunIdOf(snap, a.calendar!) : null;
      await tx.update(alerts).set({ consentedAt: now, seenRunId: seen }).where(eq(alerts.id, a.id));
    }
    await tx.delete(alertTokens).where(and(eq(alertTokens.subscriberId, token.subscriberId), eq(alertTokens.purpose, "confirm")));
    // Places may have opened while a spot alert waited for its confirmation (no job was
    // queued: nobody confirmed was waiting). A spot job looks now; on a full run it does nothing.
    const spotRuns = new Map(waiting.filter((a) => a.type === "spot").map((a) => [`${a.runKind}:${a.runId}`, a]));
    if (spotRuns.size) {
      await tx.insert(alertJobs).values([...spotRuns.values()].map((a) => ({ kind: "spot", runKind: a.runKind, runId: a.runId, createdAt: now, nextAttemptAt: now })))
        .onConflictDoNothing();
      outboxQueued(tx);
    }
    return waiting.length;
  });
}

/** The highest run id a calendar's kind has issued: runs above it are new. */
export function seenRunIdOf(snap: PublicSnapshot, slug: string): number {
  const found = findCalendarGame(snap.games, slug);
  const kind = found ? calendarKind(found.game) : null;
  return kind ? snap.runIndex.issued[kind] : 0;
}

/** An unsubscribe link's alert: described, gone (ended already), or an invalid link. */
export type UnsubscribeState = { state: "valid"; alert: string } | { state: "gone" } | { state: "invalid" };

export async function unsubscribeState(deps: AlertDeps, raw: string, now: Date): Promise<UnsubscribeState> {
  const token = await findToken(deps.db, raw, "mail", now);
  if (!token) return { state: "invalid" };
  if (token.alertId === null) return { state: "gone" };
  const [a] = await deps.db.select().from(alerts).where(eq(alerts.id, token.alertId));
  if (!a) return { state: "gone" };
  return { state: "valid", alert: describeAlert(a, (await snapshotOf(deps)).games) };
}

/** Deletes these alerts of one address; the address goes with its last alert. */
async function removeAlerts(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], subscriberId: number, ids: readonly number[]): Promise<{ addressDeleted: boolean }> {
  if (ids.length) await tx.delete(alerts).where(and(eq(alerts.subscriberId, subscriberId), inArray(alerts.id, [...ids])));
  const [left] = await tx.select({ one: sql`1` }).from(alerts).where(eq(alerts.subscriberId, subscriberId)).limit(1);
  if (left) return { addressDeleted: false };
  await tx.delete(alertSubscribers).where(eq(alertSubscribers.id, subscriberId));
  return { addressDeleted: true };
}

/**
 * One-click unsubscribe (RFC 8058): ends the link's alert. "gone" when it had ended already
 * (the answer is the same success to the visitor), null for an invalid link.
 */
export async function unsubscribe(deps: AlertDeps, raw: string, now: Date): Promise<"done" | "gone" | null> {
  return transact(deps.db, async (tx) => {
    const token = await findToken(tx, raw, "mail", now);
    if (!token) return null;
    if (token.alertId === null) return "gone";
    const [a] = await tx.select({ id: alerts.id }).from(alerts).where(eq(alerts.id, token.alertId)).for("update");
    if (!a) return "gone";
    await removeAlerts(tx, token.subscriberId, [a.id]);
    return "done";
  });
}

export type ManagedAlert = { id: number; text: string; pending: boolean };

/** Every alert of a manage link's address, or null for an invalid link. */
export async function managedAlerts(deps: AlertDeps, raw: string, now: Date): Promise<ManagedAlert[] | null> {
  const token = await findToken(deps.db, raw, "mail", now);
  if (!token) return null;
  const list = await deps.db.select().from(alerts).where(eq(alerts.subscriberId, token.subscriberId)).orderBy(asc(alerts.id));
  const games = (await snapshotOf(deps)).games;
  return list.map((a) => ({ id: a.id, text: describeAlert(a, games), pending: a.consentedAt === null }));
}

/** Removes one alert from the manage page: "removed", "empty" (that was the last: the address is gone), or null for an invalid link. */
export async function removeManagedAlert(deps: AlertDeps, raw: string, alertId: number, now: Date): Promise<"removed" | "empty" | null> {
  return transact(deps.db, async (tx) => {
    const token = await findToken(tx, raw, "mail", now);
    if (!token) return null;
    const { addressDeleted } = await removeAlerts(tx, token.subscriberId, [alertId]);
    return addressDeleted ? "empty" : "removed";
  });
}

