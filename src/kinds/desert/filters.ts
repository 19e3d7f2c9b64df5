// The Desert Perpetual calendar's filters: defaults, the feat choices' exclusivity, match rules.
import { DESERT_COMPLETION_TYPES, FEATS, type DesertCompletionType, type Feat } from "../../shared/desertEnums";
import {
  oneOf, openOnlyEntries, parseOpenOnly, passesOpenOnly, sortByStart, type CalendarRunBase, type OpenOnly, type Query,
} from "../../domain/calendarFilters";

export type DesertCalendarRun = CalendarRunBase & { completion: DesertCompletionType; feats: string[] };

/** 'all': every feat; 'none': no feats; a list: at least one of them (empty list: no feat filter). */
export type FeatFilter = "all" | "none" | Feat[];
/** `open`: only runs with free spots (src/domain/calendarFilters.ts). */
export type DesertFilters = { completion: DesertCompletionType; feats: FeatFilter } & OpenOnly;
export const DEFAULT_DESERT_FILTERS: DesertFilters = { completion: "sherpa_and_recovery", feats: [] };

/** Feats in the canonical order (FEATS), without duplicates (filters, and how runs store them). */
export const canonicalFeats = (feats: readonly string[]): Feat[] => FEATS.filter((f) => feats.includes(f));

/** Ticking an individual feat leaves 'All Feats Run' / 'No Feats Run'; ticking it again unticks it. */
export function toggleFeat(current: FeatFilter, feat: Feat): FeatFilter {
  const list = typeof current === "string" ? [] : current;
  return canonicalFeats(list.includes(feat) ? list.filter((f) => f !== feat) : [...list, feat]);
}

/** 'All Feats Run' and 'No Feats Run' replace everything else; pressing the active one again clears it. */
export function toggleFeatMode(current: FeatFilter, mode: "all" | "none"): FeatFilter {
  return current === mode ? [] : mode;
}

export function parseDesertFilters(q: Query): DesertFilters {
  const mode = oneOf(q.get("feats"), ["all", "none"] as const);
  return {
    completion: oneOf(q.get("completion"), DESERT_COMPLETION_TYPES) ?? DEFAULT_DESERT_FILTERS.completion,
    feats: mode ?? canonicalFeats(q.getAll("feat").filter((f): f is Feat => oneOf(f, FEATS) !== undefined)),
    ...parseOpenOnly(q),
  };
}

export function serializeDesertFilters(f: DesertFilters): [string, string][] {
  const out: [string, string][] = [];
  if (f.completion !== DEFAULT_DESERT_FILTERS.completion) out.push(["completion", f.completion]);
  if (typeof f.feats === "string") out.push(["feats", f.feats]);
  else for (const feat of canonicalFeats(f.feats)) out.push(["feat", feat]);
  out.push(...openOnlyEntries(f));
  return out;
}

/**
 * The completion type must equal the selection unless it is 'Sherpa & Recovery'
 * (then all). 'No Feats Run': no feats; 'All Feats Run': all five; otherwise at least one
 * selected feat (no selection: any).
 */
export function matchesDesert(run: DesertCalendarRun, f: DesertFilters): boolean {
  if (f.completion !== "sherpa_and_recovery" && run.completion !== f.completion) return false;
  if (!passesOpenOnly(run, f)) return false;
  if (f.feats === "none") return run.feats.length === 0;
  if (f.feats === "all") return FEATS.every((feat) => run.feats.includes(feat));
  return f.feats.length === 0 || f.feats.some((feat) => run.feats.includes(feat));
}

export function filterDesertRuns(runs: readonly DesertCalendarRun[], f: DesertFilters): DesertCalendarRun[] {
  return sortByStart(runs.filter((r) => matchesDesert(r, f)));
}
