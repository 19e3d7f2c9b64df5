import type { ReactNode } from "react";
import { Layout } from "../layout";
import { Island } from "../island";
import { T } from "../../shared/text";
import type { Viewer } from "../../shared/types";

export const ADMIN_TABS = ["runs", "users", "games", "activity"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
// Read per request: T speaks the request's language only when read.
const label = (tab: AdminTab) => ({ runs: T.admin.tabRuns, users: T.admin.tabUsers, games: T.admin.tabGames, activity: T.admin.tabActivity })[tab];

export function parseAdminTab(value: unknown): AdminTab {
  return ADMIN_TABS.includes(value as AdminTab) ? (value as AdminTab) : "runs";
}

/**
 * /admin: heading and four tabs. The chosen tab lives in the URL (?tab=), so a reload or
 * a shared link keeps it; each tab's content is its own module.
 */
export function AdminPage({ viewer, tab, children }: { viewer: Viewer; tab: AdminTab; children: ReactNode }) {
  return (
    <Layout viewer={viewer} panel>
      <h1>{T.admin.heading}</h1>
      <nav className="tabs tabs--wrap" aria-label={T.admin.heading}>
        {ADMIN_TABS.map((t) => (
          <a key={t} className="tabs__tab" href={`/admin?tab=${t}`} aria-current={t === tab ? "page" : undefined}>{label(t)}</a>
        ))}
      </nav>
      <section className="tab-panel" aria-label={label(tab)}>{children}</section>
      <Island name="Toaster" props={{}} />
    </Layout>
  );
}
