// The run forms' schema: each kind's create payload (src/kinds/<kind>/schemas.ts)
// validates both the API body and the island form, so the messages a person sees under a
// field are the ones an API client gets back as `{ message }`; the form adds what only a
// person picking the booster, or staff setting the status, is asked.
import type { RunKind } from "../shared/enums";
import { T } from "../shared/text";
import { idField } from "../shared/schemas/ids";
import { statusField, withCapacityRule } from "../shared/schemas/runFields";
import { INPUT_SCHEMAS } from "./schemas";
import type { raidRunInputSchema } from "./raid/schemas";

const V = T.validation;

/**
 * The form's variant when a person picks the booster (staff): 'Booster is required'.
 * In booster mode the field is fixed to the current booster and the base schema applies.
 */
function withRequiredBooster<S extends (typeof INPUT_SCHEMAS)[RunKind]>(schema: S) {
  return schema.extend({ boosterId: idField(V.boosterRequired) });
}

/**
 * The schema a run form validates with: the API's, plus 'Booster is required' when the
 * person picks the booster (staff) and the status when staff edit, and the places' pair rule.
 */
export function runFormSchema(kind: RunKind, opts: { pickBooster: boolean; setStatus: boolean }) {
  const base = INPUT_SCHEMAS[kind] as typeof raidRunInputSchema;
  const withBooster = opts.pickBooster ? withRequiredBooster(base) : base;
  return withCapacityRule(opts.setStatus ? withBooster.extend({ status: statusField }) : withBooster);
}
