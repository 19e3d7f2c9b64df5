import { expect, test } from "bun:test";
import { auditEvents } from "../../../db/schema";
import { TEST_NOW, resetDb, testDb } from "../../testing/db";
import { changesBetween, recordAudit } from "./record";

test("only changed fields, as [before, after]; secrets and bookkeeping never", () => {
  const before = { nickname: "a", status: "active", password: "x", tokenHash: "h", webhookUrl: "https://hook", revision: 1, gameIds: [1, 2] };
  const after = { nickname: "b", status: "active", password: "y", tokenHash: "i", webhookUrl: "https://other", revision: 2, gameIds: [2] };
  expect(changesBetween(before, after)).toEqual({ nickname: ["a", "b"], gameIds: [[1, 2], [2]] });
  expect(changesBetween(null, { displayId: "MOP-1", secretHash: "s" })).toEqual({ displayId: [null, "MOP-1"] });
});

test("a list of events is written in one call; secret keys a caller passes are dropped", async () => {
  await resetDb({ runs: false });
  const { db } = await testDb();
  await recordAudit(db, { actorId: 1, requestId: "r1", at: TEST_NOW }, [
    { action: "run.status", entityType: "run", entityId: "MOP-1", changes: { status: ["available", "expired"] } },
    { action: "run.status", entityType: "run", entityId: "MOP-2", changes: { status: ["available", "expired"], code: ["", "abc"] } },
  ]);
  await recordAudit(db, { actorId: 1, requestId: "r1", at: TEST_NOW }, []);
  const rows = await db.select().from(auditEvents).orderBy(auditEvents.id);
  expect(rows.map((r) => [r.entityId, r.changes, r.requestId, r.actorId])).toEqual([
    ["MOP-1", { status: ["available", "expired"] }, "r1", 1],
    ["MOP-2", { status: ["available", "expired"] }, "r1", 1],
  ]);
}, 60_000); // the process's first reset seeds the database
