// The run kinds: one descriptor each (src/kinds/<kind>/kind.ts). Everything that differs
// between kinds is read from here instead of branching on the kind; the other parts' registries
// are generated beside it (*.generated.ts).
import { RUN_KIND_NAMES, type RunKind } from "../shared/enums";
import type { AnyRun } from "./runs";
import { labelWith } from "./label";
import { RUN_KIND_DESCRIPTORS } from "./descriptors.generated";

export const RUN_KINDS = RUN_KIND_DESCRIPTORS satisfies Record<RunKind, { kind: RunKind }>;
export type RunKindDescriptor<K extends RunKind> = (typeof RUN_KINDS)[K];

/** The kinds in the panels' and the API's order. */
export const KINDS: readonly RunKind[] = RUN_KIND_NAMES;

/** One value per kind (a registry's entries, counters, empty lists). */
export const perKind = <V>(f: <K extends RunKind>(kind: K) => V): Record<RunKind, V> =>
  Object.fromEntries(KINDS.map((k) => [k, f(k)])) as Record<RunKind, V>;

/** The admin dashboard chooses a game's run panel by the game's slug. */
export function runKindForSlug(slug: string): RunKind | null {
  return KINDS.find((k) => RUN_KINDS[k].slug === slug) ?? null;
}

/** Which kind of runs (calendar, panel) a game has, by its fixed id or its slug; null for a game without runs. */
export function kindOfGame(game: { id: number; slug: string }): RunKind | null {
  return KINDS.find((k) => RUN_KINDS[k].gameId === game.id || RUN_KINDS[k].slug === game.slug) ?? null;
}

/** A public calendar's card of a kind (the read model's, the calendar island's props). */
export type CalendarRunOf<K extends RunKind> = ReturnType<RunKindDescriptor<K>["toCalendarRun"]>;

/** What the contact dialog shows a run from: its card and what the kind's dialog needs besides (the raid's name). */
export type ContactRun = { [K in RunKind]: { kind: K } & Parameters<RunKindDescriptor<K>["contactRows"]>[0] }[RunKind];
type AnyContact = { contactRows: (c: ContactRun) => [string, string][]; eventTitle: (c: ContactRun) => string; contactList?: (c: ContactRun) => { term: string; items: string[]; empty: string } };

/** The contact dialog's rows of a run (and a calendar feed event's description). */
export const contactRows = (c: ContactRun): [string, string][] => (RUN_KINDS[c.kind] as AnyContact).contactRows(c);
/** A calendar event's title of a run (feeds, the run's .ics, the Google Calendar link). */
export const eventTitle = (c: ContactRun): string => (RUN_KINDS[c.kind] as AnyContact).eventTitle(c);
/** The list the dialog shows after the rows, when the kind has one. */
export const contactList = (c: ContactRun) => (RUN_KINDS[c.kind] as AnyContact).contactList?.(c) ?? null;

/** Card label fallbacks: display id, else '{prefix}-{id}' with the kind's fallback prefix (its descriptor's), else '#id'. */
export const runLabel = (run: Pick<AnyRun, "id" | "displayId" | "kind">): string => labelWith(run, RUN_KINDS[run.kind].fallbackPrefix);
