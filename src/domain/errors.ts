// The one error model of the services: what went wrong, in the domain's words. Services
// throw a DomainError; only src/http/errorAnswers.ts knows which HTTP status each kind becomes.

export const ERROR_KINDS = ["invalid", "unauthenticated", "forbidden", "not_found", "conflict", "too_many"] as const;
/** invalid: the input cannot be used; unauthenticated: nobody (or the wrong person) signed in; forbidden: not allowed for this person; not_found: no such thing (for this person); conflict: the current state forbids it; too_many: rate limited. */
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** A refusal the client caused, with the message to show them (catalogue text). */
export class DomainError extends Error {
  constructor(readonly kind: ErrorKind, message: string) {
    super(message);
    this.name = "DomainError";
  }
}
