// Idempotent seed: reference data always, demo accounts when missing, demo runs when
// there are none. `bun run seed` runs it against the database the env selects; the dev
// server runs it by itself on an empty database.
import { count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import {
  administrators, boosterGames, boosters, challengeModeRuns, completionModes, desertPerpetualRuns,
  factions, games, owners, raidDifficulties, raidRuns, raids, runClassRestrictions, serviceTypes,
  users, wowClassSpecs,
} from "./schema";
import { CLASS_SPECS, COMPLETION_MODES, FACTIONS, GAMES, RAID_DIFFICULTIES, RAIDS, SERVICE_TYPES_BY_GAME } from "./reference";
import {
  CHALLENGE_FACTIONS, CHALLENGE_MODES, DIFFICULTIES, GAME_IDS,
  GAMEPLAY_TYPES, REGIONS, SERVICE_TYPES, type Role, type RunStatus, type Timezone,
} from "../src/shared/enums";
import { DESERT_COMPLETION_TYPES, FEATS } from "../src/shared/desertEnums";
import { fromLocal } from "../src/domain/time";
import { toLocal } from "../src/domain/wallTime";

export const DEMO_ACCOUNTS = [
  { email: "owner@example.com", role: "owner", nickname: "Owner", firstName: "Olivia", lastName: "Stone" },
  { email: "admin@example.com", role: "administrator", nickname: "Admin", firstName: "Adam", lastName: "Reyes" },
  { email: "booster@example.com", role: "booster", nickname: "Frostbolt", firstName: "Felix", lastName: "Hart", boosterId: "BB-1001", games: [GAME_IDS.wow, GAME_IDS.raid, GAME_IDS.challenge] },
  { email: "booster2@example.com", role: "booster", nickname: "Sunfire", firstName: "Sara", lastName: "Lind", boosterId: "BB-1002", games: [GAME_IDS.wow, GAME_IDS.raid, GAME_IDS.d2, GAME_IDS.desert] },
] as const satisfies readonly {
  email: string; role: Role; nickname: string; firstName: string; lastName: string; boosterId?: string; games?: readonly number[];
}[];

export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(games).values(GAMES.map((g) => ({ ...g }))).onConflictDoNothing();
    const raidRows = await tx.insert(raids)
      .values(RAIDS.map((r) => ({ ...r, gameId: GAME_IDS.raid })))
      .onConflictDoNothing().returning({ id: raids.id });
    const allRaids = raidRows.length ? raidRows : await tx.select({ id: raids.id }).from(raids).where(eq(raids.gameId, GAME_IDS.raid));
    await tx.insert(raidDifficulties)
      .values(allRaids.flatMap((r) => RAID_DIFFICULTIES.map((difficulty) => ({ raidId: r.id, difficulty }))))
      .onConflictDoNothing();
    await tx.insert(completionModes)
      .values(allRaids.flatMap((r) => COMPLETION_MODES.map((name) => ({ raidId: r.id, name }))))
      .onConflictDoNothing();
    await tx.insert(factions).values(FACTIONS.map((f) => ({ ...f, gameId: GAME_IDS.raid }))).onConflictDoNothing();
    await tx.insert(serviceTypes)
      .values(Object.entries(SERVICE_TYPES_BY_GAME).flatMap(([gameId, names]) => names.map((name) => ({ gameId: Number(gameId), name }))))
      .onConflictDoNothing();
    await tx.insert(wowClassSpecs)
      .values(Object.entries(CLASS_SPECS).flatMap(([wowClass, specs]) => specs.map((spec) => ({ wowClass, spec }))))
      .onConflictDoNothing();
  });
}

// Demo accounts share one hash per password (tests reseed often; argon2id is slow by design).
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = Bun.password.hash(password, { algorithm: "argon2id" });
    hashes.set(password, h);
  }
  return h;
}

/** A user row with its role: owners and administrators get their role row, boosters a booster id and games. */
export type NewAccount = typeof users.$inferInsert & { role: Role; boosterId?: string; games?: readonly number[] };

/**
 * Writes accounts with one insert per table, in one transaction; ids follow the list order.
 * The seed and the test factories (src/testing/factories.ts) both make accounts this way.
 */
export async function insertAccounts(db: Db, accounts: readonly NewAccount[]): Promise<{ id: number; email: string; boosterRowId: number | null }[]> {
  if (!accounts.length) return [];
  return db.transaction(async (tx) => {
    const made = await tx.insert(users).values(accounts.map(({ boosterId: _b, games: _g, ...row }) => row))
      .returning({ id: users.id });
    const ids = made.map((u) => u.id).sort((a, b) => a - b); // identity values follow the VALUES order
    const roleRows = (role: Role) => accounts.flatMap((a, k) => (a.role === role ? [{ userId: ids[k]! }] : []));
    if (roleRows("owner").length) await tx.insert(owners).values(roleRows("owner"));
    if (roleRows("administrator").length) await tx.insert(administrators).values(roleRows("administrator"));
    const withId = accounts.flatMap((a, k) => (a.boosterId ? [{ userId: ids[k]!, boosterId: a.boosterId, games: a.games ?? [] }] : []));
    const boosterRows = withId.length
      ? await tx.insert(boosters).values(withId.map(({ games: _g, ...b }) => b)).returning({ id: boosters.id, userId: boosters.userId })
      : [];
    const boosterOf = new Map(boosterRows.map((b) => [b.userId, b.id]));
    const gameRows = withId.flatMap((b) => b.games.map((gameId) => ({ boosterId: boosterOf.get(b.userId)!, gameId })));
    if (gameRows.length) await tx.insert(boosterGames).values(gameRows);
    return accounts.map((a, k) => ({ id: ids[k]!, email: a.email, boosterRowId: boosterOf.get(ids[k]!) ?? null }));
  });
}

export async function seedDemoAccounts(db: Db, password: string): Promise<void> {
  const existing = await db.select({ email: users.email }).from(users)
    .where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)));
  const have = new Set(existing.map((e) => e.email));
  const missing = DEMO_ACCOUNTS.filter((a) => !have.has(a.email));
  if (!missing.length) return;
  const passwordHash = await hashOnce(password);
  await insertAccounts(db, missing.map((a) => ({ ...a, status: "active", passwordHash, emailVerified: true })));
}

/** Small deterministic PRNG so every seeded database looks the same. */
function prng(seed: number) {
  let a = seed;
  const next = () => {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, pick };
}

/**
 * A demo run's places: most offer 5-20 with some taken, about one in eight is full, as many
 * have 1-2 left, and about one in seven tracks none, so every state shows on a fresh database.
 */
function demoPlaces(rnd: ReturnType<typeof prng>): { spots: number | null; spotsTaken: number } {
  const r = rnd.next();
  if (r < 0.15) return { spots: null, spotsTaken: 0 };
  const spots = 5 + Math.floor(rnd.next() * 16);
  if (r < 0.27) return { spots, spotsTaken: spots };
  if (r < 0.4) return { spots, spotsTaken: spots - 1 - Math.floor(rnd.next() * 2) };
  return { spots, spotsTaken: Math.floor(rnd.next() * (spots - 2)) };
}

/** Demo runs of all three kinds over the next 14 days, both regions, every faction, with places in every state. */
export async function seedDemoRuns(db: Db, now: Date): Promise<void> {
  const [r1] = await db.select({ n: count() }).from(raidRuns);
  const [r2] = await db.select({ n: count() }).from(challengeModeRuns);
  const [r3] = await db.select({ n: count() }).from(desertPerpetualRuns);
  if (r1!.n + r2!.n + r3!.n > 0) return;

  const demoBoosters = await db.select({ id: boosters.id, boosterId: boosters.boosterId }).from(boosters)
    .where(inArray(boosters.boosterId, ["BB-1001", "BB-1002"]));
  if (demoBoosters.length < 2) return;
  const byCode = Object.fromEntries(demoBoosters.map((b) => [b.boosterId, b.id]));
  const raidList = await db.select({ id: raids.id }).from(raids).where(eq(raids.gameId, GAME_IDS.raid)).orderBy(raids.id);
  const factionRows = await db.select().from(factions).where(eq(factions.gameId, GAME_IDS.raid));
  const modeRows = await db.select().from(completionModes);
  const classes = Object.keys(CLASS_SPECS);
  const rnd = prng(20261121);
  const status = (): RunStatus => (rnd.next() < 0.88 ? "available" : rnd.pick(["expired", "completed", "cancelled", "in_progress"] as const));
  const today = toLocal(now, "CET");
  const at = (dayOffset: number, hour: number, minute: number, zone: Timezone) =>
    fromLocal({ year: today.year, month: today.month, day: today.day + dayOffset, hour, minute }, zone);

  // Rows are built in one pass (the PRNG draws in a fixed order), then written one insert per
  // table: ids follow the build order, as they did when each row was inserted on its own.
  const raidRows: (typeof raidRuns.$inferInsert)[] = [];
  const restrictions: { run: number; rows: Omit<typeof runClassRestrictions.$inferInsert, "runId">[] }[] = [];
  const challengeRows: (typeof challengeModeRuns.$inferInsert)[] = [];
  const desertRows: (typeof desertPerpetualRuns.$inferInsert)[] = [];
  let i = 0;
  for (let day = 0; day < 14; day++) {
    for (const slot of [[18, 0], [19, 30], [20, 0], [21, 30]] as const) {
      const region = REGIONS[i % 2]!;
      const zone: Timezone = region === "EU" ? "CET" : "EST";
      const regionFactions = factionRows.filter((f) => f.region === region);
      const faction = regionFactions[Math.floor(i / 2) % regionFactions.length]!;
      // Same-region runs are two apart in i; stepping the raid by i/2 spreads every raid over both regions.
      const raid = raidList[(Math.floor(i / 2) + day) % raidList.length]!;
      const modes = modeRows.filter((m) => m.raidId === raid.id);
      raidRows.push({
        gameId: GAME_IDS.raid, boosterId: byCode[i % 3 === 0 ? "BB-1002" : "BB-1001"]!,
        difficulty: rnd.pick(DIFFICULTIES), region, raidId: raid.id, factionId: faction.id,
        // Every run carries what the form requires (so staff can save a status change).
        // The draws stay as they were, so every later random value and run is unchanged.
        completionModeId: rnd.next() < 0.8 ? rnd.pick(modes).id : modes[i % modes.length]!.id,
        gameplayType: rnd.next() < 0.9 ? rnd.pick(GAMEPLAY_TYPES) : GAMEPLAY_TYPES[i % GAMEPLAY_TYPES.length]!,
        crossRealmAvailable: rnd.next() < 0.5,
        startsAt: at(day, slot[0], slot[1], zone), timezone: zone, status: status(),
      });
      if (rnd.next() < 0.4) {
        const picked = new Set([rnd.pick(classes), rnd.pick(classes)]);
        restrictions.push({ run: raidRows.length - 1, rows: [...picked].map((wowClass) => ({
          wowClass, specs: [rnd.pick(CLASS_SPECS[wowClass]!)], serviceType: rnd.pick(SERVICE_TYPES),
        })) });
      }
      i++;
    }
    for (const [k, slot] of ([[0, [17, 0]], [1, [22, 0]]] as const).entries()) {
      const faction = CHALLENGE_FACTIONS[(day * 2 + k) % CHALLENGE_FACTIONS.length]!;
      const zone: Timezone = faction.startsWith("EU") ? "CET" : "EST";
      challengeRows.push({
        gameId: GAME_IDS.challenge, boosterId: byCode["BB-1001"]!, faction,
        completionMode: CHALLENGE_MODES[(day + k) % CHALLENGE_MODES.length]!,
        startsAt: at(day, slot[1][0], slot[1][1], zone), timezone: zone, status: status(),
      });
      const featCount = (day + k) % 4 === 0 ? FEATS.length : Math.floor(rnd.next() * 3);
      desertRows.push({
        gameId: GAME_IDS.desert, boosterId: byCode["BB-1002"]!,
        completionType: DESERT_COMPLETION_TYPES[(day + k) % DESERT_COMPLETION_TYPES.length]!,
        feats: FEATS.slice(0, featCount).map(String),
        startsAt: at(day, slot[1][0] + 1, 0, "EST"), timezone: "EST", status: status(),
      });
    }
  }

  // Places come from their own PRNG: the runs' other values stay as they were before places existed.
  const placesRnd = prng(28);
  for (const row of [...raidRows, ...challengeRows, ...desertRows]) Object.assign(row, demoPlaces(placesRnd));

  await db.transaction(async (tx) => {
    // Identity values follow the VALUES order; sorting makes that the only assumption.
    const runIds = (await tx.insert(raidRuns).values(raidRows).returning({ id: raidRuns.id })).map((r) => r.id).sort((a, b) => a - b);
    const restrictionRows = restrictions.flatMap((r) => r.rows.map((row) => ({ ...row, runId: runIds[r.run]! })));
    if (restrictionRows.length) await tx.insert(runClassRestrictions).values(restrictionRows);
    await tx.insert(challengeModeRuns).values(challengeRows);
    await tx.insert(desertPerpetualRuns).values(desertRows);
    // Display ids are the game's prefix and the row id (a Desert Perpetual run reads TDP-{id}).
    for (const [table, prefix] of [[raidRuns, "MOP"], [challengeModeRuns, "CM"], [desertPerpetualRuns, "TDP"]] as const) {
      await tx.update(table).set({ displayId: sql`${prefix} || '-' || ${table.id}` }).where(sql`${table.displayId} is null`);
    }
  });
}

export async function seedAll(db: Db, opts: { password: string; now?: Date }): Promise<void> {
  await seedReference(db);
  await seedDemoAccounts(db, opts.password);
  await seedDemoRuns(db, opts.now ?? new Date());
}

/** True when the database has no games yet (the dev server then seeds by itself). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(games);
  return row!.n === 0;
}
