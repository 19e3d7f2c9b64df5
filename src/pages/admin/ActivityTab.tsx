import type { TabLoader } from "./tabLoader";
import { Island } from "../island";
import { listActors, listAuditEvents } from "../../api/audit/list";
import { auditQuerySchema } from "../../shared/schemas/audit";
import type { AuditFilters } from "../../shared/audit";
import { readConsoleDay } from "../../domain/dateFormat";
import { mailStatus } from "../../mail/status";
import { mailAvailable } from "../../config/mailConfig";
import { MailStatus } from "./MailStatus";

/** The filter parameters the Activity tab keeps in its URL (the rest of the query is ignored). */
const FILTER_KEYS = ["actorId", "entityType", "entityId", "from", "to", "page"] as const;

/**
 * The Activity tab of /admin: the audit trail's first page for the URL's filters, loaded on
 * the server (the run and user rows' history links land here pre-filtered). Filters the API
 * would refuse show its message instead of rows. Above it, the mail section: waiting and
 * failed mails (docs/decisions/32-mail-delivery.md).
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
  const [initial, actors, mail] = await Promise.all([
    parsed.success ? listAuditEvents(deps.db, parsed.data) : null, listActors(deps.db), mailStatus(deps.db),
  ]);
  return (
    <>
    <MailStatus status={mail} available={mailAvailable(deps.config)} />
    <Island
      name="ActivityLog"
      props={{
        filters: { ...shown, actorId: parsed.success ? parsed.data.actorId : undefined },
        page,
        initial,
        error: parsed.success ? null : parsed.error.issues[0]?.message ?? null,
        actors,
      }}
    />
    </>
  );
};
