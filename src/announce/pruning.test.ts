import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { announcementMessages, announcementOutbox } from "../../db/schema";
import { resetDb, TEST_NOW } from "../testing/db";
import { makeTestApp, type TestApp } from "../testing/app";
import { pruneAnnouncements } from "./pruning";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
}, 60_000);
beforeEach(() => resetDb());

const daysAgo = (days: number) => new Date(TEST_NOW.getTime() - days * 86_400_000);
const post = (key: string, o: { deliveredAt?: Date; nextAttemptAt?: Date; createdAt?: Date }) =>
  ({ gameId: 1, idempotencyKey: key, kind: "new", payload: {}, runKind: "raid", runId: 1, ...o });

describe("pruning the announcements", () => {
  test("delivered and given-up posts go after 30 days and message ids after 90 days without a post or edit; waiting posts stay", async () => {
    await t.db.insert(announcementOutbox).values([
      post("delivered-old", { deliveredAt: daysAgo(31) }),
      post("delivered-new", { deliveredAt: daysAgo(29) }),
      post("waiting-old", { nextAttemptAt: daysAgo(40), createdAt: daysAgo(40) }),
      post("given-up-old", { createdAt: daysAgo(31) }),
      post("given-up-new", { createdAt: daysAgo(29) }),
    ]);
    await t.db.insert(announcementMessages).values([
      { runKind: "raid", runId: 1, target: "t", gameId: 1, messageId: "1", lastSentAt: daysAgo(91) },
      { runKind: "raid", runId: 2, target: "t", gameId: 1, messageId: "2", lastSentAt: daysAgo(89) },
    ]);
    expect(await pruneAnnouncements(t.db, TEST_NOW)).toBe(3);
    expect((await t.db.select().from(announcementOutbox)).map((r) => r.idempotencyKey).sort()).toEqual(["delivered-new", "given-up-new", "waiting-old"]);
    expect((await t.db.select().from(announcementMessages)).map((r) => r.messageId)).toEqual(["2"]);
  });
});
