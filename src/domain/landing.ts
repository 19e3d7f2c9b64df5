// Where a person lands after signing in: pending users complete their
// profile first; others go to returnTo when it is a path on this site, else their home.
import type { Role, UserStatus } from "../shared/enums";
import { dashboardFor, safeReturnTo } from "./access";

export function landingFor(user: { role: Role; status: UserStatus }, returnTo?: string | null): string {
  if (user.status === "pending") return "/complete-profile";
  return safeReturnTo(returnTo, dashboardFor(user));
}
