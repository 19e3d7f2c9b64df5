// Roles and permissions as functions: the API enforces these, and the UI uses the same ones to show or
// hide actions.
import { STAFF_ROLES, type Role, type UserStatus, type UserType } from "../shared/enums";

type Actor = { id: number; role: Role; boosterRecordId?: number | null } | null;
type Target = { id: number; role: Role };

/** Staff (STAFF_ROLES: owner, administrator) manage every game, run and booster. */
export const isStaff = (a: { role: Role } | null | undefined): boolean => !!a && (STAFF_ROLES as readonly Role[]).includes(a.role);

/**
 * The one status rule: only an active account acts (every API write and staff read, the
 * dashboards). A pending account may only complete its profile; inactive and suspended
 * accounts have no session at all.
 */
export const canAct = (a: { status: UserStatus } | null): boolean => a?.status === "active";

/** Statuses that may sign in: active, and pending (a pending account signs in to complete its profile). */
export const SIGN_IN_STATUSES = ["active", "pending"] as const satisfies readonly UserStatus[];
export const canSignIn = (status: UserStatus): boolean => (SIGN_IN_STATUSES as readonly UserStatus[]).includes(status);

/** Owner: any user. Administrator: boosters only. Boosters: nobody. */
export function canManageUser(actor: Actor, target: Target): boolean {
  if (!actor) return false;
  if (actor.role === "owner") return true;
  if (actor.role === "administrator") return target.role === "booster";
  return false;
}

/** Only the owner changes roles, and only of non-booster users. */
export function canChangeRole(actor: Actor, target: Target): boolean {
  return actor?.role === "owner" && target.role !== "booster";
}

/** Staff may invite boosters; only the owner may invite administrators or owners. */
export function canInvite(actor: Actor, userType: UserType): boolean {
  if (!isStaff(actor)) return false;
  return userType === "booster" || actor!.role === "owner";
}

/**
 * Issuing a one-time password reset link: the owner for anyone, an administrator for
 * boosters only (the same reach as managing the user).
 */
export function canResetPassword(actor: Actor, target: Target): boolean {
  return canManageUser(actor, target);
}

export function invitableTypes(actor: Actor): UserType[] {
  return (["booster", "administrator", "owner"] as const).filter((t) => canInvite(actor, t));
}

/** Staff act on every run; a booster on their own runs in games assigned to them. */
export function canActOnRun(
  actor: Actor, run: { boosterId: number; gameId: number }, assignedGameIds: readonly number[],
): boolean {
  if (isStaff(actor)) return true;
  return !!actor && actor.role === "booster" && actor.boosterRecordId === run.boosterId && assignedGameIds.includes(run.gameId);
}

/** Only the owner sees separate Production and Dev toggles and may change dev visibility. */
/** Roles that may set a game's dev visibility (the owner). */
export const DEV_VISIBILITY_ROLES = ["owner"] as const satisfies readonly Role[];
export const canSetDevVisibility = (a: Actor): boolean => !!a && (DEV_VISIBILITY_ROLES as readonly Role[]).includes(a.role);

/** Roles that may set a game's booking cutoff (when booking closes before its runs start: a business rule). */
export const BOOKING_CUTOFF_ROLES = ["owner"] as const satisfies readonly Role[];
export const canSetBookingCutoff = (a: Actor): boolean => !!a && (BOOKING_CUTOFF_ROLES as readonly Role[]).includes(a.role);

/** Roles that may set a game's Discord webhook (the owner: the URL is a secret of the business). */
export const WEBHOOK_ROLES = ["owner"] as const satisfies readonly Role[];
export const canSetWebhook = (a: Actor): boolean => !!a && (WEBHOOK_ROLES as readonly Role[]).includes(a.role);
