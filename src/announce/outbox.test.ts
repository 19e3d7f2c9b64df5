import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { asc, eq, isNotNull } from "drizzle-orm";
import { announcementMessages, announcementOutbox, boosters, gameWebhooks, games, raidRuns } from "../../db/schema";
import { resetDb } from "../testing/db";
import { makeTestApp, ORIGIN, type TestApp } from "../testing/app";
import { makeRun } from "../testing/factories";
import { announce, announcementKind, queueRunMessageEdit } from "./outbox";
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
/** As if the worker had sent every waiting row: the next write queues a row of its own instead of replacing one. */
const settle = () => t.db.update(announcementOutbox).set({ nextAttemptAt: null, deliveredAt: t.clock() }).where(isNotNull(announcementOutbox.nextAttemptAt));
const send = async (method: string, path: string, body?: unknown) => {
  const res = await t.request(method, path, { cookie: owner, body });
  if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number; displayId: string };
};

describe("run writes queue announcements in their transaction", () => {
  test("create, change, cancel: one row each once sent, with the message and the run page's absolute link", async () => {
    const run = await send("POST", "/api/runs", raidBody());
    await settle();
    await send("PATCH", `/api/runs/${run.id}`, { scheduledDate: "2026-12-02 21:00" });
    await settle();
    await send("PATCH", `/api/runs/${run.id}`, { status: "cancelled" });
    const queued = await rows();
    expect(queued.map((r) => r.kind)).toEqual(["run.created", "run.changed", "run.cancelled"]);
    expect(queued.map((r) => [r.runKind, r.runId])).toEqual([["raid", run.id], ["raid", run.id], ["raid", run.id]]);
    expect(new Set(queued.map((r) => r.idempotencyKey)).size).toBe(3);
    for (const r of queued) {
      expect(r).toMatchObject({ gameId: 1, attempts: 0, lastError: null, revision: 0 });
    }
    expect(queued[2]!.nextAttemptAt?.getTime()).toBe(t.clock().getTime());
    const [created, changed, cancelled] = queued.map((r) => r.payload as DiscordMessage);
    expect(created!.content).toStartWith(`New run: Mogu'shan Vaults · ${run.displayId}`);
    expect(created!.content).toContain(`${ORIGIN}/runs/${run.displayId}`);
    // The booking link, counted as a Discord click; gone once the run is cancelled.
    expect(created!.content.split("\n").at(-1)).toBe(`Book now: ${ORIGIN}/go/${run.displayId}?source=discord`);
    expect(cancelled!.content).not.toContain("/go/");
    expect(created!.embeds[0]).toMatchObject({ url: `${ORIGIN}/runs/${run.displayId}`, description: "Mogu'shan Vaults Heroic 25 raid run, Europe" });
    expect(created!.embeds[0]!.fields).toContainEqual({ name: "Booster", value: "BB-1001", inline: true });
    // Still on the calendars: the message keeps its headline; the edit changes its fields.
    expect(changed!.content).toStartWith("New run:");
    expect(changed!.embeds[0]!.timestamp).toBe("2026-12-02T20:00:00.000Z");
    expect(cancelled!.content).toStartWith("Run cancelled:");
    // The run's share image while it is on the calendars; its URL follows what the message shows.
    const image = (m: DiscordMessage) => m.embeds[0]!.image?.url;
    expect(image(created!)).toMatch(new RegExp(`^${ORIGIN}/runs/${run.displayId}/card\\.png\\?v=[0-9a-z]+$`));
    expect(image(changed!)).toStartWith(`${ORIGIN}/runs/${run.displayId}/card.png?v=`);
    expect(image(changed!)).not.toBe(image(created!));
    expect(image(cancelled!)).toBeUndefined();
    // Public data only: no booster e-mail in the message.
    expect(JSON.stringify(queued.map((r) => r.payload))).not.toContain("@example.com");
    // Already cancelled: deleting it announces nothing more.
    await send("DELETE", `/api/runs/${run.id}`);
    expect(await rows()).toHaveLength(3);
  });

  test("writes before the worker sends coalesce into one waiting row per run: the latest state wins", async () => {
    const run = await send("POST", "/api/runs", raidBody());
    await send("PATCH", `/api/runs/${run.id}`, { scheduledDate: "2026-12-02 21:00" });
    await send("PATCH", `/api/runs/${run.id}`, { scheduledDate: "2026-12-03 21:00" });
    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ kind: "run.changed", revision: 2, runKind: "raid", runId: run.id });
    expect((row!.payload as DiscordMessage).embeds[0]!.timestamp).toBe("2026-12-03T20:00:00.000Z");
    // Still due when the first write queued it.
    expect(row!.nextAttemptAt?.getTime()).toBe(t.clock().getTime());
  });

  test("the message shows places from the availability rule: spots left with the closing time, few, full, booking closed", async () => {
    const run = await makeRun(t.db, "raid", { ...COMPLETE, boosterId: b1, gameId: 1 });
    const places = async (spots: number | null, spotsTaken: number, start?: Date) => {
      await settle();
      await t.db.update(raidRuns).set({ spots, spotsTaken, ...(start ? { startsAt: start } : {}) }).where(eq(raidRuns.id, run.id));
      await t.db.transaction((tx) => queueRunMessageEdit(tx, t, { kind: "raid", id: run.id }));
      const row = (await rows()).at(-1)!;
      return (row.payload as DiscordMessage).embeds[0]!.fields.find((f) => f.name === "Places")?.value ?? null;
    };
    // Announced before: the run has a message (sent long ago) to edit.
    await t.db.insert(announcementMessages).values({ runKind: "raid", runId: run.id, target: "t", gameId: 1, messageId: "1", lastSentAt: new Date(0) });
    // makeRun's default start: a day after the app's clock.
    const startsAt = t.clock().getTime() + 86_400_000;
    const closes = Math.floor((startsAt - 15 * 60_000) / 1000);
    expect(await places(10, 3)).toBe(`7 spots left · booking closes <t:${closes}:R>`);
    expect(await places(10, 9)).toBe(`1 spot left · booking closes <t:${closes}:R>`);
    expect(await places(10, 10)).toBe("Full");
    // Not tracked: no Places field, as before capacity existed.
    expect(await places(null, 0)).toBeNull();
    // Ten minutes before the start, inside the game's 15-minute cutoff.
    expect(await places(10, 3, new Date(t.clock().getTime() + 10 * 60_000))).toBe("Booking closed");
    expect((await rows()).map((r) => r.kind)).toEqual(["run.changed", "run.changed", "run.changed", "run.changed", "run.changed"]);
  });

  test("queueRunMessageEdit edits announced runs only: a run never posted gets no post from it", async () => {
    const run = await makeRun(t.db, "raid", { ...COMPLETE, boosterId: b1, gameId: 1 });
    await t.db.transaction((tx) => queueRunMessageEdit(tx, t, [{ kind: "raid", id: run.id }]));
    expect(await rows()).toEqual([]);
    // Once it has a message (the worker stored its id), a change edits it.
    await t.db.insert(announcementMessages).values({ runKind: "raid", runId: run.id, target: "t", gameId: 1, messageId: "1", lastSentAt: t.clock() });
    await t.db.update(raidRuns).set({ spots: 5, spotsTaken: 5 }).where(eq(raidRuns.id, run.id));
    await t.db.transaction((tx) => queueRunMessageEdit(tx, t, [{ kind: "raid", id: run.id }]));
    const [row] = await rows();
    expect((row!.payload as DiscordMessage).embeds[0]!.fields).toContainEqual({ name: "Places", value: "Full", inline: true });
    // Sent a moment ago: due when the edit interval (10 s by default) has passed since.
    expect(row!.nextAttemptAt!.getTime()).toBe(t.clock().getTime() + 10_000);
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
    await settle();
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
    const kinds = async () => {
      const all = (await rows()).map((r) => r.kind);
      await settle();
      return all;
    };
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
