// The audit list's query (GET /api/audit-events) and answer. The Activity tab builds its
// query from the same names (src/shared/audit.ts) without loading zod.
import { z } from "./zod";
import { T } from "../text";
import { idParam } from "./params";
import { textOf } from "./text";
import { consoleDayBounds } from "../../domain/dateFormat";
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_ENTITY_TYPES, AUDIT_MAX_PAGE_SIZE } from "../audit";

const V = T.validation;
const A = T.activity;

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * Instants the query can send: a '0000-…' date (or '0001-01-01' with an offset) has no
 * timestamptz, and one past 9999 (9999-12-31 with a negative offset) is written '+010000-…',
 * which PostgreSQL cannot read. Either failed the query with a 500.
 */
const FIRST_INSTANT = Date.parse("0001-01-01T00:00:00Z");
const END_INSTANT = Date.UTC(10_000, 0, 1);

/**
 * A date or an ISO instant. A bare date ('2026-11-21', what the Activity tab's date fields
 * send) is a whole day on the console's clocks (CET, DST included, as every Activity time is
 * shown): `from` its first instant, `to` its last, so from = to = one day.
 */
const instant = (message: string, edge: "start" | "end") =>
  z.string({ error: message }).trim().refine((v) => (BARE_DATE.test(v)
    ? consoleDayBounds(v) !== null
    : /^\d{4}-\d{2}-\d{2}[T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.test(v) && Date.parse(v) >= FIRST_INSTANT && Date.parse(v) < END_INSTANT), message)
    .transform((v) => {
      const day = BARE_DATE.test(v) ? consoleDayBounds(v) : null;
      return day ? (edge === "end" ? day.end : day.start) : new Date(v);
    });

export const auditQuerySchema = z.object({
  actorId: idParam.optional(),
  entityType: z.enum(AUDIT_ENTITY_TYPES, { error: A.invalidEntityType }).optional(),
  entityId: textOf(A.invalidEntityId).trim().min(1, A.invalidEntityId).max(40, A.invalidEntityId).optional(),
  from: instant(A.invalidFrom, "start").optional(),
  to: instant(A.invalidTo, "end").optional(),
  page: z.coerce.number({ error: V.invalidPage }).int(V.invalidPage).min(1, V.invalidPage).max(1_000_000, V.invalidPage).optional(),
  pageSize: z.coerce.number({ error: V.invalidPageSize }).int(V.invalidPageSize).min(1, V.invalidPageSize).max(AUDIT_MAX_PAGE_SIZE, V.invalidPageSize).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: A.invalidRange, path: ["to"] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEventSchema = z.strictObject({
  id: z.number().int(),
  /** ISO instant. */
  at: z.string(),
  /** Who acted: a person, the storefront (its signed order webhook), or null for the system or an anonymous request. */
  actor: z.union([
    z.strictObject({ id: z.number().int(), name: z.string() }),
    z.strictObject({ kind: z.enum(AUDIT_ACTOR_KINDS), name: z.string() }),
  ]).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entityType: z.enum(AUDIT_ENTITY_TYPES),
  entityId: z.string(),
  /** The entity's name for people (a user's or session owner's name, a game's, an invitation's address); null for runs, whose id is their display id, and for records gone. */
  entityName: z.string().nullable(),
  /** Changed fields: name → [before, after]. Never a secret. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  requestId: z.string().nullable(),
});
const idNames = z.record(z.string(), z.string());
export const auditPageSchema = z.strictObject({
  events: z.array(auditEventSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(),
  /** Names for the ids among the page's changes (AUDIT_ID_FIELDS), fetched with the page. */
  names: z.strictObject({ user: idNames, booster: idNames, game: idNames }),
});
export type AuditEventItem = z.infer<typeof auditEventSchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;
