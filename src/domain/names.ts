import { T } from "../shared/text";

type Named = { nickname?: string | null; firstName?: string | null; lastName?: string | null; email?: string | null };

/** The header's welcome name: nickname, else first name, else 'User'. */
export function welcomeName(u: Named): string {
  return u.nickname?.trim() || u.firstName?.trim() || T.app.user;
}

/** The users list's name: nickname, else first plus last name, else email, else 'Unknown'. */
export function listName(u: Named): string {
  const full = [u.firstName?.trim(), u.lastName?.trim()].filter(Boolean).join(" ");
  return u.nickname?.trim() || full || u.email?.trim() || T.users.unknown;
}
