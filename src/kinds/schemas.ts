// The run kinds' zod schemas, listed from the kind folders (schemas.generated.ts) and kept
// apart from the zod-free registry so the run panels' first chunk does not carry the
// validation library:
// - INPUT_SCHEMAS: each kind's create payload, the POST body and what the run form checks;
// - PATCH_SCHEMAS: any subset of the create payload; staff may also set the status;
// - VIEW_SCHEMAS: each kind's run as the API answers it;
// - PAGE_SCHEMAS: one page of a run list and how many runs all pages hold (the panels' paged
//   calls); staff and booster pages give each row its booking-link clicks, all time.
import type { z } from "../shared/schemas/zod";
import type { RunKind } from "../shared/enums";
import { INPUT_SCHEMAS, PAGE_SCHEMAS, PATCH_SCHEMAS, VIEW_SCHEMAS } from "./schemas.generated";

export { INPUT_SCHEMAS, PAGE_SCHEMAS, PATCH_SCHEMAS, VIEW_SCHEMAS };
export type RunInputOf<K extends RunKind> = z.infer<(typeof INPUT_SCHEMAS)[K]>;
export type RunPatchOf<K extends RunKind> = z.infer<(typeof PATCH_SCHEMAS)[K]>;
