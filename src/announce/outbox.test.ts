import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { announcementOutbox, boosters, gameWebhooks, games } from "../../db/schema";
import { resetDb } from "../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../testing/app";
import { makeRun } from "../testing/factories";
import { announce, announcementKind } from "./outbox";
import type { DiscordMessage } from "./message";

let t: TestApp;
let owner: string;
let b1: number;

beforeAll(async () => {
  t = await makeTestApp();
}, 60_000);
beforeEach(async () => {
  await resetDb();
  owner = await t.cookieFor("owner@example.com");
  b1 = (await t.db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, "BB-1001")))[0]!.id;
  await t.db.insert(gameWebhooks).values({ gameId: 1, urlSealed: "sealed-url", hint: "cret" });
});

const raidBody = (over: Record<string, unknown> = {}) => ({
  gameId: 1, boosterId: b1, region: "EU", raidId: 1, difficulty: "heroic_25", factionId: 1,
  completionModeId: 1, gameplayType: "pilot", classRestrictions: null, timezone: "CET", scheduledDate: "2026-12-01 20:00", ...over,
});
// What a raid PATCH needs besides what the factory sets.
const COMPLETE = { completionModeId: 1, gameplayType: "pilot" } as const;
const rows = () => t.db.select().from(announcementOutbox).orderBy(asc(announcementOutbox.id));
const send = async (method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { cookie: owner, body });
  if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number; displayId: string };
};

describe("run writes queue announcements in their transaction", () => {
  test("create, change, cancel: one row each, with the message and the run page's absolute link", async () => {
    const run = await send("POST", "/api/runs", raidBody());
    await send("PATCH", `/api/runs/${run.id}`, { scheduledDate: "2026-12-02 21:00" });
    await send("PATCH", `/api/runs/${run.id}`, { status: "cancelled" });
    const queued = await rows();
    expect(queued.map((r) => r.kind)).toEqual(["run.created", "run.changed", "run.cancelled"]);
    expect(new Set(queued.map((r) => r.idempotencyKey)).size).toBe(3);
    for (const r of queued) {
      expect(r).toMatchObject({ gameId: 1, attempts: 0, deliveredAt: null, lastError: null });
      expect(r.nextAttemptAt?.getTime()).toBe(t.clock().getTime());
    }
    const [created, changed, cancelled] = queued.map((r) => r.payload as DiscordMessage);
    expect(created!.content).toStartWith(`New run: Mogu'shan Vaults · ${run.displayId}`);
    expect(created!.content).toContain(`${ORIGIN}/runs/${run.displayId}`);
    expect(created!.embeds[0]).toMatchObject({ url: `${ORIGIN}/runs/${run.displayId}`, description: "Mogu'shan Vaults Heroic 25 raid run, Europe" });
    expect(created!.embeds[0]!.fields).toContainEqual({ name: "Booster", value: "BB-1001", inline: true });
    expect(changed!.content).toStartWith("Run changed:");
    expect(changed!.embeds[0]!.timestamp).toBe("2026-12-02T20:00:00.000Z");
    expect(cancelled!.content).toStartWith("Run cancelled:");
    // Public data only: no booster e-mail in the message.
    expect(JSON.stringify(queued.map((r) => r.payload))).not.toContain("@example.com");
    // Already cancelled: deleting it announces nothing more.
    await send("DELETE", `/api/runs/${run.id}`);
    expect(await rows()).toHaveLength(3);
  });

  test("deleting a public future run announces its cancellation", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1, gameId: 1 });
    await send("DELETE", `/api/runs/${run.id}`);
    const [row] = await rows();
    expect(row!.kind).toBe("run.cancelled");
    expect((row!.payload as DiscordMessage).embeds[0]!.url).toBe(`${ORIGIN}/runs/${run.displayId}`);
  });

  test("runs nobody can see, and games without a webhook, announce nothing", async () => {
    // A game without a webhook.
    await send("POST", "/api/challenge-mode-runs", {
      gameId: 4, boosterId: b1, faction: "EU Horde", completionMode: "Pilot Only", timezone: "EST", scheduledDate: "2026-12-02 18:30",
    });
    // A run that has started already (the clock is the app's).
    const past = await makeRun(t.db, "raid", { ...COMPLETE, boosterId: b1, gameId: 1, startsAt: new Date(t.clock().getTime() - 3_600_000) });
    await send("PATCH", `/api/runs/${past.id}`, { gameplayType: "selfplay" });
    // A hidden game (outside production the dev flag decides).
    await t.db.update(games).set({ devVisible: false }).where(eq(games.id, 1));
    await send("POST", "/api/runs", raidBody());
    expect(await rows()).toEqual([]);
  });

  test("a run that becomes public is announced as new; one withdrawn otherwise as changed", async () => {
    const run = await makeRun(t.db, "raid", { ...COMPLETE, boosterId: b1, gameId: 1, status: "in_progress" });
    await send("PATCH", `/api/runs/${run.id}`, { status: "available" });
    await send("PATCH", `/api/runs/${run.id}`, { status: "completed" });
    expect((await rows()).map((r) => r.kind)).toEqual(["run.created", "run.changed"]);
    expect(((await rows())[1]!.payload as DiscordMessage).embeds[0]!.fields).toContainEqual({ name: "Status", value: "Completed", inline: true });
  });

  test("a rolled-back write leaves no announcement", async () => {
    const run = await makeRun(t.db, "raid", { boosterId: b1, gameId: 1 });
    await expect(t.db.transaction(async (tx) => {
      await announce(tx, t, { kind: "raid", id: run.id });
      throw new Error("rolled back");
    })).rejects.toThrow("rolled back");
    expect(await rows()).toEqual([]);
  });
});

describe("repeat creation, next-week duplicates, bulk actions and their undo queue announcements too", () => {
  test("every run of each write, in the write's transaction", async () => {
    const kinds = async () => (await rows()).map((r) => r.kind);
    const repeated = (await t.request("POST", "/api/runs", { cookie: owner, body: { ...raidBody(), scheduledDate: undefined, scheduledDates: ["2026-12-01 20:00", "2026-12-08 20:00"] } }));
    expect(repeated.status).toBe(201);
    const ids = ((await repeated.json()) as { runs: { id: number }[] }).runs.map((r) => r.id);
    expect(await kinds()).toEqual(["run.created", "run.created"]);

    await send("POST", `/api/runs/${ids[0]}/next-week`);
    expect((await kinds()).slice(2)).toEqual(["run.created"]);

    const shift = await send("POST", "/api/runs/bulk", { action: "shift", ids, days: 1 }) as unknown as { undoToken: string };
    expect((await kinds()).slice(3)).toEqual(["run.changed", "run.changed"]);
    await send("POST", `/api/runs/bulk/undo/${shift.undoToken}`);
    expect((await kinds()).slice(5)).toEqual(["run.changed", "run.changed"]);

    const removal = await send("POST", "/api/runs/bulk", { action: "delete", ids }) as unknown as { undoToken: string };
    expect((await kinds()).slice(7)).toEqual(["run.cancelled", "run.cancelled"]);
    // Brought back: new on the channel again.
    await send("POST", `/api/runs/bulk/undo/${removal.undoToken}`);
    expect((await kinds()).slice(9)).toEqual(["run.created", "run.created"]);

    await send("POST", "/api/runs/bulk", { action: "expire", ids });
    expect((await kinds()).slice(11)).toEqual(["run.changed", "run.changed"]);
    const expired = (await rows()).at(-1)!.payload as DiscordMessage;
    expect(expired.embeds[0]!.fields).toContainEqual({ name: "Status", value: "Expired", inline: true });
  });
});

test("which event a write is", () => {
  const k = (deleted: boolean, wasPublic: boolean, isPublic: boolean, status?: string) => announcementKind({ deleted, wasPublic, isPublic, status });
  expect(k(false, false, true)).toBe("run.created");
  expect(k(false, false, false)).toBeNull();
  expect(k(false, true, true)).toBe("run.changed");
  expect(k(false, true, false, "cancelled")).toBe("run.cancelled");
  expect(k(false, true, false, "expired")).toBe("run.changed");
  expect(k(true, true, false)).toBe("run.cancelled");
  expect(k(true, false, false)).toBeNull();
});
