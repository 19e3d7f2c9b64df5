// The API contract, proved at the type level: `bun run typecheck` (tsc) checks this file,
// nothing runs it. Each line states what the islands' Eden client says a route answers;
// the types come from the route's declared response schema. Change a route's answer (say
// POST /api/runs answers `{ ok }`) and these lines, and the islands that use the answer,
// stop compiling.
import type { api } from "./api";
import type { AnyRun, RepeatedRuns, WarnedRun } from "../../src/kinds/runs";
import type { DesertRun } from "../../src/kinds/desert/schemas";
import type { RaidRun } from "../../src/kinds/raid/schemas";
import type { GameRow, GameWithChildren } from "../../src/shared/types";
import type { PendingInvite, UserListItem } from "../../src/shared/schemas/users";
import type { Clicked, RunPage } from "../../src/kinds/runList";
import type { Insights } from "../../src/shared/schemas/insights";
import type { AccountUser } from "../../src/shared/schemas/auth";
import type { RunStats } from "../../src/shared/schemas/responses";
import type { BoosterListItem } from "../../src/shared/schemas/responses";

type Call = (...args: never[]) => Promise<{ data: unknown; error: unknown }>;
/** What a call answers on success. */
type DataOf<F extends Call> = NonNullable<Awaited<ReturnType<F>>["data"]>;
/** What a call answers on failure: `{ status, value }` for each declared refusal. */
type ErrorOf<F extends Call> = NonNullable<Awaited<ReturnType<F>>["error"]>;
/** Exactly the same type (an `any` or a wider type fails). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
/** An intersection as one object type (zod infers extended objects so). */
type Flat<T> = { [K in keyof T]: T[K] };
const holds = <T extends true>(): T | undefined => undefined;

export const contract = [
  // A run list answers the plain list, or one page when a paging parameter is sent.
  holds<Equal<DataOf<typeof api.api.runs.get>, RaidRun[] | RunPage<Flat<RaidRun & Clicked>>>>(),
  // A create answers the run with its warnings, or the list of a repeat (scheduledDates).
  holds<Equal<DataOf<typeof api.api.runs.post>, WarnedRun<"raid"> | RepeatedRuns<"raid">>>(),
  holds<Equal<DataOf<ReturnType<typeof api.api.runs>["patch"]>, WarnedRun<"raid">>>(),
  holds<Equal<DataOf<ReturnType<typeof api.api.runs>["delete"]>, { id: number }>>(),
  holds<Equal<DataOf<(typeof api.api)["challenge-mode-runs"]["post"]>, WarnedRun<"challenge"> | RepeatedRuns<"challenge">>>(),
  holds<Equal<DataOf<(typeof api.api)["desert-perpetual-runs"]["get"]>, DesertRun[] | RunPage<Flat<DesertRun & Clicked>>>>(),
  holds<Equal<DataOf<typeof api.api.insights.get>, Insights>>(),
  holds<Equal<DataOf<(typeof api.api)["pending-invites"]["get"]>, PendingInvite[]>>(),
  holds<Equal<DataOf<typeof api.api.auth.password.post>, { ok: true }>>(),
  holds<Equal<DataOf<(typeof api.api)["run-stats"]["get"]>, RunStats>>(),
  holds<Equal<DataOf<typeof api.api.games.get>, GameRow[]>>(),
  holds<Equal<DataOf<(typeof api.api)["games-hierarchy"]["get"]>, GameWithChildren[]>>(),
  holds<Equal<DataOf<typeof api.api.users.get>, UserListItem[]>>(),
  holds<Equal<DataOf<typeof api.api.users.boosters.get>, BoosterListItem[]>>(),
  holds<Equal<DataOf<typeof api.api.auth.user.get>, AccountUser>>(),
  holds<Equal<DataOf<typeof api.api.auth.login.post>, { user: AccountUser }>>(),
  // Refusals carry `{ message }` with their status; a form post's 303 is not data.
  // (Elysia's types add a 422 to every validated route; src/http/errorAnswers.ts answers 400.)
  holds<Equal<Exclude<ErrorOf<typeof api.api.runs.post>["status"], 422>, 400 | 401 | 403 | 409>>(),
  holds<Equal<Extract<ErrorOf<typeof api.api.runs.post>, { status: 409 }>["value"], { message: string }>>(),
  holds<Equal<Exclude<ErrorOf<typeof api.api.auth.login.post>["status"], 422>, 303 | 400 | 401 | 429>>(),
];

/** The negative half: what the answers are not. */
export function notTheContract(run: DataOf<typeof api.api.runs.post>, list: DataOf<typeof api.api.runs.get>): AnyRun[] {
  // @ts-expect-error a run list may be a page envelope, not always an array.
  const all: RaidRun[] = list;
  // @ts-expect-error POST /api/runs answers the created run, not `{ ok }`.
  const ok: { ok: boolean } = run;
  // @ts-expect-error a raid run is not a Desert Perpetual run.
  const desert: DesertRun = run;
  return [...all, ...("runs" in run ? run.runs : [run]), ...(ok.ok ? [desert] : [])];
}

// Request bodies keep their kind's schema (src/kinds/<kind>/schemas.ts): a wrong value does not type-check.
export const rejectedBodies = [
  // @ts-expect-error not a completion type
  () => api.api["desert-perpetual-runs"].post({ completionType: "nope" }),
  // @ts-expect-error not a completion type
  () => api.api["desert-perpetual-runs"]({ id: 1 }).patch({ completionType: "nope" }),
  // @ts-expect-error not a faction
  () => api.api["challenge-mode-runs"]({ id: 1 }).patch({ faction: "nope" }),
];
