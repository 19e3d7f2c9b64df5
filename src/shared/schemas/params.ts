// The path and query ids every API route shares: one schema, one message.
import { z } from "./zod";
import { T } from "../text";
import { MAX_ID } from "./ids";

/** A row id from a path segment or query string ("12" → 12); anything else reads "Invalid id". */
export const idParam = z.coerce.number({ error: T.validation.invalidId }).int(T.validation.invalidId)
  .positive(T.validation.invalidId).max(MAX_ID, T.validation.invalidId);

/** `/…/:id` routes. */
export const idParams = z.object({ id: idParam });
