// The edit-user body (PATCH /api/users/{id}) and the users list's row shape. The same
// schema validates the API body and the Edit User form.
import { z } from "./zod";
import { T } from "../text";
import { nicknameSchema } from "./auth";
import { idField } from "./ids";
import type { pendingInviteSchema, userListItemSchema } from "./responses";

const gameId = idField(T.validation.invalidRequest);

export const updateUserSchema = z.object({
  nickname: nicknameSchema,
  status: z.enum(["active", "inactive"], { error: T.validation.invalidRequest }),
  gameIds: z.array(gameId, { error: T.validation.invalidRequest }).max(200, T.validation.invalidRequest).optional(),
  role: z.enum(["administrator", "owner"], { error: T.validation.invalidRequest }).optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** One row of GET /api/users: no password hash, no tokens. */
export type UserListItem = z.infer<typeof userListItemSchema>;

/** One row of GET /api/pending-invites: an invitation not yet accepted that still works (never its token). */
export type PendingInvite = z.infer<typeof pendingInviteSchema>;
