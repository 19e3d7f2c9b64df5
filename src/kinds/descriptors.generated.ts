// Generated from the src/kinds/<kind>/kind modules by src/render/kindRegistries.ts on every
// build and test run. Do not edit: add a kind folder instead.
import { raidKind } from "./raid/kind";
import { challengeKind } from "./challenge/kind";
import { desertKind } from "./desert/kind";

export const RUN_KIND_DESCRIPTORS = { raid: raidKind, challenge: challengeKind, desert: desertKind } as const;
