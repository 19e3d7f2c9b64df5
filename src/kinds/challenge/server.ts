// The Challenge Mode kind's database part: table, list, row values, search, filters, sorts.
import { asc, eq, or, sql } from "drizzle-orm";
import { challengeModeRuns } from "../../../db/schema";
import type { ChallengeFaction, ChallengeMode } from "../../shared/enums";
import type { ChallengeRunInput } from "./schemas";
import { anyOf, base, booster, boostersMatching, boosterWith, gameWith, contains, type RunTable, type ServerKind, where } from "../serverRows";

const t = challengeModeRuns;

export const challengeServer: ServerKind<"challenge", ChallengeRunInput> = {
  table: t as unknown as RunTable,
  async list(db, f, now) {
    const rows = await db.query.challengeModeRuns.findMany({
      where: where(t as unknown as RunTable, f),
      orderBy: [asc(t.startsAt), asc(t.id)],
      with: { booster: boosterWith, game: gameWith },
    });
    const isPublic = !!f.publicAt;
    return rows.map((r) => ({
      kind: "challenge" as const, ...base(r, now), booster: booster(r.booster, isPublic),
      faction: r.faction as ChallengeFaction, completionMode: r.completionMode as ChallengeMode,
    }));
  },
  rowValues: (c) => ({ faction: c.faction, completionMode: c.completionMode }),
  insights: { dimensions: [{ name: "mode", value: sql`${t.completionMode}` }, { name: "faction", value: sql`${t.faction}` }] },
  async search(db, p) {
    const boosterIds = await boostersMatching(db, p);
    return or(contains(t.displayId, p), contains(t.title, p), anyOf(t.boosterId, boosterIds))!;
  },
  filters: { faction: (v) => eq(t.faction, v), mode: (v) => eq(t.completionMode, v) },
  sorts: {
    title: () => ({ values: [sql`${t.title}`] }),
    mode: () => ({ values: [sql`${t.completionMode}`] }),
    faction: () => ({ values: [sql`${t.faction}`] }),
  },
};
