// The storefront's orders (POST /api/storefront/orders, docs/decisions/28-storefront-orders.md).
// One transaction per delivery: the run's row is locked (FOR UPDATE) before its places are
// read, so parallel orders of one run queue on it and none loses another's update; the
// (order, status) unique key with ON CONFLICT DO NOTHING makes every repeat a no-op that
// answers what the first delivery did.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { auditEvents, storefrontOrders } from "../../../db/schema";
import { publicChanged } from "../../../db/changes";
import { rows } from "../../../db/rows";
import { DomainError } from "../../domain/errors";
import { KINDS } from "../../kinds/registry";
import { SERVER_KINDS } from "../../kinds/server.generated";
import type { Tx } from "../../kinds/serverRows";
import type { RunKind } from "../../shared/enums";
import type { AuditAction, AuditChanges, AuditContext } from "../../shared/audit";
import { isReversal, type OrderRefusal, type OrderStatus } from "../../shared/storefront";
import type { OrderResult, StorefrontOrder } from "../../shared/schemas/storefront";
import { T } from "../../shared/text";
import { recordAudit } from "../audit/record";
import { transact } from "../transaction";
import { queueRunMessageEdit, type Site } from "../../announce/outbox";
import { placesChanged } from "../alerts/triggers";

type OrderRow = typeof storefrontOrders.$inferSelect;

/** What a delivery answers: what the order did (200), or why its run could not take it (409, recorded). */
export type OrderOutcome = { refused: OrderRefusal | null; result: OrderResult; replayed: boolean };

const outcomeOf = (row: OrderRow, replayed: boolean): OrderOutcome => ({
  refused: (row.refused as OrderRefusal | null) ?? null,
  result: { orderId: row.orderId, status: row.status as OrderStatus, run: row.run, counted: row.counted, overbooked: row.overbooked },
  replayed,
});

const stored = async (db: Db | Tx, orderId: string, status: OrderStatus): Promise<OrderRow | undefined> =>
  (await db.select().from(storefrontOrders).where(and(eq(storefrontOrders.orderId, orderId), eq(storefrontOrders.status, status))))[0];

/** Which table holds the run with this display id (unique across the three), by one indexed look per table. */
async function locateRun(tx: Tx, displayId: string): Promise<{ kind: RunKind; id: number } | null> {
  const branches = KINDS.map((k) => sql`select ${k}::text as kind, id from ${SERVER_KINDS[k].table} where display_id = ${displayId}`);
  const [row] = await rows<{ kind: RunKind; id: number }>(tx as unknown as Db, sql`${sql.join(branches, sql` union all `)} limit 1`);
  return row ?? null;
}

/**
 * A run id that is in no table but was: runs are deleted for real, and the audit trail keeps
 * their `run.delete` (AUDIT_RETENTION_DAYS; older deletions read as unknown runs).
 */
async function wasDeleted(tx: Tx, displayId: string): Promise<boolean> {
  const [audited] = await tx.select({ one: sql`1` }).from(auditEvents)
    .where(and(eq(auditEvents.entityType, "run"), eq(auditEvents.entityId, displayId), eq(auditEvents.action, "run.delete"))).limit(1);
  return !!audited;
}

const ACTION: Record<OrderStatus, AuditAction> = { paid: "order.paid", refunded: "order.refunded", cancelled: "order.cancelled" };

/** Records the order once: the inserted row, or null when a parallel delivery of the same (order, status) won. */
async function insertOnce(tx: Tx, values: typeof storefrontOrders.$inferInsert): Promise<OrderRow | null> {
  const [row] = await tx.insert(storefrontOrders).values(values).onConflictDoNothing({ target: [storefrontOrders.orderId, storefrontOrders.status] }).returning();
  return row ?? null;
}

/**
 * How many places a delivery moves on a run holding `taken` of `spots`:
 * - paid: what is left, up to the quantity (the rest is overbooked); nothing when places are
 *   not tracked, or when the order was refunded or cancelled before this payment arrived;
 * - refunded or cancelled: back what the paid order counted and no other reversal of it gave
 *   back yet (never below 0: staff may have lowered the count meanwhile).
 */
async function placesMoved(tx: Tx, order: StorefrontOrder, run: { spots: number | null; spotsTaken: number }): Promise<{ counted: number; overbooked: number }> {
  const sameOrder = await tx.select().from(storefrontOrders).where(eq(storefrontOrders.orderId, order.orderId));
  if (!isReversal(order.status)) {
    if (run.spots === null || sameOrder.some((r) => isReversal(r.status as OrderStatus) && !r.refused)) return { counted: 0, overbooked: 0 };
    const counted = Math.min(order.quantity, Math.max(0, run.spots - run.spotsTaken));
    return { counted, overbooked: order.quantity - counted };
  }
  const paid = sameOrder.find((r) => r.status === "paid");
  if (!paid) return { counted: 0, overbooked: 0 };
  if (paid.run !== order.run) throw new DomainError("invalid", T.storefront.otherRun({ orderId: order.orderId, run: paid.run }));
  const owed = sameOrder.filter((r) => r !== paid && !r.refused).reduce((left, r) => left + r.counted, paid.counted);
  return { counted: -Math.min(Math.max(0, owed), run.spotsTaken), overbooked: 0 };
}

/**
 * One delivery of an order. Unknown run: 404, nothing recorded. A run that started, was
 * cancelled or was deleted: recorded, nothing else changes, answered 409. Otherwise the
 * order is recorded, the run's places move and the audit trail says so, all in one
 * transaction; a repeat of the same (order, status) answers the first delivery's result.
 */
export async function receiveOrder(db: Db, site: Site, order: StorefrontOrder, audit: AuditContext): Promise<OrderOutcome> {
  const before = await stored(db, order.orderId, order.status);
  if (before) return outcomeOf(before, true);
  const now = audit.at;
  const base = { orderId: order.orderId, status: order.status, run: order.run, quantity: order.quantity, receivedAt: now };
  return transact(db, async (tx) => {
    const refuse = async (reason: OrderRefusal): Promise<OrderOutcome> => {
      const row = await insertOnce(tx, { ...base, refused: reason });
      if (!row) return outcomeOf((await stored(tx, order.orderId, order.status))!, true);
      await recordAudit(tx, audit, {
        action: "order.refused", entityType: "run", entityId: order.run,
        changes: { orderId: [null, order.orderId], status: [null, order.status], quantity: [null, order.quantity], refused: [null, reason] },
      });
      return outcomeOf(row, false);
    };
    const found = await locateRun(tx, order.run);
    if (!found) {
      if (await wasDeleted(tx, order.run)) return refuse("deleted");
      throw new DomainError("not_found", T.storefront.unknownRun({ run: order.run }));
    }
    const table = SERVER_KINDS[found.kind].table;
    // The lock every delivery for this run queues on: places are read and written under it.
    const [run] = await tx.select({ status: table.status, startsAt: table.startsAt, spots: table.spots, spotsTaken: table.spotsTaken })
      .from(table).where(eq(table.id, found.id)).for("update");
    if (!run) return refuse("deleted"); // deleted between the look-up and the lock
    if (run.status === "cancelled") return refuse("cancelled");
    if (run.status !== "available" || run.startsAt.getTime() <= now.getTime()) return refuse("started");

    const { counted, overbooked } = await placesMoved(tx, order, run);
    const row = await insertOnce(tx, { ...base, runKind: found.kind, runId: found.id, counted, overbooked });
    if (!row) return outcomeOf((await stored(tx, order.orderId, order.status))!, true);
    const changes: AuditChanges = { orderId: [null, order.orderId], quantity: [null, order.quantity] };
    if (counted !== 0) {
      const [after] = await tx.update(table)
        .set({ spotsTaken: sql`${table.spotsTaken} + ${counted}`, updatedAt: sql`now()`, revision: sql`${table.revision} + 1` })
        .where(eq(table.id, found.id)).returning({ spotsTaken: table.spotsTaken });
      changes.spotsTaken = [run.spotsTaken, after!.spotsTaken];
      await publicChanged(tx);
      // A refund or cancellation may open places on a full run: its spot alerts' job, queued here.
      if (counted < 0) await placesChanged(tx, found.kind, [{ id: found.id, spots: run.spots, spotsTaken: after!.spotsTaken }], now);
      // The run's Discord message shows its places: edited in place, in this transaction.
      await queueRunMessageEdit(tx, site, found);
    }
    if (overbooked) changes.overbooked = [null, overbooked];
    await recordAudit(tx, audit, { action: overbooked ? "order.overbooked" : ACTION[order.status], entityType: "run", entityId: order.run, changes });
    return outcomeOf(row, false);
  });
}

/**
 * Places sold beyond capacity on each of these runs by paid orders not refunded or cancelled
 * since: the staff tables' warning. One grouped statement per page (the partial index holds
 * only overbooked orders).
 */
export async function overbookedByRun(db: Db, kind: RunKind, runIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!runIds.length) return out;
  const found = await rows<{ runId: number; n: number }>(db, sql`
    select o.run_id as "runId", sum(o.overbooked)::int as n from ${storefrontOrders} o
    where o.run_kind = ${kind} and o.run_id in (${sql.join(runIds.map((id) => sql`${id}`), sql`, `)}) and o.overbooked > 0
      and not exists (select 1 from ${storefrontOrders} r where r.order_id = o.order_id and r.status <> 'paid' and r.refused is null)
    group by o.run_id`);
  for (const r of found) out.set(Number(r.runId), Number(r.n));
  return out;
}
