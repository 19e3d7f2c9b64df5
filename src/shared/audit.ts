// The audit trail's closed value sets and page shape, shared by the API, its zod schemas and
// the Activity tab (no zod here, so the island stays small).

export const AUDIT_ENTITY_TYPES = ["run", "user", "invite", "game", "session"] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ACTIONS = [
  "run.create", "run.update", "run.status", "run.delete",
  "user.update", "user.deactivate", "user.delete",
  "invite.create", "invite.revoke", "invite.reissue", "invite.accept",
  "game.update", "game.reorder",
  "password.reset_request", "password.forgot", "password.reset", "password.change",
  "session.sign_in", "session.sign_out",
  // The storefront's orders (docs/decisions/28-storefront-orders.md), on the run they name.
  "order.paid", "order.overbooked", "order.refunded", "order.cancelled", "order.refused",
  // A visitor asked for an alert on a run or a calendar (docs/decisions/34-visitor-alerts.md): never the address.
  "alert.request",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Events per page unless asked otherwise, and the most a page may hold. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 100;

/**
 * Changed fields whose values are ids of another record, by the name table the audit list
 * answers them in (`AuditNames`): a run's booster is a boosters row, the rest users or games.
 */
export const AUDIT_ID_FIELDS = {
  user: ["userId", "invitedBy", "createdBy"],
  booster: ["boosterId"],
  game: ["gameId", "parentGameId", "gameIds"],
} as const satisfies Record<string, readonly string[]>;
export type AuditNameTable = keyof typeof AUDIT_ID_FIELDS;
/** The audit list's names for the ids its page mentions: table → id → name. */
export type AuditNames = Record<AuditNameTable, Record<string, string>>;

/** Changed fields that hold instants (ISO text); the Activity tab shows them in the console's zone. */
export const AUDIT_INSTANT_FIELDS: readonly string[] = ["startsAt", "expiresAt", "resetExpiresAt", "deletedAt", "usedAt"];

/** Changed fields: name → [before, after] (null where a side does not exist). */
export type AuditChanges = Record<string, [unknown, unknown]>;

/** The Activity tab's filters as URL query parameters (the run and user rows link with them). */
export type AuditFilters = { actorId?: number; entityType?: AuditEntityType; entityId?: string; from?: string; to?: string };

/** The Activity tab's address filtered to one entity's history. */
export function historyHref(entityType: AuditEntityType, entityId: string | number): string {
  return `/admin?tab=activity&entityType=${entityType}&entityId=${encodeURIComponent(String(entityId))}`;
}

/** Actors that are not a person: the storefront, through its signed order webhook. */
export const AUDIT_ACTOR_KINDS = ["storefront"] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/**
 * Who acts, in which request, at what time: made once per request by the session plugin;
 * scripts and tests use `auditBy`. `actorKind` names an actor that is not a person (no id).
 */
export type AuditContext = { actorId: number | null; actorKind?: AuditActorKind; requestId: string | null; at: Date };
