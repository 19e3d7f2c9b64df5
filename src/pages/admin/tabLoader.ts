// What each /admin tab's module exports: its content for the viewer and the query.
import type { ReactNode } from "react";
import type { AppContext } from "../../http/context";
import type { Viewer } from "../../shared/types";

export type TabLoader = (deps: AppContext, viewer: Viewer, query: Record<string, string | undefined>) => Promise<ReactNode>;
