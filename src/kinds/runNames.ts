// What a run is, in words: its name as its card titles it, what it is ('Mogu'shan Vaults
// Heroic 25 raid run, Europe') and its one-line description (run pages, announcements).
import { cardTime } from "../domain/cardTime";
import type { Timezone } from "../shared/enums";
import { T } from "../shared/text";
import { RUN_KINDS } from "./registry";
import type { AnyRun } from "./runs";

/** The run's name as its card titles it (the raid's name; the fixed title of the other kinds). */
export const runName = (run: AnyRun): string => (RUN_KINDS[run.kind].name as (r: AnyRun) => string)(run);

/** 'Mogu'shan Vaults Heroic 25 raid run, Europe' and the like. */
export const runWhat = (run: AnyRun): string => (RUN_KINDS[run.kind].what as (r: AnyRun) => string)(run);

/** The zone a run is shown in first: the one it was entered in. */
export const runZone = (run: AnyRun): Timezone => run.timezone;

export function runDescription(run: AnyRun): string {
  const when = cardTime(Date.parse(run.startsAt), runZone(run));
  return T.run.description({ what: runWhat(run), when: T.run.when(when), id: run.displayId ?? "" });
}
