// The run panels' part of each kind (islands/RunsAdmin): its table columns. The forms are
// in ./forms.ts, loaded only with the form dialog.
import type { ColumnDef } from "@tanstack/react-table";
import type { Features, RowActions } from "../../islands/components/runPanel/columns";
import type { RunKind, Timezone } from "../shared/enums";
import type { RunOfKind } from "./runs";
import { challengeColumns } from "./challenge/columns";
import { desertColumns } from "./desert/columns";
import { raidColumns } from "./raid/columns";

// biome-ignore lint/suspicious/noExplicitAny: a column's value type differs per column; TanStack types a column list with any
export const PANEL_COLUMNS: { [K in RunKind]: (zone: Timezone, actions: RowActions<RunOfKind<K>>) => ColumnDef<Features, RunOfKind<K>, any>[] } = {
  raid: raidColumns, challenge: challengeColumns, desert: desertColumns,
};
