// The run kinds' zod schemas, listed from the kind folders (schemas.generated.ts) and kept
// apart from the zod-free registry so the run panels' first chunk does not carry the
// validation library:
// - INPUT_SCHEMAS: each kind's create payload, the POST body and what the run form checks;
// - PATCH_SCHEMAS: any subset of the create payload; staff may also set the status;
// - VIEW_SCHEMAS: each kind's run as the API answers it;
// - PAGE_SCHEMAS: one page of a run list and how many runs all pages hold (the panels' paged
//   calls); staff and booster pages give each row its booking-link clicks, all time;
// - RUN_CREATE_SCHEMAS: a create body with one `scheduledDate` or 2-26 `scheduledDates`;
// - RUN_WRITE_, RUN_REPEAT_ and RUN_CREATE_RESPONSE_SCHEMAS: what the writes answer.
import type { z } from "../shared/schemas/zod";
import type { RunKind } from "../shared/enums";
import {
  INPUT_SCHEMAS, PAGE_SCHEMAS, PATCH_SCHEMAS, RUN_CREATE_RESPONSE_SCHEMAS, RUN_CREATE_SCHEMAS, RUN_REPEAT_RESPONSE_SCHEMAS,
  RUN_WRITE_RESPONSE_SCHEMAS, VIEW_SCHEMAS,
} from "./schemas.generated";

export {
  INPUT_SCHEMAS, PAGE_SCHEMAS, PATCH_SCHEMAS, RUN_CREATE_RESPONSE_SCHEMAS, RUN_CREATE_SCHEMAS, RUN_REPEAT_RESPONSE_SCHEMAS,
  RUN_WRITE_RESPONSE_SCHEMAS, VIEW_SCHEMAS,
};
export type RunInputOf<K extends RunKind> = z.infer<(typeof INPUT_SCHEMAS)[K]>;
export type RunPatchOf<K extends RunKind> = z.infer<(typeof PATCH_SCHEMAS)[K]>;
export type RunCreateOf<K extends RunKind> = z.infer<(typeof RUN_CREATE_SCHEMAS)[K]>;
