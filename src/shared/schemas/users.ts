// The edit-user body (PATCH /api/users/{id}) and the users list's row shape. The same
// schema validates the API body and the Edit User form (SPEC §5 "Edit user").
import { z } from "./zod";
import { T } from "../text";
import { nicknameSchema } from "./auth";
import type { Role, UserStatus, UserType } from "../enums";

const gameId = z.number({ error: T.validation.invalidRequest }).int(T.validation.invalidRequest).positive(T.validation.invalidRequest).max(2_147_483_647, T.validation.invalidRequest);

export const updateUserSchema = z.object({
  nickname: nicknameSchema,
  status: z.enum(["active", "inactive"], { error: T.validation.invalidRequest }),
  gameIds: z.array(gameId, { error: T.validation.invalidRequest }).max(200, T.validation.invalidRequest).optional(),
  role: z.enum(["administrator", "owner"], { error: T.validation.invalidRequest }).optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** One row of GET /api/users: no password hash, no tokens. */
export type UserListItem = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  nickname: string | null;
  profileImageUrl: string | null;
  role: Role;
  status: UserStatus;
  /** ISO timestamp. */
  createdAt: string;
  /** Boosters only: their booster record, booster id and active game assignments. */
  booster: { id: number; boosterId: string; gameIds: number[] } | null;
};

/** One row of GET /api/invites: an invitation not yet accepted that still works (never its token). */
export type PendingInvite = {
  id: number;
  email: string;
  userType: UserType;
  boosterUserId: string | null;
  gameIds: number[];
  /** Who sent it (the users list's name), null when that account is gone. */
  invitedBy: string | null;
  /** ISO timestamps. */
  createdAt: string;
  expiresAt: string;
};
