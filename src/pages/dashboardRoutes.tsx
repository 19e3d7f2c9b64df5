import { Elysia } from "elysia";
import type { AppContext } from "../http/context";
import { session } from "../http/sessionGuard";
import { guarded } from "./guard";
import { AdminPage, parseAdminTab } from "./admin/AdminPage";
import { DashboardPage } from "./dashboard/DashboardPage";
import { loadDashboard } from "./dashboard/content";
import { TAB_LOADERS } from "./admin/tabs";
import { T } from "../shared/text";

/** /admin (administrator, owner) and /dashboard (boosters), behind the page guard. */
export const dashboardRoutes = (deps: AppContext) =>
  new Elysia({ name: "dashboard-pages" })
    .use(session(deps))
    .get("/admin", ({ request, viewer, query }) =>
      guarded(deps, request, viewer, "admin", async (v) => {
        const tab = parseAdminTab(query.tab);
        const content = await TAB_LOADERS[tab](deps, v, query);
        return {
          title: `${T.admin.heading} · ${T.app.name}`,
          body: <AdminPage viewer={v} tab={tab}>{content}</AdminPage>,
        };
      }))
    .get("/dashboard", ({ request, viewer, query }) =>
      guarded(deps, request, viewer, "dashboard", async (v) => ({
        title: `${T.booster.heading} · ${T.app.name}`,
        body: <DashboardPage viewer={v}>{await loadDashboard(deps, v, query)}</DashboardPage>,
      })));
