// The three run kinds as the API and islands see them (SPEC §3). `scheduledDate` is the
// SPEC text 'YYYY-MM-DD HH:MM' on the clocks of the run's own `timezone`; `startsAt` is
// the same moment as an ISO instant, for converting to the viewer's zone.
import type {
  ChallengeFaction, ChallengeMode, DesertCompletionType, Difficulty, GameplayType, Region, RunKind, RunStatus, Timezone,
} from "./enums";

export type RunBooster = {
  /** The booster's public identifier, e.g. 'BB-1001'. */
  boosterId: string;
  /** Staff and the booster themself only; absent in public answers. */
  user?: { nickname: string | null; email: string };
};

type RunBase = {
  id: number;
  displayId: string | null;
  gameId: number;
  /** The booster record's numeric id (SPEC §7 payloads use it). */
  boosterId: number;
  title: string;
  scheduledDate: string;
  startsAt: string;
  timezone: Timezone;
  status: RunStatus;
  booster: RunBooster;
};

export type ClassRestriction = { wowClass: string; specs: string[]; serviceType: string };

export type RaidRun = RunBase & {
  kind: "raid";
  difficulty: Difficulty;
  crossRealmAvailable: boolean;
  region: Region;
  raidId: number;
  raid: { name: string };
  factionId: number;
  faction: { name: string };
  completionModeId: number | null;
  completionMode: { name: string } | null;
  gameplayType: GameplayType | null;
  classRestrictions: ClassRestriction[];
};

export type ChallengeRun = RunBase & {
  kind: "challenge";
  faction: ChallengeFaction;
  completionMode: ChallengeMode;
};

export type DesertRun = RunBase & {
  kind: "desert";
  completionType: DesertCompletionType;
  feats: string[];
};

export type AnyRun = RaidRun | ChallengeRun | DesertRun;

/**
 * When a stored run last changed: its update counter and instant (ISO). The run lists carry
 * them; calendar feeds publish them as an event's SEQUENCE and LAST-MODIFIED.
 */
export type Revised = { revision: number; updatedAt: string };
export type RunOfKind<K extends RunKind> = Extract<AnyRun, { kind: K }>;

/** SPEC card fallbacks: display id, else '#id' (Desert: 'TDP-{id}'). */
export function runLabel(run: Pick<AnyRun, "id" | "displayId" | "kind">): string {
  if (run.displayId) return run.displayId;
  return run.kind === "desert" ? `TDP-${run.id}` : `#${run.id}`;
}

/** Staff choose any booster and may set a run's status; a booster's form is fixed to themself. */
export type PanelMode = "admin" | "booster";
