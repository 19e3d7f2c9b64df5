import { describe, expect, test } from "bun:test";
import { ALL, parseZone, sortByStart, toSearch } from "../domain/calendarFilters";
import { DEFAULT_CHALLENGE_FILTERS, filterChallengeRuns, matchesChallenge, parseChallengeFilters, serializeChallengeFilters, challengeZone, type ChallengeCalendarRun } from "./challenge/filters";
import { DEFAULT_DESERT_FILTERS, filterDesertRuns, matchesDesert, parseDesertFilters, serializeDesertFilters, toggleFeat, toggleFeatMode, type DesertCalendarRun } from "./desert/filters";
import { defaultRaidFilters, defaultRaidId, filterRaidRuns, matchesRaid, parseRaidFilters, serializeRaidFilters, withRegion, activeRaidFilters, raidTabCounts, raidZone, type RaidCalendarRun, type RaidFilters, type RaidRefs } from "./raid/filters";
import { FEATS } from "../shared/desertEnums";

const q = (s: string) => new URLSearchParams(s);

const refs: RaidRefs = {
  raids: [
    { id: 11, name: "Mogu'shan Vaults", slug: "mogushan-vaults" },
    { id: 12, name: "Heart of Fear", slug: "heart-of-fear" },
  ],
  factions: [
    { region: "EU", name: "Alliance" }, { region: "EU", name: "Horde" },
    { region: "US", name: "Alliance" }, { region: "US", name: "Horde" }, { region: "US", name: "Stormwind Realm" },
  ],
};

const raidRun = (over: Partial<RaidCalendarRun> = {}): RaidCalendarRun => ({
  id: 1, label: "MOP-1", startsAt: 1000, booster: "BB-1001", region: "EU", raidId: 11, difficulty: "normal_10",
  faction: "Alliance", mode: null, gameplay: "selfplay", classes: [], spotsLeft: null, availability: "open", ...over,
});
const base: RaidFilters = defaultRaidFilters(refs);

describe("raid filters: defaults", () => {
  test("EU, Mogu'shan Vaults and 'all' for every other filter", () => {
    expect(base).toEqual({
      region: "EU", raidId: 11, difficulty: ALL, faction: ALL, wowClass: ALL, serviceType: ALL, gameplay: ALL,
    });
  });
  test("the raid tab defaults to Mogu'shan Vaults wherever it is, else the first raid, else none", () => {
    expect(defaultRaidId([{ id: 5, name: "Heart of Fear", slug: "hof" }, { id: 9, name: "Mogu'shan Vaults", slug: "msv" }])).toBe(9);
    expect(defaultRaidId([{ id: 5, name: "Heart of Fear", slug: "hof" }, { id: 6, name: "Throne of Thunder", slug: "tot" }])).toBe(5);
    expect(defaultRaidId([])).toBeNull();
  });
});

describe("raid filters: matching", () => {
  test("region and raid must equal the selection", () => {
    expect(matchesRaid(raidRun(), base)).toBe(true);
    expect(matchesRaid(raidRun({ region: "US" }), base)).toBe(false);
    expect(matchesRaid(raidRun({ raidId: 12 }), base)).toBe(false);
    expect(matchesRaid(raidRun({ region: "US", raidId: 12 }), { ...base, region: "US", raidId: 12 })).toBe(true);
  });
  test("difficulty matches or is all", () => {
    expect(matchesRaid(raidRun({ difficulty: "heroic_25" }), { ...base, difficulty: "heroic_25" })).toBe(true);
    expect(matchesRaid(raidRun({ difficulty: "normal_25" }), { ...base, difficulty: "heroic_25" })).toBe(false);
    expect(matchesRaid(raidRun({ difficulty: "normal_25" }), base)).toBe(true);
  });
  test("faction matches or is all", () => {
    expect(matchesRaid(raidRun({ faction: "Horde" }), { ...base, faction: "Horde" })).toBe(true);
    expect(matchesRaid(raidRun({ faction: "Alliance" }), { ...base, faction: "Horde" })).toBe(false);
    expect(matchesRaid(raidRun({ faction: "Alliance" }), base)).toBe(true);
  });
  test("gameplay type matches or is all; a run without one only shows under all", () => {
    expect(matchesRaid(raidRun({ gameplay: "pilot" }), { ...base, gameplay: "pilot" })).toBe(true);
    expect(matchesRaid(raidRun({ gameplay: "selfplay & pilot" }), { ...base, gameplay: "pilot" })).toBe(false);
    expect(matchesRaid(raidRun({ gameplay: null }), { ...base, gameplay: "pilot" })).toBe(false);
    expect(matchesRaid(raidRun({ gameplay: null }), base)).toBe(true);
  });
  test("a run without class restrictions passes any class and service-type filter", () => {
    const f = { ...base, wowClass: "Hunter" as const, serviceType: "1 Item Guaranteed" as const };
    expect(matchesRaid(raidRun({ classes: [] }), f)).toBe(true);
  });
  test("with restrictions, at least one must match the class filter", () => {
    const run = raidRun({ classes: [
      { wowClass: "Paladin", specs: ["Healer"], serviceType: "Full Gear Priority" },
      { wowClass: "Mage", specs: ["Caster DPS"], serviceType: "1 Item Guaranteed" },
    ] });
    expect(matchesRaid(run, { ...base, wowClass: "Mage" })).toBe(true);
    expect(matchesRaid(run, { ...base, wowClass: "Rogue" })).toBe(false);
    expect(matchesRaid(run, base)).toBe(true);
  });
  test("with restrictions, at least one must match the service-type filter", () => {
    const run = raidRun({ classes: [{ wowClass: "Paladin", specs: ["Healer"], serviceType: "Full Gear Priority" }] });
    expect(matchesRaid(run, { ...base, serviceType: "Full Gear Priority" })).toBe(true);
    expect(matchesRaid(run, { ...base, serviceType: "3 Items Guaranteed" })).toBe(false);
  });
  test("each active filter is met by some restriction, not necessarily the same one", () => {
    const run = raidRun({ classes: [
      { wowClass: "Paladin", specs: ["Healer"], serviceType: "Full Gear Priority" },
      { wowClass: "Mage", specs: ["Caster DPS"], serviceType: "1 Item Guaranteed" },
    ] });
    expect(matchesRaid(run, { ...base, wowClass: "Paladin", serviceType: "1 Item Guaranteed" })).toBe(true);
    expect(matchesRaid(run, { ...base, wowClass: "Paladin", serviceType: "2 Items Guaranteed" })).toBe(false);
  });
  test("filterRaidRuns keeps the matches sorted by start time", () => {
    const runs = [raidRun({ id: 3, startsAt: 300 }), raidRun({ id: 1, startsAt: 100, region: "US" }), raidRun({ id: 2, startsAt: 200 })];
    expect(filterRaidRuns(runs, base).map((r) => r.id)).toEqual([2, 3]);
  });
});

describe("raid filters: region change and URL round trip", () => {
  test("changing the region resets the faction to all and keeps the rest", () => {
    const f = { ...base, faction: "Horde", difficulty: "heroic_10" as const };
    expect(withRegion(f, "US")).toEqual({ ...f, region: "US", faction: ALL });
    expect(withRegion(f, "EU")).toBe(f);
  });
  test("the default state serializes to nothing and parses from nothing", () => {
    expect(serializeRaidFilters(base, refs)).toEqual([]);
    expect(parseRaidFilters(q(""), refs)).toEqual(base);
  });
  test("every field survives a round trip", () => {
    const f: RaidFilters = {
      region: "US", raidId: 12, difficulty: "heroic_25", faction: "Stormwind Realm", wowClass: "Death Knight",
      serviceType: "3 Items Guaranteed", gameplay: "selfplay & pilot",
    };
    const entries = serializeRaidFilters(f, refs);
    expect(entries).toEqual([
      ["region", "US"], ["raid", "heart-of-fear"], ["difficulty", "heroic_25"], ["faction", "Stormwind Realm"],
      ["class", "Death Knight"], ["service", "3 Items Guaranteed"], ["gameplay", "selfplay & pilot"],
    ]);
    expect(parseRaidFilters(q(toSearch(entries, "EST")), refs)).toEqual(f);
  });
  test("garbage values fall back to the defaults one by one", () => {
    const f = parseRaidFilters(q("region=Mars&raid=nope&difficulty=mythic&faction=Pirates&class=Monkey&service=free&gameplay=afk"), refs);
    expect(f).toEqual(base);
    expect(parseRaidFilters(q("region=us&difficulty=HEROIC_25"), refs)).toEqual(base);
    expect(parseRaidFilters(q("region=US&difficulty=garbage"), refs)).toEqual({ ...base, region: "US" });
  });
  test("a faction of the other region is not kept", () => {
    expect(parseRaidFilters(q("faction=Stormwind+Realm"), refs).faction).toBe(ALL);
    expect(parseRaidFilters(q("region=US&faction=Stormwind+Realm"), refs).faction).toBe("Stormwind Realm");
  });
  test("a repeated parameter takes its first value", () => {
    expect(parseRaidFilters(q("region=US&region=EU"), refs).region).toBe("US");
  });
  test("explicit 'all' values (a submitted form) parse as the default", () => {
    expect(parseRaidFilters(q("difficulty=all&faction=all&class=all&service=all&gameplay=all"), refs)).toEqual(base);
  });
  test("no raids at all: no raid tab and nothing matches", () => {
    const empty = { raids: [], factions: [] };
    const f = parseRaidFilters(q("raid=mogushan-vaults"), empty);
    expect(f.raidId).toBeNull();
    expect(serializeRaidFilters(f, empty)).toEqual([]);
    expect(matchesRaid(raidRun(), f)).toBe(false);
  });
});

const cmRun = (over: Partial<ChallengeCalendarRun> = {}): ChallengeCalendarRun => ({
  id: 1, label: "CM-1", startsAt: 1000, booster: "BB-1001", faction: "EU Alliance", mode: "Selfplay Only", spotsLeft: null, availability: "open", ...over,
});

describe("challenge-mode filters", () => {
  test("defaults: EU Alliance, Selfplay & Pilot", () => {
    expect(parseChallengeFilters(q(""))).toEqual({ faction: "EU Alliance", mode: "Selfplay & Pilot" });
    expect(serializeChallengeFilters(DEFAULT_CHALLENGE_FILTERS)).toEqual([]);
  });
  test("the faction must equal the selection", () => {
    expect(matchesChallenge(cmRun({ faction: "EU Horde" }), DEFAULT_CHALLENGE_FILTERS)).toBe(false);
    expect(matchesChallenge(cmRun({ faction: "US Horde" }), { faction: "US Horde", mode: "Selfplay & Pilot" })).toBe(true);
  });
  test("'Selfplay & Pilot' shows every completion mode", () => {
    for (const mode of ["Selfplay Only", "Pilot Only", "Selfplay & Pilot"] as const) {
      expect(matchesChallenge(cmRun({ mode }), DEFAULT_CHALLENGE_FILTERS)).toBe(true);
    }
  });
  test("'Selfplay Only' and 'Pilot Only' also include 'Selfplay & Pilot' runs, not the other mode", () => {
    const selfplay = { faction: "EU Alliance", mode: "Selfplay Only" } as const;
    const pilot = { faction: "EU Alliance", mode: "Pilot Only" } as const;
    expect(matchesChallenge(cmRun({ mode: "Selfplay Only" }), selfplay)).toBe(true);
    expect(matchesChallenge(cmRun({ mode: "Selfplay & Pilot" }), selfplay)).toBe(true);
    expect(matchesChallenge(cmRun({ mode: "Pilot Only" }), selfplay)).toBe(false);
    expect(matchesChallenge(cmRun({ mode: "Pilot Only" }), pilot)).toBe(true);
    expect(matchesChallenge(cmRun({ mode: "Selfplay & Pilot" }), pilot)).toBe(true);
    expect(matchesChallenge(cmRun({ mode: "Selfplay Only" }), pilot)).toBe(false);
  });
  test("round trip and garbage", () => {
    const f = { faction: "US Horde", mode: "Pilot Only" } as const;
    expect(parseChallengeFilters(q(toSearch(serializeChallengeFilters(f))))).toEqual(f);
    expect(parseChallengeFilters(q("faction=Mars&mode=fast"))).toEqual(DEFAULT_CHALLENGE_FILTERS);
  });
  test("filterChallengeRuns sorts by start", () => {
    const runs = [cmRun({ id: 2, startsAt: 20 }), cmRun({ id: 1, startsAt: 10 }), cmRun({ id: 3, faction: "US Horde" })];
    expect(filterChallengeRuns(runs, DEFAULT_CHALLENGE_FILTERS).map((r) => r.id)).toEqual([1, 2]);
  });
});

const dpRun = (over: Partial<DesertCalendarRun> = {}): DesertCalendarRun => ({
  id: 1, label: "TDP-1", startsAt: 1000, booster: "BB-1002", completion: "sherpa_only", feats: [], spotsLeft: null, availability: "open", ...over,
});
const allFive = [...FEATS];

describe("desert filters: completion type", () => {
  test("'Sherpa & Recovery' shows all completion types", () => {
    for (const completion of ["sherpa_and_recovery", "sherpa_only", "recovery_only"] as const) {
      expect(matchesDesert(dpRun({ completion }), DEFAULT_DESERT_FILTERS)).toBe(true);
    }
  });
  test("the others must match exactly", () => {
    expect(matchesDesert(dpRun({ completion: "sherpa_only" }), { completion: "sherpa_only", feats: [] })).toBe(true);
    expect(matchesDesert(dpRun({ completion: "sherpa_and_recovery" }), { completion: "sherpa_only", feats: [] })).toBe(false);
    expect(matchesDesert(dpRun({ completion: "sherpa_only" }), { completion: "recovery_only", feats: [] })).toBe(false);
  });
});

describe("desert filters: feats", () => {
  const f = (feats: DesertCalendarRun["feats"] | "all" | "none") => ({ completion: "sherpa_and_recovery" as const, feats: feats as never });
  test("no feat filter shows every run", () => {
    expect(matchesDesert(dpRun({ feats: [] }), f([]))).toBe(true);
    expect(matchesDesert(dpRun({ feats: ["Battalions"] }), f([]))).toBe(true);
  });
  test("'No Feats Run' means the run has no feats", () => {
    expect(matchesDesert(dpRun({ feats: [] }), f("none"))).toBe(true);
    expect(matchesDesert(dpRun({ feats: ["Battalions"] }), f("none"))).toBe(false);
  });
  test("'All Feats Run' means the run has all five feats", () => {
    expect(matchesDesert(dpRun({ feats: allFive }), f("all"))).toBe(true);
    expect(matchesDesert(dpRun({ feats: allFive.slice(0, 4) }), f("all"))).toBe(false);
    expect(matchesDesert(dpRun({ feats: [] }), f("all"))).toBe(false);
  });
  test("selected feats: the run needs at least one of them", () => {
    expect(matchesDesert(dpRun({ feats: ["Battalions"] }), f(["Battalions", "Token Limit"]))).toBe(true);
    expect(matchesDesert(dpRun({ feats: ["Phase Race"] }), f(["Battalions", "Token Limit"]))).toBe(false);
    expect(matchesDesert(dpRun({ feats: [] }), f(["Battalions"]))).toBe(false);
  });
  test("filterDesertRuns combines completion and feats, sorted", () => {
    const runs = [
      dpRun({ id: 1, startsAt: 30, feats: allFive }), dpRun({ id: 2, startsAt: 10, feats: allFive }),
      dpRun({ id: 3, startsAt: 20, feats: allFive, completion: "recovery_only" }), dpRun({ id: 4, startsAt: 5 }),
    ];
    expect(filterDesertRuns(runs, { completion: "sherpa_only", feats: "all" }).map((r) => r.id)).toEqual([2, 1]);
  });
});

describe("desert filters: exclusivity rules", () => {
  test("'All Feats Run' and 'No Feats Run' exclude each other and the individual feats", () => {
    expect(toggleFeatMode(["Battalions"], "all")).toBe("all");
    expect(toggleFeatMode("none", "all")).toBe("all");
    expect(toggleFeatMode("all", "none")).toBe("none");
    expect(toggleFeatMode([], "none")).toBe("none");
  });
  test("pressing the active one again clears the feat filter", () => {
    expect(toggleFeatMode("all", "all")).toEqual([]);
    expect(toggleFeatMode("none", "none")).toEqual([]);
  });
  test("an individual feat replaces 'all'/'none' and is multi-select", () => {
    expect(toggleFeat("all", "Battalions")).toEqual(["Battalions"]);
    expect(toggleFeat("none", "Battalions")).toEqual(["Battalions"]);
    expect(toggleFeat(["Token Limit"], "Phase Race")).toEqual(["Phase Race", "Token Limit"]);
    expect(toggleFeat(["Phase Race", "Token Limit"], "Phase Race")).toEqual(["Token Limit"]);
  });
});

describe("desert filters: URL round trip", () => {
  test("defaults parse from and serialize to nothing", () => {
    expect(parseDesertFilters(q(""))).toEqual(DEFAULT_DESERT_FILTERS);
    expect(serializeDesertFilters(DEFAULT_DESERT_FILTERS)).toEqual([]);
  });
  test("feat lists, all and none round-trip", () => {
    for (const feats of [["Battalions", "Challenge Encounter"], "all", "none"] as const) {
      const filters = { completion: "recovery_only" as const, feats: feats as never };
      expect(parseDesertFilters(q(toSearch(serializeDesertFilters(filters))))).toEqual(filters);
    }
  });
  test("unknown and duplicate feats are dropped and the order is canonical", () => {
    expect(parseDesertFilters(q("feat=Token+Limit&feat=Nope&feat=Phase+Race&feat=Token+Limit")).feats)
      .toEqual(["Phase Race", "Token Limit"]);
    expect(parseDesertFilters(q("completion=fast&feats=some")).completion).toBe("sherpa_and_recovery");
    expect(parseDesertFilters(q("feats=some")).feats).toEqual([]);
  });
  test("'all' or 'none' wins over individual feats in a hand-made URL", () => {
    expect(parseDesertFilters(q("feats=none&feat=Battalions")).feats).toBe("none");
  });
});

describe("time zone and query string", () => {
  test("tz is CET unless EST is asked for", () => {
    expect(parseZone(q(""))).toBe("CET");
    expect(parseZone(q("tz=EST"))).toBe("EST");
    expect(parseZone(q("tz=PST"))).toBe("CET");
    expect(parseZone(q("tz=est"))).toBe("CET");
  });
  test("toSearch leaves out CET and gives '' for the default view", () => {
    expect(toSearch([])).toBe("");
    expect(toSearch([], "EST")).toBe("?tz=EST");
    expect(toSearch([["region", "US"], ["gameplay", "selfplay & pilot"]], "EST")).toBe("?region=US&gameplay=selfplay+%26+pilot&tz=EST");
  });
  test("with no tz the view's default applies: EST for a US region or faction, else CET", () => {
    const us = { ...defaultRaidFilters(refs), region: "US" as const };
    expect(raidZone(defaultRaidFilters(refs))).toBe("CET");
    expect(raidZone(us)).toBe("EST");
    expect(parseZone(q("region=US"), raidZone(us))).toBe("EST");
    expect(parseZone(q("region=US&tz=CET"), raidZone(us))).toBe("CET");
    expect(parseZone(q("tz=local"), "EST")).toBe("EST");
    expect(challengeZone({ ...DEFAULT_CHALLENGE_FILTERS, faction: "US Horde" })).toBe("EST");
    expect(challengeZone(DEFAULT_CHALLENGE_FILTERS)).toBe("CET");
  });
  test("toSearch leaves out the view's default zone and keeps any other, the viewer's own included", () => {
    expect(toSearch([["region", "US"]], "EST", "EST")).toBe("?region=US");
    expect(toSearch([["region", "US"]], "CET", "EST")).toBe("?region=US&tz=CET");
    expect(toSearch([], "local", "CET")).toBe("?tz=local");
  });
  test("sortByStart is stable by id on equal starts and does not mutate", () => {
    const runs = [{ id: 2, startsAt: 5 }, { id: 1, startsAt: 5 }, { id: 3, startsAt: 1 }];
    expect(sortByStart(runs).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(runs.map((r) => r.id)).toEqual([2, 1, 3]);
  });
});

describe("what exists: tab counts and active filters", () => {
  const run = (id: number, over: Partial<RaidCalendarRun>): RaidCalendarRun => ({
    id, label: `#${id}`, startsAt: id, booster: "BB-1", region: "EU", raidId: 11, difficulty: "normal_10",
    faction: "Alliance", mode: null, gameplay: null, classes: [], spotsLeft: null, availability: "open", ...over,
  });
  const runs = [run(1, {}), run(2, { raidId: 12 }), run(3, { raidId: 12, difficulty: "heroic_25" }), run(4, { region: "US" })];
  test("each raid's count applies every filter but the raid", () => {
    const f = defaultRaidFilters(refs);
    expect([...raidTabCounts(runs, f)]).toEqual([[11, 1], [12, 2]]);
    expect([...raidTabCounts(runs, { ...f, difficulty: "heroic_25" })]).toEqual([[12, 1]]);
    expect([...raidTabCounts(runs, { ...f, region: "US", raidId: 12 })]).toEqual([[11, 1]]);
  });
  test("active filters count the selects that are not 'all'", () => {
    expect(activeRaidFilters(defaultRaidFilters(refs))).toBe(0);
    expect(activeRaidFilters({ ...defaultRaidFilters(refs), difficulty: "heroic_25", gameplay: "pilot" })).toBe(2);
  });
});
