// The Desert Perpetual's closed value sets (the rest are in ./enums.ts). A module of their own:
// the desert calendar needs FEATS in the browser, and the bundler shares whole modules, so
// from enums.ts it would load every other set with them (about 370 B gzip).

export const DESERT_COMPLETION_TYPES = ["sherpa_and_recovery", "sherpa_only", "recovery_only"] as const;
export type DesertCompletionType = (typeof DESERT_COMPLETION_TYPES)[number];

export const FEATS = ["Phase Race", "Cutthroat Combat", "Battalions", "Token Limit", "Challenge Encounter"] as const;
export type Feat = (typeof FEATS)[number];
