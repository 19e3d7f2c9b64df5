import { describe, expect, test } from "bun:test";
import { canAct, canActOnRun, canChangeRole, canInvite, canManageUser, canResetPassword, canSetDevVisibility, invitableTypes } from "./permissions";

const owner = { id: 1, role: "owner" as const };
const admin = { id: 2, role: "administrator" as const };
const booster = { id: 3, role: "booster" as const, boosterRecordId: 10 };
const other = { id: 4, role: "booster" as const, boosterRecordId: 11 };

describe("user management", () => {
  test("owner manages anyone, administrator only boosters, boosters nobody, anonymous nobody", () => {
    for (const t of [owner, admin, booster]) expect(canManageUser(owner, t)).toBe(true);
    expect([owner, admin, booster].map((t) => canManageUser(admin, t))).toEqual([false, false, true]);
    expect([owner, admin, other].map((t) => canManageUser(booster, t))).toEqual([false, false, false]);
    expect(canManageUser(null, booster)).toBe(false);
  });
  test("only the owner changes roles, and never a booster's", () => {
    expect(canChangeRole(owner, admin)).toBe(true);
    expect(canChangeRole(owner, booster)).toBe(false);
    expect(canChangeRole(admin, admin)).toBe(false);
  });
});

test("invitations: staff invite boosters; only the owner invites staff", () => {
  expect(invitableTypes(owner)).toEqual(["booster", "administrator", "owner"]);
  expect(invitableTypes(admin)).toEqual(["booster"]);
  expect(invitableTypes(booster)).toEqual([]);
  expect(canInvite(null, "booster")).toBe(false);
});

test("password reset links: the owner for anyone, an administrator for boosters only, nobody else", () => {
  expect([owner, admin, booster].map((t) => canResetPassword(owner, t))).toEqual([true, true, true]);
  expect([owner, admin, booster].map((t) => canResetPassword(admin, t))).toEqual([false, false, true]);
  expect([owner, admin, other].map((t) => canResetPassword(booster, t))).toEqual([false, false, false]);
  expect(canResetPassword(null, booster)).toBe(false);
});

test("runs: staff act on all; a booster on own runs in assigned games only", () => {
  const run = { boosterId: 10, gameId: 1 };
  expect(canActOnRun(admin, run, [])).toBe(true);
  expect(canActOnRun(booster, run, [1, 3])).toBe(true);
  expect(canActOnRun(booster, run, [4])).toBe(false);
  expect(canActOnRun(other, run, [1])).toBe(false);
  expect(canActOnRun(null, run, [1])).toBe(false);
});

test("dev visibility is the owner's", () => {
  expect([owner, admin, booster].map(canSetDevVisibility)).toEqual([true, false, false]);
});

describe("account status: only active users act", () => {
  test("only an active account acts; pending, inactive, suspended and anonymous do not", () => {
    expect((["active", "pending", "inactive", "suspended"] as const).map((status) => canAct({ status }))).toEqual([true, false, false, false]);
    expect(canAct(null)).toBe(false);
  });
});
