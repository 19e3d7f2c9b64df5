// Factories for the rows a test needs, written straight to the database (not through the
// API under test). Every field has a working default; pass only what the test is about.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { boosters, challengeModeRuns, desertPerpetualRuns, factions, raidRuns, raids } from "../../db/schema";
import { insertAccounts, type NewAccount } from "../../db/seed";
import { GAME_IDS, type Region, type RunKind } from "../shared/enums";
import { scheduledToInstant } from "../domain/time";
import { TEST_NOW } from "./db";

let made = 0;

export type MadeUser = { id: number; email: string; boosterRowId: number | null };

type UserOverrides = Partial<Omit<NewAccount, "boosterId">> & Pick<NewAccount, "role"> & {
  /** A booster's id; `null` for a booster with no booster record yet (a fresh sign-up). */
  boosterId?: string | null;
};

/**
 * A user of any role and status (active by default). Boosters get a booster id and the games
 * given (none by default); owners and administrators their role row. No password unless given
 * as `passwordHash`.
 */
export async function makeUser(db: Db, over: UserOverrides): Promise<MadeUser> {
  const n = ++made;
  const { boosterId = over.role === "booster" ? `BB-9${String(n).padStart(3, "0")}` : null, ...rest } = over;
  const account: NewAccount = {
    email: `${over.role}${n}@example.test`, nickname: `${over.role}${n}`, status: "active", createdAt: TEST_NOW,
    ...rest, ...(boosterId ? { boosterId } : {}),
  };
  const [user] = await insertAccounts(db, [account]);
  return user!;
}

/** The booster row id of a seeded demo booster ("BB-1001" or "BB-1002"). */
export async function boosterRow(db: Db, boosterId: string): Promise<number> {
  const [b] = await db.select({ id: boosters.id }).from(boosters).where(eq(boosters.boosterId, boosterId));
  if (!b) throw new Error(`No booster ${boosterId}`);
  return b.id;
}

type Common = {
  boosterId: number;
  /** The scheduledDate text 'YYYY-MM-DD HH:MM' on the run's clock (`timezone`), instead of `startsAt`. */
  scheduledDate?: string;
};
export type RunOverrides = {
  raid: Common & Partial<typeof raidRuns.$inferInsert>;
  challenge: Common & Partial<typeof challengeModeRuns.$inferInsert>;
  desert: Common & Partial<typeof desertPerpetualRuns.$inferInsert>;
};

/**
 * A run of one kind for the booster row `boosterId`, available a day after TEST_NOW unless
 * said otherwise, with its display id set as the API sets it (prefix-id).
 */
export async function makeRun<K extends RunKind>(db: Db, kind: K, over: RunOverrides[K]): Promise<{ id: number; displayId: string }> {
  const { scheduledDate, ...o } = over;
  const timezone = o.timezone ?? (kind === "desert" ? "EST" : "CET");
  const startsAt = scheduledDate ? scheduledToInstant(scheduledDate, timezone) : new Date(TEST_NOW.getTime() + 86_400_000);
  if (!startsAt) throw new Error(`Bad scheduledDate ${scheduledDate}`);
  const base = { startsAt, status: "available" as const, timezone };
  if (kind === "raid") {
    const region: Region = (o as Partial<typeof raidRuns.$inferInsert>).region ?? "EU";
    const [raid] = await db.select({ id: raids.id }).from(raids).orderBy(asc(raids.id)).limit(1);
    const [faction] = await db.select({ id: factions.id }).from(factions)
      .where(and(eq(factions.gameId, GAME_IDS.raid), eq(factions.region, region))).orderBy(asc(factions.id)).limit(1);
    return withDisplayId(db, raidRuns, "MOP", { ...base, gameId: GAME_IDS.raid, difficulty: "normal_10", region, raidId: raid!.id, factionId: faction!.id, ...o });
  }
  if (kind === "challenge") {
    return withDisplayId(db, challengeModeRuns, "CM", { ...base, gameId: GAME_IDS.challenge, faction: "EU Alliance", completionMode: "Selfplay & Pilot", ...o });
  }
  return withDisplayId(db, desertPerpetualRuns, "TDP", { ...base, gameId: GAME_IDS.desert, completionType: "sherpa_only", ...o });
}

type RunTable = typeof raidRuns | typeof challengeModeRuns | typeof desertPerpetualRuns;

async function withDisplayId(db: Db, table: RunTable, prefix: string, row: Record<string, unknown>): Promise<{ id: number; displayId: string }> {
  const [run] = await db.insert(table).values(row as never).returning({ id: table.id });
  const displayId = `${prefix}-${run!.id}`;
  await db.update(table).set({ displayId }).where(sql`${table.id} = ${run!.id}`);
  return { id: run!.id, displayId };
}
