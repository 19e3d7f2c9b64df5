import { T } from "../../shared/text";
import { DomainError, type ErrorKind } from "../../domain/errors";
import { validationText } from "../../http/formPost";
import { localizedMessage } from "../../http/localizedMessage";

/**
 * The account area's client errors, each with its kind (src/http/errorAnswers.ts maps it to a
 * status) and the error catalogue's wording. Thrown by the services; the errors plugin answers them as
 * `{ message }`, and form posts (no JavaScript) are sent back to their page with `?error=<code>`.
 */
export const ACCOUNT_ERRORS = {
  credentials: ["unauthenticated", T.auth.loginFailed],
  tooMany: ["too_many", T.auth.tooManyAttempts],
  inviteUsed: ["invalid", T.invite.alreadyUsed],
  /** GET /api/validate-invite/{token}. */
  inviteNotFound: ["not_found", T.invite.invalidOrExpiredInvite],
  /** GET /api/invites/{token}. */
  invitationNotFound: ["not_found", T.invite.invalidOrExpired],
  /** Accepting, registering or completing a profile with a bad token. */
  invitationInvalid: ["invalid", T.invite.invalidOrExpired],
  emailMismatch: ["invalid", T.auth.inviteEmailMismatch],
  /** External sign-in without an opened invitation while several are open. */
  inviteAmbiguous: ["conflict", T.auth.inviteAmbiguous],
  emailTaken: ["conflict", T.auth.emailTaken],
  boosterIdTaken: ["conflict", T.auth.boosterIdTaken],
  unknownGames: ["invalid", T.auth.unknownGames],
  passwordNeeded: ["invalid", T.validation.passwordMin8],
  profileComplete: ["conflict", T.auth.profileAlreadyComplete],
  forbidden: ["forbidden", T.validation.forbidden],
  notFound: ["not_found", T.validation.notFound],
  userNotFound: ["not_found", T.users.notFound],
  /** Re-issuing or revoking an invitation that is used, expired or revoked already. */
  inviteNotPending: ["not_found", T.pendingInvites.notPending],
  resetInvalid: ["invalid", T.password.invalidOrExpired],
  accountInactive: ["conflict", T.password.accountInactive],
  wrongPassword: ["invalid", T.password.wrongCurrent],
  noPassword: ["conflict", T.password.noPassword],
  // The field rules, so a no-JavaScript form post that fails them goes back with a code.
  passwordUpper: ["invalid", T.validation.passwordUpper],
  passwordLower: ["invalid", T.validation.passwordLower],
  passwordNumber: ["invalid", T.validation.passwordNumber],
  passwordsDontMatch: ["invalid", T.validation.passwordsDontMatch],
  currentRequired: ["invalid", T.password.currentRequired],
  invalidRequest: ["invalid", T.validation.invalidRequest],
} as const satisfies Record<string, readonly [ErrorKind, string]>;

export type AccountErrorCode = keyof typeof ACCOUNT_ERRORS;

/** A DomainError that also names which account error it is, for the form pages' `?error=`. */
export class AccountError extends DomainError {
  constructor(readonly code: AccountErrorCode) {
    super(ACCOUNT_ERRORS[code][0], ACCOUNT_ERRORS[code][1]);
  }
}

/** Message for an `?error=` code on a page (an account error or a validation message's key); unknown codes show nothing. */
export function accountErrorMessage(code: unknown): string | null {
  if (typeof code === "string" && Object.hasOwn(ACCOUNT_ERRORS, code)) return localizedMessage(ACCOUNT_ERRORS[code as AccountErrorCode][1]);
  return validationText(code);
}

/** The unique constraint a database error broke, if that is what it is (postgres.js or PGlite, wrapped by drizzle or not). */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === "23505") return e.constraint_name ?? e.constraint ?? "";
  }
  return null;
}
