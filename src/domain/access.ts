// Who may open the guarded pages: /admin staff only, /dashboard boosters only (others get not-found); an account not active goes to /complete-profile.
import type { Viewer } from "../shared/types";
import { canAct, isStaff } from "./permissions";

export type PageAccess =
  | { kind: "ok" }
  | { kind: "signIn"; to: string }
  | { kind: "notFound" }
  | { kind: "redirect"; to: string };

export type GuardedPage = "admin" | "dashboard" | "completeProfile" | "account";

/** Home of a signed-in user: /admin for staff, /dashboard for the others. */
export function dashboardFor(v: Pick<Viewer, "role">): string {
  return isStaff(v) ? "/admin" : "/dashboard";
}

// What a Location header may carry as it is; anything else (non-ASCII, spaces, quotes,
// backslashes) is percent-encoded, so a returnTo can never break the header.
const NOT_URL_SAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]/gu;

/**
 * Only paths on this site: one leading slash, no scheme, no protocol-relative '//' or '/\',
 * no control characters or broken UTF-16; the rest percent-encoded (an existing %XX stays).
 */
export function safeReturnTo(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000 || !value.isWellFormed()) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  return value.replace(NOT_URL_SAFE, (c) => encodeURIComponent(c));
}

export function pageAccess(viewer: Viewer | null, page: GuardedPage, path: string): PageAccess {
  if (!viewer) return { kind: "signIn", to: `/auth?returnTo=${encodeURIComponent(safeReturnTo(path))}` };
  if (page === "completeProfile") {
    return viewer.status === "pending" ? { kind: "ok" } : { kind: "redirect", to: dashboardFor(viewer) };
  }
  if (!canAct(viewer)) return { kind: "redirect", to: "/complete-profile" };
  if (page === "account") return { kind: "ok" };
  if (page === "admin") return isStaff(viewer) ? { kind: "ok" } : { kind: "notFound" };
  return viewer.role === "booster" ? { kind: "ok" } : { kind: "notFound" };
}
