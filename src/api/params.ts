import { z } from "zod";
import { T } from "../shared/text";

/** `/:id` path parameters: a positive 32-bit integer (the ids' column type), else 400. */
export const idParams = z.object({
  id: z.coerce.number({ error: T.validation.invalidId }).int(T.validation.invalidId)
    .positive(T.validation.invalidId).max(2_147_483_647, T.validation.invalidId),
});
