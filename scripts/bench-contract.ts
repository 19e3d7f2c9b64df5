// `bun scripts/bench-contract.ts`: what checking an answer against its response schema
// costs on the heaviest list, 5,000 raid runs (the admin Runs tab, GET /api/runs?gameId=
// as staff), beside the JSON serialization every answer pays anyway. Also the public
// list's size (the read model's upcoming runs). Medians of 30 rounds after 5 warm-ups.
import { z } from "zod";
import { raidRunViewSchema } from "../src/kinds/raid/schemas";
import type { RaidRun } from "../src/kinds/raid/schemas";

const RUNS = 5000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function run(i: number): RaidRun {
  return {
    id: i + 1, displayId: `MOP-B${i + 1}`, gameId: 1, boosterId: 1 + (i % 7), title: "MoP Raid Run",
    scheduledDate: "2026-12-24 19:45", startsAt: "2026-12-24T18:45:00.000Z", timezone: i % 2 ? "EST" : "CET", status: "available",
    revision: 1, updatedAt: "2026-11-01T12:00:00.000Z", spots: null, spotsTaken: 0,
    booster: { boosterId: `BB-${1000 + (i % 7)}`, user: { nickname: `Booster ${i % 7}`, email: `b${i % 7}@example.com` } },
    kind: "raid", difficulty: "heroic_25", crossRealmAvailable: true, region: i % 2 ? "US" : "EU", raidId: 1 + (i % 5),
    raid: { name: "Siege of Orgrimmar" }, factionId: 1, faction: { name: "Alliance" }, completionModeId: 1, completionMode: { name: "Full Run" },
    gameplayType: "pilot", classRestrictions: i % 5 < 2 ? [{ wowClass: "Paladin", specs: ["Healer"], serviceType: "Full Gear Priority" }] : [],
  };
}

function measure(label: string, n: number) {
  const runs = Array.from({ length: n }, (_, i) => run(i));
  const schema = z.array(raidRunViewSchema);
  const check: number[] = [];
  const json: number[] = [];
  for (let round = 0; round < 35; round++) {
    let t0 = performance.now();
    const result = schema["~standard"].validate(runs);
    const t1 = performance.now();
    if ("issues" in result && result.issues) throw new Error("invalid fixture");
    JSON.stringify(runs);
    const t2 = performance.now();
    if (round >= 5) {
      check.push(t1 - t0);
      json.push(t2 - t1);
    }
    t0 = 0;
  }
  const c = median(check);
  const j = median(json);
  console.log(`${label} (${n} runs): schema check median ${c.toFixed(1)} ms, JSON.stringify median ${j.toFixed(1)} ms (check = ${(c / j).toFixed(1)}× serialization)`);
}

measure("Admin list", RUNS);
measure("Public list", 500);
