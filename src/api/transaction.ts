// Transactions that PostgreSQL may abort under concurrency: a serialization failure
// (40001) or a detected deadlock (40P01) means "try again", never a 500.
import type { Db } from "../../db/client";
import { T } from "../shared/text";
import { DomainError } from "../domain/errors";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const RETRYABLE = new Set(["40001", "40P01"]);
const ATTEMPTS = 3;

/** The retryable SQLSTATE of a database error, looking through drizzle's wrapping. */
export function retryableCode(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === "string" && RETRYABLE.has(code)) return code;
  const cause = (err as { cause?: unknown } | null)?.cause;
  return cause && cause !== err ? retryableCode(cause) : null;
}

/** Still conflicting after the retries: a conflict with the catalogue's message (409). */
export class ConcurrentChangeError extends DomainError {
  constructor() {
    super("conflict", T.validation.concurrentChange);
  }
}

/** `db.transaction(work)`, run again (up to 3 times) when PostgreSQL aborts it for a conflict. */
export async function transact<R>(db: Db, work: (tx: Tx) => Promise<R>): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (!retryableCode(err)) throw err;
      if (attempt >= ATTEMPTS) throw new ConcurrentChangeError();
    }
  }
}
