// The admin's Activity tab: the audit trail with its filters and pages. The filters live in
// the URL (/admin?tab=activity&entityType=run&entityId=…), so the run and user rows' history
// links open a filtered view without any state, and the form works without JavaScript (a
// GET to /admin); with it, the island fetches pages itself and keeps the URL in step.
import { useCallback, useId, useRef, useState, type FormEvent } from "react";
import { api, errorMessage } from "../runtime/api";
import {
  AUDIT_ENTITY_TYPES, AUDIT_ID_FIELDS, AUDIT_INSTANT_FIELDS, type AuditEntityType, type AuditFilters, type AuditNames, type AuditNameTable,
} from "../../src/shared/audit";
import type { AuditEventItem, AuditPage } from "../../src/shared/schemas/audit";
import { T } from "../../src/shared/text";
import { consoleDateTime, readConsoleDay } from "../../src/domain/dateFormat";
import { DateField, dateFieldError, dateFieldText } from "../components/DateField";

const A = T.activity;

export type ActivityLogProps = {
  filters: AuditFilters;
  page: number;
  /** The server-loaded first page, or null with `error` when the URL's filters were refused. */
  initial: AuditPage | null;
  error?: string | null;
  /** The actor filter's choices: every account by name. */
  actors: { id: number; name: string }[];
};

type Query = AuditFilters & { page: number };

/** The URL (and API query) for a filter state; empty filters are left out. */
function searchOf(q: Query): URLSearchParams {
  const params = new URLSearchParams({ tab: "activity" });
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== "" && !(k === "page" && v === 1)) params.set(k, String(v));
  return params;
}

function filtersFrom(form: HTMLFormElement): AuditFilters {
  const text = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value.trim() || undefined;
  const actor = text("actorId");
  return {
    actorId: actor && /^\d+$/.test(actor) ? Number(actor) : undefined,
    entityType: (text("entityType") as AuditEntityType | undefined) ?? undefined,
    entityId: text("entityId"),
    // Bare dates, CET days: the server reads "To" as the end of that day.
    from: readConsoleDay(text("from") ?? "") ?? undefined,
    to: readConsoleDay(text("to") ?? "") ?? undefined,
  };
}

type DateKey = "from" | "to";
const DATE_KEYS: DateKey[] = ["from", "to"];
/** A date filter's text as its field first shows it; an instant from a link shows its date. */
const dateText = (v: string | undefined) => (v ? dateFieldText(/^\d{4}-\d{2}-\d{2}[T ]/.test(v) ? v.slice(0, 10) : v) : "");

const fieldLabel = (field: string) => (Object.hasOwn(A.fields, field) && (A.fields as Record<string, string>)[field]) || field;
const NO_NAMES: AuditNames = { user: {}, booster: {}, game: {} };
const nameTableOf = (field: string) =>
  (Object.keys(AUDIT_ID_FIELDS) as AuditNameTable[]).find((t) => (AUDIT_ID_FIELDS[t] as readonly string[]).includes(field));
/** Closed value sets the product shows in words elsewhere, by field. */
const WORDS: Record<string, Record<string, string> | undefined> = {
  role: T.labels.role, userType: T.labels.role, difficulty: T.labels.difficulty, region: T.labels.region,
  gameplayType: T.labels.gameplayType, completionType: T.labels.desertCompletion,
  method: T.activity.signInMethods, type: T.alerts.typeName,
};

/** A change's side as the rest of the product shows it: names for ids, console times, words for codes, "none" for nothing. */
function shown(field: string, v: unknown, entityType: AuditEntityType, names: AuditNames): string {
  if (v === null || v === undefined) return A.none;
  const table = nameTableOf(field);
  if (table) {
    const one = (id: unknown) => names[table][String(id)] ?? String(id);
    return Array.isArray(v) ? (v.length ? v.map(one).join(", ") : A.none) : one(v);
  }
  if (typeof v === "boolean") return v ? A.yes : A.no;
  if (typeof v === "string") {
    if (AUDIT_INSTANT_FIELDS.includes(field)) return consoleDateTime(v) ?? v;
    const words = field === "status" && entityType === "run" ? T.labels.runStatus as Record<string, string> : WORDS[field];
    return (words && Object.hasOwn(words, v) && words[v]) || v;
  }
  return JSON.stringify(v);
}

const changeItems = (event: AuditEventItem, names: AuditNames, entries: [string, [unknown, unknown]][]) =>
  entries.map(([field, [before, after]]) => (
    <li key={field}>{fieldLabel(field)}: {shown(field, before, event.entityType, names)} → {shown(field, after, event.entityType, names)}</li>
  ));

/**
 * The first change on the row, the rest and the ids (event, request) in a Details view, so a
 * row stays two lines however many fields a write touched.
 */
function Changes({ event, names }: { event: AuditEventItem; names: AuditNames }) {
  const [first, ...rest] = Object.entries(event.changes);
  return (
    <div>
      {first ? <ul className="activity__changes">{changeItems(event, names, [first])}</ul> : <span className="muted">{A.noChanges}</span>}
      <details className="activity__details">
        <summary>{rest.length ? A.moreChanges({ n: rest.length }) : A.details}</summary>
        {rest.length ? <ul className="activity__changes">{changeItems(event, names, rest)}</ul> : null}
        <p className="muted">{A.eventId({ id: event.id })}{event.requestId ? <><br />{A.requestId({ id: event.requestId })}</> : null}</p>
      </details>
    </div>
  );
}

export default function ActivityLog({ filters: initialFilters, page: initialPage, initial, error: initialError = null, actors }: ActivityLogProps) {
  const [query, setQuery] = useState<Query>({ ...initialFilters, page: initialPage });
  const [data, setData] = useState<AuditPage | null>(initial);
  const [error, setError] = useState<string | null>(initialError);
  const [loading, setLoading] = useState(false);
  const [dates, setDates] = useState<Record<DateKey, string>>({ from: dateText(initialFilters.from), to: dateText(initialFilters.to) });
  const [dateErrors, setDateErrors] = useState<Partial<Record<DateKey, string>>>({});
  const seq = useRef(0);
  const ids = useId();
  // Leaving a field only updates a message Apply has shown: a message appearing on blur would
  // move the Apply button from under the pointer between mousedown and click.
  const checkDate = (key: DateKey, text: string) => setDateErrors((e) => (e[key] ? { ...e, [key]: dateFieldError(A[key], text) } : e));

  const load = useCallback(async (next: Query) => {
    const mine = ++seq.current;
    setQuery(next);
    setLoading(true);
    setError(null);
    history.replaceState(null, "", `/admin?${searchOf(next)}`);
    const { page, ...f } = next;
    const { data: answer, error: failed } = await api.api["audit-events"].get({ query: { ...f, page } });
    if (mine !== seq.current) return; // a newer request has been sent
    setLoading(false);
    if (answer) setData(answer);
    else setError(errorMessage(failed, A.failed));
  }, []);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const errors = Object.fromEntries(DATE_KEYS.map((k) => [k, dateFieldError(A[k], dates[k])]));
    setDateErrors(errors);
    // Unreadable text is never sent as "no filter": the first such field takes focus, its message read with it.
    const bad = DATE_KEYS.find((k) => errors[k]);
    if (bad) {
      (form.elements.namedItem(bad) as HTMLInputElement | null)?.focus();
      return;
    }
    void load({ ...filtersFrom(form), page: 1 });
  };
  const onClear = (e: FormEvent<HTMLButtonElement>) => {
    e.currentTarget.form?.reset();
    setDates({ from: "", to: "" });
    setDateErrors({});
    void load({ page: 1 });
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const events = data?.events ?? [];
  const id = (name: string) => `${ids}-${name}`;

  return (
    <div className="activity">
      <h2 className="visually-hidden">{A.heading}</h2>
      <form className="toolbar activity__filters" method="get" action="/admin" aria-label={A.filters} onSubmit={onSubmit}>
        <input type="hidden" name="tab" value="activity" />
        <div className="filter-group">
          <label htmlFor={id("type")}>{A.entityType}</label>
          <select id={id("type")} name="entityType" className="select" defaultValue={query.entityType ?? ""}>
            <option value="">{A.anyEntity}</option>
            {AUDIT_ENTITY_TYPES.map((t) => <option key={t} value={t}>{A.entityTypes[t]}</option>)}
          </select>
        </div>
        <div className="filter-group">
          <label htmlFor={id("entity")}>{A.entityId}</label>
          <input id={id("entity")} name="entityId" className="input" defaultValue={query.entityId ?? ""} maxLength={40} />
        </div>
        <div className="filter-group">
          <label htmlFor={id("actor")}>{A.actorId}</label>
          <select id={id("actor")} name="actorId" className="select" defaultValue={query.actorId ?? ""}>
            <option value="">{A.anyActor}</option>
            {actors.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
          </select>
        </div>
        {DATE_KEYS.map((k) => (
          <DateField key={k} label={A[k]} name={k} text={dates[k]} error={dateErrors[k]}
            onText={(text) => setDates((d) => ({ ...d, [k]: text }))} onLeave={(text) => checkDate(k, text)} />
        ))}
        <div className="row">
          <button type="submit" className="button button--primary">{A.apply}</button>
          <button type="button" className="button button--ghost" onClick={onClear}>{A.clear}</button>
        </div>
      </form>

      <p className="muted" role="status" aria-live="polite">
        {loading ? A.loading : data ? A.pageOf({ page: data.page, pages, total: data.total }) : ""}
      </p>
      {error ? (
        <div className="callout callout--danger" role="alert">
          <p>{A.failed} {error !== A.failed ? error : ""}</p>
          <button type="button" className="button button--ghost button--small" onClick={() => void load(query)}>{A.retry}</button>
        </div>
      ) : null}

      <div className="table-wrap">
        <table className="table table--fit" aria-label={A.heading} aria-busy={loading}>
          <thead>
            <tr>
              <th scope="col">{A.colAt}</th>
              <th scope="col">{A.colActor}</th>
              <th scope="col">{A.colAction}</th>
              <th scope="col">{A.colEntity}</th>
              <th scope="col">{A.colChanges}</th>
            </tr>
          </thead>
          <tbody>
            {!error && !loading && events.length === 0 ? (
              <tr><td colSpan={5} className="empty">{A.empty}</td></tr>
            ) : null}
            {events.map((e) => (
              <tr key={e.id}>
                <td data-label={A.colAt}><time dateTime={e.at}>{consoleDateTime(e.at)}</time></td>
                <td data-label={A.colActor} className="activity__actor">{e.actor ? e.actor.name : <span className="muted">{A.system}</span>}</td>
                <td data-label={A.colAction}><span className="badge">{A.actions[e.action]}</span></td>
                <td data-label={A.colEntity}>
                  <span>{A.entityTypes[e.entityType]} {e.entityName ?? <span className="mono">{e.entityId}</span>}</span>
                </td>
                <td data-label={A.colChanges}><Changes event={e} names={data?.names ?? NO_NAMES} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <nav className="row pagination" aria-label={A.heading}>
        <button type="button" className="button button--ghost button--small" disabled={loading || query.page <= 1}
          onClick={() => void load({ ...query, page: query.page - 1 })}>{A.previous}</button>
        <button type="button" className="button button--ghost button--small" disabled={loading || query.page >= pages}
          onClick={() => void load({ ...query, page: query.page + 1 })}>{A.next}</button>
      </nav>
    </div>
  );
}
