// Generated from the src/kinds/<kind>/columns modules by src/render/kindRegistries.ts on every
// build and test run. Do not edit: add a kind folder instead.
import type { RunKind } from "../shared/enums";
import type { KindColumns } from "../../islands/components/runPanel/columns";
import type { RunOfKind } from "./runs";
import { raidColumns } from "./raid/columns";
import { challengeColumns } from "./challenge/columns";
import { desertColumns } from "./desert/columns";

export const PANEL_COLUMNS: { [K in RunKind]: KindColumns<RunOfKind<K>> } = { raid: raidColumns, challenge: challengeColumns, desert: desertColumns };
