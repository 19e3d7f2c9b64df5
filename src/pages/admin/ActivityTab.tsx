import type { TabLoader } from "./tabLoader";
import { Island } from "../island";
import { listActors, listAuditEvents } from "../../api/audit/list";
import { auditQuerySchema } from "../../shared/schemas/audit";
import type { AuditFilters } from "../../shared/audit";
import { readConsoleDay } from "../../domain/dateFormat";

/** The filter parameters the Activity tab keeps in its URL (the rest of the query is ignored). */
const FILTER_KEYS = ["actorId", "entityType", "entityId", "from", "to", "page"] as const;

/**
 * The Activity tab of /admin: the audit trail's first page for the URL's filters, loaded on
 * the server (the run and user rows' history links land here pre-filtered). Filters the API
 * would refuse show its message instead of rows.
 */
export const loadActivityTab: TabLoader = async (deps, _viewer, query) => {
  // Without JavaScript the date fields send their text as shown ('Sat 2026-11-28'): read as the day.
  const raw = Object.fromEntries(FILTER_KEYS.flatMap((k) => {
    const v = query[k];
    if (!v) return [];
    return [[k, (k === "from" || k === "to") ? readConsoleDay(v) ?? v : v]];
  }));
  const parsed = auditQuerySchema.safeParse(raw);
  const filters = raw as AuditFilters & { page?: string };
  const page = parsed.success ? parsed.data.page ?? 1 : 1;
  const { page: _p, ...shown } = filters;
  return (
    <Island
      name="ActivityLog"
      props={{
        filters: { ...shown, actorId: parsed.success ? parsed.data.actorId : undefined },
        page,
        initial: parsed.success ? await listAuditEvents(deps.db, parsed.data) : null,
        error: parsed.success ? null : parsed.error.issues[0]?.message ?? null,
        actors: await listActors(deps.db),
      }}
    />
  );
};
