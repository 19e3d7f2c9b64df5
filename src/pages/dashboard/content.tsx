import type { ReactNode } from "react";
import type { AppDeps } from "../../http/context";
import type { Viewer } from "../../shared/types";

/** The booster dashboard's content under its heading (filled in by run management). */
export async function loadDashboard(_deps: AppDeps, _viewer: Viewer, _query: Record<string, string | undefined>): Promise<ReactNode> {
  return null;
}
