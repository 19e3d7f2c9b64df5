// Each kind's run form (the forms stay in islands/RunsAdmin/forms). Only the lazily loaded
// form dialog imports this, so the panel's first load carries no form.
import type { ComponentType } from "react";
import { ChallengeRunForm } from "./challenge/form";
import { DesertRunForm } from "./desert/form";
import { RaidRunForm } from "./raid/form";
import type { RunFormProps } from "../../islands/components/runForm/types";
import type { RunKind } from "../shared/enums";
import type { RunOfKind } from "./runs";

export const RUN_FORMS: { [K in RunKind]: ComponentType<RunFormProps<RunOfKind<K>>> } = {
  raid: RaidRunForm, challenge: ChallengeRunForm, desert: DesertRunForm,
};
