// Generated from the src/kinds/<kind>/form modules by src/render/kindRegistries.ts on every
// build and test run. Do not edit: add a kind folder instead.
import type { RunKind } from "../shared/enums";
import type { ComponentType } from "react";
import type { RunFormProps } from "../../islands/components/runForm/formTypes";
import type { RunOfKind } from "./runs";
import { RaidRunForm } from "./raid/form";
import { ChallengeRunForm } from "./challenge/form";
import { DesertRunForm } from "./desert/form";

export const RUN_FORMS: { [K in RunKind]: ComponentType<RunFormProps<RunOfKind<K>>> } = { raid: RaidRunForm, challenge: ChallengeRunForm, desert: DesertRunForm };
