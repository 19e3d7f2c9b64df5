import { expect, test } from "bun:test";
import { pageAccess, safeReturnTo } from "./access";
import type { Viewer } from "../shared/types";

const v = (role: Viewer["role"], status: Viewer["status"] = "active"): Viewer => ({
  id: 1, email: "x@example.com", role, status, nickname: null, firstName: null, lastName: null, boosterId: null, boosterRecordId: null, locale: "en",
});

test("anonymous visitors are sent to /auth with returnTo", () => {
  expect(pageAccess(null, "admin", "/admin?tab=users")).toEqual({ kind: "signIn", to: "/auth?returnTo=%2Fadmin%3Ftab%3Dusers" });
});

test("/admin is for staff, /dashboard for boosters; others get the not-found page", () => {
  expect(pageAccess(v("owner"), "admin", "/admin").kind).toBe("ok");
  expect(pageAccess(v("administrator"), "admin", "/admin").kind).toBe("ok");
  expect(pageAccess(v("booster"), "admin", "/admin").kind).toBe("notFound");
  expect(pageAccess(v("booster"), "dashboard", "/dashboard").kind).toBe("ok");
  expect(pageAccess(v("owner"), "dashboard", "/dashboard").kind).toBe("notFound");
});

test("pending users complete their profile first; active users skip the profile page", () => {
  expect(pageAccess(v("booster", "pending"), "dashboard", "/dashboard")).toEqual({ kind: "redirect", to: "/complete-profile" });
  expect(pageAccess(v("administrator", "pending"), "completeProfile", "/complete-profile").kind).toBe("ok");
  expect(pageAccess(v("administrator"), "completeProfile", "/complete-profile")).toEqual({ kind: "redirect", to: "/admin" });
  expect(pageAccess(v("booster"), "completeProfile", "/complete-profile")).toEqual({ kind: "redirect", to: "/dashboard" });
});

test("/account is for every signed-in role once the profile is complete", () => {
  for (const role of ["owner", "administrator", "booster"] as const) expect(pageAccess(v(role), "account", "/account").kind).toBe("ok");
  expect(pageAccess(v("booster", "pending"), "account", "/account")).toEqual({ kind: "redirect", to: "/complete-profile" });
  expect(pageAccess(null, "account", "/account")).toEqual({ kind: "signIn", to: "/auth?returnTo=%2Faccount" });
});

test("returnTo accepts only paths on this site", () => {
  expect(safeReturnTo("/admin?tab=users")).toBe("/admin?tab=users");
  for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, 42, "/a\nb"]) {
    expect(safeReturnTo(bad)).toBe("/");
  }
});
