// The platform always keeps an owner who can sign in and act, also when
// owners change each other at the same moment (never a deadlock, never a 500).
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, isNull } from "drizzle-orm";
import { users } from "../../../db/schema";
import { resetDb } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { makeUser } from "../../testing/factories";

let t: TestApp;
let A: number; // owner@example.com
let B: number; // owner2@example.com
beforeAll(async () => { t = await makeTestApp(); }, 60_000);
beforeEach(async () => {
  await resetDb({ runs: false });
  const [a] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com"));
  const b = await makeUser(t.db, { email: "owner2@example.com", role: "owner", nickname: "Owner Two" });
  A = a!.id;
  B = b!.id;
});

const EMAIL = { A: "owner@example.com", B: "owner2@example.com" } as const;
const nickname = { A: "Owner", B: "Owner Two" } as const;
const idOf = (who: "A" | "B") => (who === "A" ? A : B);

async function act(by: "A" | "B", cookie: string, method: "PATCH" | "DELETE", target: "A" | "B", change: { role?: "administrator"; status?: "inactive" } = {}) {
  const body = method === "PATCH" ? { nickname: nickname[target], status: change.status ?? "active", ...(change.role ? { role: change.role } : {}) } : undefined;
  const res = await t.request(method, `/api/users/${idOf(target)}`, { cookie, body });
  return { by, status: res.status, body: (await res.json()) as { message?: string } };
}

/** Owners who can sign in and act: role owner, active, not deleted. */
async function actingOwners(): Promise<number[]> {
  const rows = await t.db.select({ id: users.id }).from(users)
    .where(and(eq(users.role, "owner"), eq(users.status, "active"), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

describe("(a) only owners who can sign in count", () => {
  test("A deactivates B, then cannot demote, deactivate or delete themself: an owner who can sign in remains", async () => {
    const a = await t.cookieFor(EMAIL.A);
    expect((await act("A", a, "PATCH", "B", { status: "inactive" })).status).toBe(200);
    expect(await act("A", a, "PATCH", "A", { role: "administrator" })).toMatchObject({ status: 400, body: { message: "The last owner must keep the owner role." } });
    expect((await act("A", a, "PATCH", "A", { status: "inactive" })).status).toBe(400);
    expect((await act("A", a, "DELETE", "A")).status).toBe(400);
    expect(await actingOwners()).toEqual([A]);
  });

  test("a pending owner does not count either; another owner who can sign in does", async () => {
    await t.db.update(users).set({ status: "pending" }).where(eq(users.id, B));
    const a = await t.cookieFor(EMAIL.A);
    expect((await act("A", a, "PATCH", "A", { role: "administrator" })).status).toBe(400);
    await t.db.update(users).set({ status: "active" }).where(eq(users.id, B));
    expect((await act("A", a, "PATCH", "A", { role: "administrator" })).status).toBe(200);
    expect(await actingOwners()).toEqual([B]);
  });

  test("an inactive owner may be deleted while another owner can sign in; that owner then cannot step down", async () => {
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.id, A));
    const b = await t.cookieFor(EMAIL.B);
    expect((await act("B", b, "DELETE", "A")).status).toBe(200);
    expect(await actingOwners()).toEqual([B]);
    expect((await act("B", b, "PATCH", "B", { role: "administrator" })).status).toBe(400);
  });
});

describe("(b) owners changing each other at the same moment", () => {
  // On PostgreSQL this is the real race (PGlite runs one transaction at a time).
  test.each([
    ["demote", "PATCH", { role: "administrator" }],
    ["deactivate", "PATCH", { status: "inactive" }],
    ["delete", "DELETE", {}],
  ] as const)("mutual %s, repeated: never a 500, always an owner who can sign in", async (_, method, change) => {
    for (let round = 0; round < 6; round++) {
      if (round > 0) {
        await t.db.update(users).set({ role: "owner", status: "active", deletedAt: null }).where(eq(users.id, A));
        await t.db.update(users).set({ role: "owner", status: "active", deletedAt: null }).where(eq(users.id, B));
      }
      const [a, b] = [await t.cookieFor(EMAIL.A), await t.cookieFor(EMAIL.B)];
      const answers = await Promise.all([act("A", a, method, "B", change), act("B", b, method, "A", change)]);
      for (const ans of answers) expect([200, 400, 401, 403, 409]).toContain(ans.status);
      expect((await actingOwners()).length).toBeGreaterThanOrEqual(1);
      // The one who went first wins; the other is refused rather than leaving no owner.
      expect(answers.filter((x) => x.status === 200).length).toBeLessThanOrEqual(1);
    }
  }, 60_000);
});
