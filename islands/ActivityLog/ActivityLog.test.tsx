import { afterEach, describe, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import ActivityLog from "./ActivityLog";
import type { AuditEventItem, AuditPage } from "../../src/shared/schemas/audit";
import { stubApi } from "../../src/testing/apiStub";
import { T } from "../../src/shared/text";

const A = T.activity;
const event = (id: number, over: Partial<AuditEventItem> = {}): AuditEventItem => ({
  id, at: "2026-11-21T10:00:00.000Z", actor: { id: 1, name: "Owner" }, action: "run.update", entityType: "run", entityId: "MOP-1",
  changes: { scheduledDate: ["2026-12-01 20:00", "2026-12-02 20:00"] }, requestId: `req-${id}`, ...over,
});
const page = (events: AuditEventItem[], over: Partial<AuditPage> = {}): AuditPage => ({ events, total: events.length, page: 1, pageSize: 50, ...over });

describe("ActivityLog", () => {
  // The island keeps its filters in the URL; later test files expect the page at "/".
  afterEach(() => history.replaceState(null, "", "/"));

  test("shows the server's page: who, action, entity, each change before → after, the request id", () => {
    render(<ActivityLog filters={{}} page={1} initial={page([event(2), event(1, { actor: null, action: "password.reset", entityType: "user", entityId: "7", changes: {} })])} />);
    const rows = within(screen.getByRole("table", { name: A.heading })).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain(`${A.fields.scheduledDate}: 2026-12-01 20:00 → 2026-12-02 20:00`);
    expect(rows[0]!.textContent).toContain("req-2");
    expect(rows[1]!.textContent).toContain(A.system);
    expect(rows[1]!.textContent).toContain(`${A.entityTypes.user} 7`);
    expect(screen.getByRole("status").textContent).toBe(A.pageOf(1, 1, 2));
  });

  test("says actions, fields and times in words: catalogue labels, the raw name only for an unknown field, CET with an ISO datetime", () => {
    render(<ActivityLog filters={{}} page={1} initial={page([
      event(1, { at: "2026-07-01T18:05:00.000Z", changes: { startsAt: ["a", "b"], someNewColumn: [1, 2] } }),
      event(2, { action: "session.sign_in", entityType: "session", changes: {} }),
    ])} />);
    const [first, second] = within(screen.getByRole("table", { name: A.heading })).getAllByRole("row").slice(1);
    expect(first!.textContent).toContain(A.actions["run.update"]);
    expect(first!.textContent).not.toContain("run.update");
    expect(first!.textContent).toContain(`${A.fields.startsAt}: a → b`);
    expect(first!.textContent).toContain("someNewColumn: 1 → 2");
    const time = first!.querySelector("time")!;
    expect(time.getAttribute("datetime")).toBe("2026-07-01T18:05:00.000Z");
    expect(time.textContent).toBe(A.at("2026-07-01 20:05", "CET"));
    expect(second!.textContent).toContain(A.actions["session.sign_in"]);
    expect(second!.textContent).not.toContain("session.sign_in");
  });

  test("applying filters fetches page 1 with them and keeps them in the URL; an empty answer says so", async () => {
    const calls = stubApi({ "GET /api/audit-events": [200, page([])] });
    render(<ActivityLog filters={{}} page={1} initial={page([event(1)])} />);
    fireEvent.change(screen.getByLabelText(A.entityType), { target: { value: "user" } });
    fireEvent.change(screen.getByLabelText(A.entityId), { target: { value: "7" } });
    fireEvent.change(screen.getByLabelText(A.to), { target: { value: "2026-11-21" } });
    fireEvent.click(screen.getByRole("button", { name: A.apply }));
    await screen.findByText(A.empty);
    const sent = new URLSearchParams(calls[0]!.search);
    expect(Object.fromEntries(sent)).toEqual({ entityType: "user", entityId: "7", to: "2026-11-21", page: "1" });
    expect(location.search).toBe("?tab=activity&entityType=user&entityId=7&to=2026-11-21");
  });

  test("a failed load shows the reason and a retry that loads again", async () => {
    let fail = true;
    stubApi({
      "GET /api/audit-events": () => (fail ? [400, { message: A.invalidRange }] : [200, page([event(3)], { total: 51, page: 2 })]),
    });
    render(<ActivityLog filters={{}} page={1} initial={page([event(1)], { total: 51 })} />);
    fireEvent.click(screen.getByRole("button", { name: A.next }));
    expect((await screen.findByRole("alert")).textContent).toContain(A.invalidRange);
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: A.retry }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(A.pageOf(2, 2, 51)));
    expect(screen.queryByRole("alert")).toBeNull();
    expect((screen.getByRole("button", { name: A.next }) as HTMLButtonElement).disabled).toBe(true);
  });

  test("filters the URL refused arrive as an error, with no rows", () => {
    render(<ActivityLog filters={{ entityType: "run" }} page={1} initial={null} error={A.invalidFrom} />);
    expect(screen.getByRole("alert").textContent).toContain(A.invalidFrom);
    expect(screen.queryByText(A.empty)).toBeNull();
  });
});
