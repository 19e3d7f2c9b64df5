// The run panels' filter dropdowns (status plus the kind's own). Filtering, search
// and sort run on the server (src/api/runs/paging.ts); a dropdown offers every value its
// parameter accepts (src/kinds/runList.ts), so a value with no run on this page still
// finds the runs on other pages.
import type { RunKind } from "../../../src/shared/enums";
import { RUN_FILTERS, type RunFilters } from "../../../src/kinds/runList";
import { perKind, RUN_KINDS } from "../../../src/kinds/registry";
import { T } from "../../../src/shared/text";

export const ALL = "all";

export type FilterOption = { value: string; label: string };
export type FilterDef = { id: string; label: string; options: FilterOption[] };
/** The dropdowns' choices by filter id; a missing id or ALL means no filter. */
export type FilterState = Record<string, string>;

/** A filter's dropdown label and option text: status is every kind's, the others their kind's. */
function labelsOf(kind: RunKind, id: string): { label: string; option?: (v: string) => string } {
  if (id === "status") return { label: T.panels.filterStatus, option: (v) => (T.labels.runStatus as Record<string, string>)[v] ?? v };
  return (RUN_KINDS[kind].filterLabels as Record<string, { label: string; option?: (v: string) => string }>)[id]!;
}

function defsOf(kind: RunKind): FilterDef[] {
  return Object.entries(RUN_FILTERS[kind] as Record<string, readonly string[]>).map(([id, values]) => {
    const { label, option = (v) => v } = labelsOf(kind, id);
    return { id, label, options: [{ value: ALL, label: T.calendar.all }, ...values.map((v) => ({ value: v, label: option(v) }))] };
  });
}

/**
 * Per kind: the filter dropdowns, status first, each 'All' plus its values in the enum's order.
 * Built on each read: on the server T speaks the request's language only when read.
 */
export const PANEL_FILTERS = Object.defineProperties({}, Object.fromEntries(
  Object.keys(perKind(() => null)).map((kind) => [kind, { get: () => defsOf(kind as RunKind), enumerable: true }]),
)) as Record<RunKind, FilterDef[]>;

/** The list request's filters: every dropdown not on 'All' whose value it offers. */
export function activeFilters<K extends RunKind>(kind: K, state: FilterState): RunFilters<K> {
  const out: Record<string, string> = {};
  for (const def of PANEL_FILTERS[kind]) {
    const v = state[def.id];
    if (v && v !== ALL && def.options.some((o) => o.value === v)) out[def.id] = v;
  }
  return out as RunFilters<K>;
}

