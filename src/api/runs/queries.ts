// Reading runs: one query per list (relations loaded in the same statement), shaped into
// the API's run views. Public lists keep only what the calendar shows.
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { challengeModeRuns, desertPerpetualRuns, raidRuns } from "../../../db/schema";
import { formatScheduled } from "../../domain/time";
import { publiclyAvailable } from "./available";
import type { ChallengeFaction, ChallengeMode, RunKind } from "../../shared/enums";
import type { ChallengeRun, DesertRun, RaidRun, Revised, RunBooster, RunOfKind } from "../../shared/runs";

export type RunListFilter = {
  gameId?: number;
  /** Booster record id (boosters.id). */
  boosterRecordId?: number;
  /** Only these games (e.g. the publicly visible ones). */
  gameIds?: readonly number[];
  /** Public view: available runs starting after `now`, without private booster fields. */
  publicAt?: Date;
  /** A single run. */
  id?: number;
  /** These runs (a page of a paged list). */
  ids?: readonly number[];
};

type Table = typeof raidRuns | typeof challengeModeRuns | typeof desertPerpetualRuns;

export function where(t: Table, f: RunListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    f.id !== undefined ? eq(t.id, f.id) : undefined,
    f.ids ? inArray(t.id, [...f.ids]) : undefined,
    f.gameId !== undefined ? eq(t.gameId, f.gameId) : undefined,
    f.boosterRecordId !== undefined ? eq(t.boosterId, f.boosterRecordId) : undefined,
    f.gameIds ? inArray(t.gameId, f.gameIds.length ? [...f.gameIds] : [-1]) : undefined,
    f.publicAt ? publiclyAvailable(t, f.publicAt) : undefined,
  ];
  return and(...parts.filter(Boolean));
}

const boosterWith = { columns: { boosterId: true }, with: { user: { columns: { nickname: true, email: true } } } } as const;

function booster(b: { boosterId: string; user: { nickname: string | null; email: string } }, isPublic: boolean): RunBooster {
  return isPublic ? { boosterId: b.boosterId } : { boosterId: b.boosterId, user: { nickname: b.user.nickname, email: b.user.email } };
}

function base(r: {
  id: number; displayId: string | null; gameId: number; boosterId: number; title: string; startsAt: Date; timezone: "CET" | "EST";
  status: RaidRun["status"]; revision: number; updatedAt: Date;
}) {
  return {
    id: r.id, displayId: r.displayId, gameId: r.gameId, boosterId: r.boosterId, title: r.title,
    scheduledDate: formatScheduled(r.startsAt, r.timezone), startsAt: r.startsAt.toISOString(),
    timezone: r.timezone, status: r.status, revision: r.revision, updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listRaidRuns(db: Db, f: RunListFilter = {}): Promise<(RaidRun & Revised)[]> {
  const rows = await db.query.raidRuns.findMany({
    where: where(raidRuns, f),
    orderBy: [asc(raidRuns.startsAt), asc(raidRuns.id)],
    with: {
      raid: { columns: { name: true } },
      faction: { columns: { name: true } },
      completionMode: { columns: { name: true } },
      booster: boosterWith,
      classRestrictions: { columns: { wowClass: true, specs: true, serviceType: true }, orderBy: (c, { asc }) => [asc(c.id)] },
    },
  });
  const isPublic = !!f.publicAt;
  return rows.map((r) => ({
    kind: "raid" as const, ...base(r), booster: booster(r.booster, isPublic),
    difficulty: r.difficulty, crossRealmAvailable: r.crossRealmAvailable, region: r.region,
    raidId: r.raidId, raid: r.raid, factionId: r.factionId, faction: r.faction,
    completionModeId: r.completionModeId, completionMode: r.completionMode ?? null,
    gameplayType: r.gameplayType, classRestrictions: r.classRestrictions,
  }));
}

export async function listChallengeRuns(db: Db, f: RunListFilter = {}): Promise<(ChallengeRun & Revised)[]> {
  const rows = await db.query.challengeModeRuns.findMany({
    where: where(challengeModeRuns, f),
    orderBy: [asc(challengeModeRuns.startsAt), asc(challengeModeRuns.id)],
    with: { booster: boosterWith },
  });
  const isPublic = !!f.publicAt;
  return rows.map((r) => ({
    kind: "challenge" as const, ...base(r), booster: booster(r.booster, isPublic),
    faction: r.faction as ChallengeFaction, completionMode: r.completionMode as ChallengeMode,
  }));
}

export async function listDesertRuns(db: Db, f: RunListFilter = {}): Promise<(DesertRun & Revised)[]> {
  const rows = await db.query.desertPerpetualRuns.findMany({
    where: where(desertPerpetualRuns, f),
    orderBy: [asc(desertPerpetualRuns.startsAt), asc(desertPerpetualRuns.id)],
    with: { booster: boosterWith },
  });
  const isPublic = !!f.publicAt;
  return rows.map((r) => ({
    kind: "desert" as const, ...base(r), booster: booster(r.booster, isPublic),
    completionType: r.completionType, feats: r.feats,
  }));
}

export const RUN_LISTERS: { [K in RunKind]: (db: Db, f?: RunListFilter) => Promise<RunOfKind<K>[]> } = {
  raid: listRaidRuns,
  challenge: listChallengeRuns,
  desert: listDesertRuns,
};

export async function findRun<K extends RunKind>(db: Db, kind: K, id: number): Promise<RunOfKind<K> | null> {
  const [run] = await RUN_LISTERS[kind](db, { id });
  return (run as RunOfKind<K> | undefined) ?? null;
}
