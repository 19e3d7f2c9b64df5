// The path and query ids every API route shares: one schema, one message.
import { z } from "zod";
import { T } from "../text";

/** PostgreSQL's integer maximum: a larger id can name no row, and the driver would refuse it. */
export const MAX_ID = 2_147_483_647;

/** A row id from a path segment or query string ("12" → 12); anything else reads "Invalid id". */
export const idParam = z.coerce.number({ error: T.validation.invalidId }).int(T.validation.invalidId)
  .positive(T.validation.invalidId).max(MAX_ID, T.validation.invalidId);

/** A positive integer id in a JSON body, whose every failure (missing, null, wrong type) reads `message`. */
export const idField = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** `/…/:id` routes. */
export const idParams = z.object({ id: idParam });
