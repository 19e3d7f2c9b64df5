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

/** Only paths on this site: one leading slash, no scheme, no protocol-relative '//' or '/\'. */
export function safeReturnTo(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  return value;
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
