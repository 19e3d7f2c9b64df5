// The Desert Perpetual kind's database part: table, list, row values, search, filters, sorts.
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { desertPerpetualRuns } from "../../../db/schema";
import { DESERT_COMPLETION_TYPES, type DesertCompletionType } from "../../shared/desertEnums";
import type { DesertRunInput } from "./schemas";
import { T } from "../../shared/text";
import { base, booster, boosterWith, gameWith, contains, type RunTable, type ServerKind, where } from "../serverRows";
import { canonicalFeats } from "./filters";

const t = desertPerpetualRuns;

export const desertServer: ServerKind<"desert", DesertRunInput> = {
  table: t as unknown as RunTable,
  async list(db, f, now) {
    const rows = await db.query.desertPerpetualRuns.findMany({
      where: where(t as unknown as RunTable, f),
      orderBy: [asc(t.startsAt), asc(t.id)],
      with: { booster: boosterWith, game: gameWith },
    });
    const isPublic = !!f.publicAt;
    return rows.map((r) => ({
      kind: "desert" as const, ...base(r, now), booster: booster(r.booster, isPublic),
      completionType: r.completionType, feats: r.feats,
    }));
  },
  // Stored in the five feats' own order, without repeats.
  rowValues: (d) => ({ completionType: d.completionType, feats: canonicalFeats(d.feats ?? []) }),
  insights: {
    dimensions: [{
      name: "completionType", value: sql`${t.completionType}::text`,
      label: (key) => T.labels.desertCompletion[key as DesertCompletionType] ?? key,
    }],
  },
  async search(_db, p, q) {
    // Completion types are searched by the label the panel shows ('Sherpa Only').
    const needle = q.toLowerCase();
    const types = DESERT_COMPLETION_TYPES.filter((c) => T.labels.desertCompletion[c].toLowerCase().includes(needle));
    return or(
      contains(t.displayId, p),
      types.length ? inArray(t.completionType, types) : undefined,
      sql`array_to_string(${t.feats}, ' ') ilike ${p}`,
    )!;
  },
  filters: { completionType: (v) => eq(t.completionType, v) },
  sorts: {
    completionType: () => ({ values: [sql`${t.completionType}::text`] }),
    feats: () => ({ values: [sql`array_to_string(${t.feats}, ', ')`] }),
  },
};
