import { T } from "../../shared/text";
import { validationText } from "../../http/formPost";

/**
 * The account area's client errors, each with its status and SPEC wording. Thrown by the
 * services; the errors plugin answers them as `{ message }` with their status, and form
 * posts (no JavaScript) are sent back to their page with `?error=<code>`.
 */
export const ACCOUNT_ERRORS = {
  credentials: [401, T.auth.loginFailed],
  tooMany: [429, T.auth.tooManyAttempts],
  inviteUsed: [400, T.invite.alreadyUsed],
  /** GET /api/validate-invite/{token}. */
  inviteNotFound: [404, T.invite.invalidOrExpiredInvite],
  /** GET /api/invites/{token}. */
  invitationNotFound: [404, T.invite.invalidOrExpired],
  /** Accepting, registering or completing a profile with a bad token. */
  invitationInvalid: [400, T.invite.invalidOrExpired],
  emailMismatch: [400, T.auth.inviteEmailMismatch],
  /** External sign-in without an opened invitation while several are open. */
  inviteAmbiguous: [409, T.auth.inviteAmbiguous],
  emailTaken: [409, T.auth.emailTaken],
  boosterIdTaken: [409, T.auth.boosterIdTaken],
  unknownGames: [400, T.auth.unknownGames],
  passwordNeeded: [400, T.validation.passwordMin8],
  profileComplete: [409, T.auth.profileAlreadyComplete],
  forbidden: [403, T.validation.forbidden],
  notFound: [404, T.validation.notFound],
  userNotFound: [404, T.users.notFound],
  /** Re-issuing or revoking an invitation that is used, expired or revoked already. */
  inviteNotPending: [404, T.pendingInvites.notPending],
  resetInvalid: [400, T.password.invalidOrExpired],
  accountInactive: [409, T.password.accountInactive],
  wrongPassword: [400, T.password.wrongCurrent],
  noPassword: [409, T.password.noPassword],
  // The field rules, so a no-JavaScript form post that fails them goes back with a code.
  passwordUpper: [400, T.validation.passwordUpper],
  passwordLower: [400, T.validation.passwordLower],
  passwordNumber: [400, T.validation.passwordNumber],
  passwordsDontMatch: [400, T.validation.passwordsDontMatch],
  currentRequired: [400, T.password.currentRequired],
  invalidRequest: [400, T.validation.invalidRequest],
} as const satisfies Record<string, readonly [number, string]>;

export type AccountErrorCode = keyof typeof ACCOUNT_ERRORS;

export class AccountError extends Error {
  readonly status: number;
  constructor(readonly code: AccountErrorCode) {
    super(ACCOUNT_ERRORS[code][1]);
    this.status = ACCOUNT_ERRORS[code][0];
  }
}

/** Message for an `?error=` code on a page (an account error or a validation message's key); unknown codes show nothing. */
export function accountErrorMessage(code: unknown): string | null {
  if (typeof code === "string" && Object.hasOwn(ACCOUNT_ERRORS, code)) return ACCOUNT_ERRORS[code as AccountErrorCode][1];
  return validationText(code);
}

/** The unique constraint a database error broke, if that is what it is (postgres.js or PGlite, wrapped by drizzle or not). */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === "23505") return e.constraint_name ?? e.constraint ?? "";
  }
  return null;
}
