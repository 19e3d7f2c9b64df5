import { Elysia } from "elysia";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { STAFF_ROLES } from "../../shared/enums";
import { auditPageSchema, auditQuerySchema } from "../../shared/schemas/audit";
import { doc, replies } from "../../http/contract";
import { listAuditEvents } from "./list";

/** GET /api/audit-events (owner and administrators): the audit trail, newest first, one page at a time. */
export const auditRoutes = (deps: AppContext) =>
  new Elysia({ name: "audit-routes", prefix: "/api" })
    .use(session(deps))
    .get("/audit-events", ({ query }) => listAuditEvents(deps.db, query),
      {
        roles: STAFF_ROLES, query: auditQuerySchema, response: replies({ 200: auditPageSchema }, 400, 401, 403),
        detail: doc("Audit", "Recorded writes, newest first; filter by actorId, entityType, entityId, from, to; paged (page, pageSize)"),
      });
