import type { AppDeps } from "../../http/context";
import type { Viewer } from "../../shared/types";
import type { GameScope } from "./service";
import { isStaff } from "../../domain/permissions";

/** Games the public pages show: production visibility in production, dev visibility otherwise. */
export function publicScope(deps: Pick<AppDeps, "config">): GameScope {
  return { all: false, field: deps.config.production ? "visible" : "devVisible" };
}

/** Staff manage every game; everyone else sees what the public pages show. */
export function scopeFor(deps: Pick<AppDeps, "config">, viewer: Viewer | null): GameScope {
  return isStaff(viewer) ? { all: true } : publicScope(deps);
}
