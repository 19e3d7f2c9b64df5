// GET /api/audit-events: one page of events, newest first, with the filters the indexes of
// db/schema/audit.ts serve. Two statements run together (the count and the page), then one
// more names every record the page mentions (the entities, and ids among the changes).
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { auditEvents, boosters, games, invites, users, userSessions } from "../../../db/schema";
import { listName } from "../../domain/names";
import { T } from "../../shared/text";
import { AUDIT_ID_FIELDS, AUDIT_PAGE_SIZE, type AuditChanges, type AuditNames, type AuditNameTable } from "../../shared/audit";
import type { AuditEventItem, AuditPage, AuditQuery } from "../../shared/schemas/audit";

function conditions(q: AuditQuery): SQL | undefined {
  return and(
    q.actorId !== undefined ? eq(auditEvents.actorId, q.actorId) : undefined,
    q.entityType ? eq(auditEvents.entityType, q.entityType) : undefined,
    q.entityId ? eq(auditEvents.entityId, q.entityId) : undefined,
    q.from ? gte(auditEvents.at, q.from) : undefined,
    q.to ? lte(auditEvents.at, q.to) : undefined,
  );
}

type Row = { entityType: string; entityId: string; changes: AuditChanges };
type Wanted = Record<AuditNameTable | "session" | "invite", Set<number>>;

const ID = /^\d{1,9}$/;
function addId(into: Set<number>, v: unknown) {
  if (typeof v === "number" && Number.isInteger(v) && v > 0 && v < 2 ** 31) into.add(v);
  else if (typeof v === "string" && ID.test(v)) into.add(Number(v));
}

/** Every id the page's events name: user, game, session and invite entities, and id-valued changes. */
function wantedIds(rows: Row[]): Wanted {
  const w: Wanted = { user: new Set(), booster: new Set(), game: new Set(), session: new Set(), invite: new Set() };
  for (const r of rows) {
    if (r.entityType in w) addId(w[r.entityType as keyof Wanted], r.entityId);
    for (const table of Object.keys(AUDIT_ID_FIELDS) as AuditNameTable[]) {
      for (const field of AUDIT_ID_FIELDS[table]) {
        for (const side of r.changes[field] ?? []) for (const v of Array.isArray(side) ? side : [side]) addId(w[table], v);
      }
    }
  }
  return w;
}

const person = { nickname: users.nickname, firstName: users.firstName, lastName: users.lastName, email: users.email };
const noPerson = {
  nickname: sql<string | null>`null::text`, firstName: sql<string | null>`null::text`,
  lastName: sql<string | null>`null::text`, email: sql<string | null>`null::text`,
};
const tag = (t: string) => sql<string>`${sql.raw(`'${t}'`)}`.as("tag");

/**
 * The names for `w`'s ids in one statement (a UNION ALL of one branch per table that has ids):
 * users and a session's user by their list name, a booster as the run panels show one
 * ('BB-1002 (Nick)'), a game by its name, an invitation by the address it went to.
 */
async function namesOf(db: Db, w: Wanted): Promise<{ names: AuditNames; sessions: Map<number, string>; invites: Map<number, string> }> {
  const branches = [
    w.user.size && db.select({ tag: tag("user"), id: users.id, label: sql<string | null>`null::text`, ...person }).from(users).where(inArray(users.id, [...w.user])),
    w.booster.size && db.select({ tag: tag("booster"), id: boosters.id, label: sql<string | null>`${boosters.boosterId}::text`, ...person })
      .from(boosters).innerJoin(users, eq(users.id, boosters.userId)).where(inArray(boosters.id, [...w.booster])),
    w.game.size && db.select({ tag: tag("game"), id: games.id, label: sql<string | null>`${games.name}::text`, ...noPerson }).from(games).where(inArray(games.id, [...w.game])),
    w.session.size && db.select({ tag: tag("session"), id: userSessions.id, label: sql<string | null>`null::text`, ...person })
      .from(userSessions).innerJoin(users, eq(users.id, userSessions.userId)).where(inArray(userSessions.id, [...w.session])),
    w.invite.size && db.select({ tag: tag("invite"), id: invites.id, label: sql<string | null>`${invites.email}::text`, ...noPerson }).from(invites).where(inArray(invites.id, [...w.invite])),
  ].filter((b) => b !== 0);
  const names: AuditNames = { user: {}, booster: {}, game: {} };
  const sessions = new Map<number, string>();
  const invitesTo = new Map<number, string>();
  const [first, ...rest] = branches;
  if (!first) return { names, sessions, invites: invitesTo };
  // biome-ignore lint/suspicious/noExplicitAny: every branch selects the same columns; the builder's types differ only by table
  const rows = await (rest.reduce((q: any, b) => q.unionAll(b), first) as typeof first);
  for (const r of rows) {
    const key = String(r.id);
    if (r.tag === "user") names.user[key] = listName(r);
    else if (r.tag === "booster") names.booster[key] = r.nickname?.trim() ? `${r.label} (${r.nickname.trim()})` : r.label ?? key;
    else if (r.tag === "game") names.game[key] = r.label ?? key;
    else if (r.tag === "session") sessions.set(r.id, listName(r));
    else if (r.tag === "invite" && r.label) invitesTo.set(r.id, r.label);
  }
  return { names, sessions, invites: invitesTo };
}

/** What the entity column names: a run's display id as recorded, the others' names from `found`. */
function entityName(r: Row, found: Awaited<ReturnType<typeof namesOf>>): string | null {
  switch (r.entityType) {
    case "user": return found.names.user[r.entityId] ?? null;
    case "game": return found.names.game[r.entityId] ?? null;
    case "session": return found.sessions.get(Number(r.entityId)) ?? null;
    case "invite": return found.invites.get(Number(r.entityId)) ?? null;
    default: return null;
  }
}

export async function listAuditEvents(db: Db, q: AuditQuery): Promise<AuditPage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? AUDIT_PAGE_SIZE;
  const where = conditions(q);
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(auditEvents).where(where),
    db.select({
      id: auditEvents.id, at: auditEvents.at, actorId: auditEvents.actorId, actorKind: auditEvents.actorKind, action: auditEvents.action,
      entityType: auditEvents.entityType, entityId: auditEvents.entityId, changes: auditEvents.changes, requestId: auditEvents.requestId,
      nickname: users.nickname, firstName: users.firstName, lastName: users.lastName, email: users.email,
    })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const found = await namesOf(db, wantedIds(rows as Row[]));
  const events = rows.map(({ actorId, actorKind, nickname, firstName, lastName, email, at, changes, ...e }) => ({
    ...e,
    at: at.toISOString(),
    actor: actorKind === "storefront" ? { kind: "storefront", name: T.storefront.actor }
      : actorId === null ? null : { id: actorId, name: listName({ nickname, firstName, lastName, email }) },
    entityName: entityName({ ...e, changes: changes as AuditChanges }, found),
    changes: changes as AuditChanges,
  })) as AuditEventItem[];
  return { events, total: Number(counted?.n ?? 0), page, pageSize, names: found.names };
}

/** The actor filter's choices: every account, by name (people who left may still have acted). */
export async function listActors(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await db.select({ id: users.id, ...person }).from(users).orderBy(asc(users.id));
  return rows.map((r) => ({ id: r.id, name: listName(r) })).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
