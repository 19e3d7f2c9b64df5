import { afterEach, describe, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import ActivityLog from "./ActivityLog";
import type { AuditEventItem, AuditPage } from "../../src/shared/schemas/audit";
import { stubApi } from "../../src/testing/apiStub";
import { T } from "../../src/shared/text";

const A = T.activity;
const event = (id: number, over: Partial<AuditEventItem> = {}): AuditEventItem => ({
  id, at: "2026-11-21T10:00:00.000Z", actor: { id: 1, name: "Owner" }, action: "run.update", entityType: "run", entityId: "MOP-1", entityName: null,
  changes: { scheduledDate: ["2026-12-01 20:00", "2026-12-02 20:00"] }, requestId: `req-${id}`, ...over,
});
const page = (events: AuditEventItem[], over: Partial<AuditPage> = {}): AuditPage => ({
  events, total: events.length, page: 1, pageSize: 50, names: { user: {}, booster: {}, game: {} }, ...over,
});
const actors = [{ id: 2, name: "Admin" }, { id: 1, name: "Owner" }];

describe("ActivityLog", () => {
  // The island keeps its filters in the URL; later test files expect the page at "/".
  afterEach(() => history.replaceState(null, "", "/"));

  test("shows the server's page: who, action, the entity by name, each change before → after; the request id only in a details view", () => {
    render(<ActivityLog actors={actors} filters={{}} page={1} initial={page([
      event(2), event(1, { actor: null, action: "password.reset", entityType: "user", entityId: "7", entityName: "Frostbolt", changes: {} }),
    ])} />);
    const table = screen.getByRole("table", { name: A.heading });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([A.colAt, A.colActor, A.colAction, A.colEntity, A.colChanges]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain(`${A.fields.scheduledDate}: 2026-12-01 20:00 → 2026-12-02 20:00`);
    expect(rows[0]!.textContent).toContain(`${A.entityTypes.run} MOP-1`);
    const details = rows[0]!.querySelector("details")!;
    expect(details.open).toBe(false);
    expect(details.querySelector("summary")!.textContent).toBe(A.details);
    expect(details.textContent).toContain(A.requestId({ id: "req-2" }));
    expect(rows[1]!.textContent).toContain(A.system);
    expect(rows[1]!.textContent).toContain(`${A.entityTypes.user} Frostbolt`);
    expect(rows[1]!.textContent).not.toContain(`${A.entityTypes.user} 7`);
    expect(screen.getByRole("status").textContent).toBe(A.pageOf({ page: 1, pages: 1, total: 2 }));
  });

  test("says actions, fields and times in words: catalogue labels, the raw name only for an unknown field, CET with an ISO datetime", () => {
    render(<ActivityLog actors={actors} filters={{}} page={1} initial={page([
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
    expect(time.textContent).toBe("Wed 2026-07-01 · 20:05 CET");
    expect(second!.textContent).toContain(A.actions["session.sign_in"]);
    expect(second!.textContent).not.toContain("session.sign_in");
  });

  test("values as the product shows them: booster, user and game names, console times, words for codes, 'none' for nothing; changes past the first in Details", () => {
    render(<ActivityLog actors={actors} filters={{}} page={1} initial={page([event(1, {
      changes: {
        boosterId: [11, null], gameIds: [[], [1, 5]], expiresAt: ["2026-11-28T10:00:00.000Z", null], userId: [null, 2],
        status: ["available", "cancelled"], difficulty: ["normal_10", "heroic_25"], isActive: [true, false],
      },
    })], { names: { user: { 2: "Admin" }, booster: { 11: "BB-1002 (Sunfire)" }, game: { 1: "Mists raids", 5: "Desert" } } })} />);
    const items = [...document.querySelectorAll(".activity__changes li")].map((li) => li.textContent);
    expect(items).toEqual([
      `${A.fields.boosterId}: BB-1002 (Sunfire) → none`,
      `${A.fields.gameIds}: none → Mists raids, Desert`,
      `${A.fields.expiresAt}: Sat 2026-11-28 · 11:00 CET → none`,
      `${A.fields.userId}: none → Admin`,
      `${A.fields.status}: Available → Cancelled`,
      `${A.fields.difficulty}: Normal 10 → Heroic 25`,
      `${A.fields.isActive}: yes → no`,
    ]);
    expect(document.body.textContent).not.toContain("∅");
    // The row shows the first change; the other six wait in the closed Details view.
    const details = document.querySelector("details")!;
    expect(details.open).toBe(false);
    expect(details.querySelector("summary")!.textContent).toBe(A.moreChanges({ n: 6 }));
    expect(details.querySelectorAll("li")).toHaveLength(6);
  });

  test("the actor filter picks from the staff list by name and sends the id", async () => {
    const calls = stubApi({ "GET /api/audit-events": [200, page([])] });
    render(<ActivityLog actors={actors} filters={{ actorId: 1 }} page={1} initial={page([event(1)])} />);
    const who = screen.getByLabelText(A.actorId) as HTMLSelectElement;
    expect([...who.options].map((o) => o.textContent)).toEqual([A.anyActor, "Admin", "Owner"]);
    expect(who.value).toBe("1");
    fireEvent.change(who, { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: A.apply }));
    await screen.findByText(A.empty);
    expect(new URLSearchParams(calls[0]!.search).get("actorId")).toBe("2");
  });

  test("applying filters fetches page 1 with them and keeps them in the URL; an empty answer says so", async () => {
    const calls = stubApi({ "GET /api/audit-events": [200, page([])] });
    render(<ActivityLog actors={actors} filters={{}} page={1} initial={page([event(1)])} />);
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
    render(<ActivityLog actors={actors} filters={{}} page={1} initial={page([event(1)], { total: 51 })} />);
    fireEvent.click(screen.getByRole("button", { name: A.next }));
    expect((await screen.findByRole("alert")).textContent).toContain(A.invalidRange);
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: A.retry }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(A.pageOf({ page: 2, pages: 2, total: 51 })));
    expect(screen.queryByRole("alert")).toBeNull();
    expect((screen.getByRole("button", { name: A.next }) as HTMLButtonElement).disabled).toBe(true);
  });

  test("filters the URL refused arrive as an error, with no rows", () => {
    render(<ActivityLog actors={actors} filters={{ entityType: "run" }} page={1} initial={null} error={A.invalidFrom} />);
    expect(screen.getByRole("alert").textContent).toContain(A.invalidFrom);
    expect(screen.queryByText(A.empty)).toBeNull();
  });

  describe("the From and To date fields", () => {
    const D = T.dateField;
    const sentBy = async (calls: { search?: string }[]) => {
      await screen.findByText(A.empty);
      return Object.fromEntries(new URLSearchParams(calls.at(-1)!.search ?? ""));
    };

    test("are text fields, never a native date input; a link's dates show in the console's format", () => {
      render(<ActivityLog actors={actors} filters={{ from: "2026-11-21", to: "2026-11-28T10:00:00Z" }} page={1} initial={page([])} />);
      expect(document.querySelector('input[type="date"]')).toBeNull();
      const from = screen.getByLabelText(A.from) as HTMLInputElement;
      expect(from.type).toBe("text");
      expect(from.value).toBe("Sat 2026-11-21");
      expect((screen.getByLabelText(A.to) as HTMLInputElement).value).toBe("Sat 2026-11-28");
      // Format help is read with the field.
      expect(from.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)!.textContent)).toEqual([D.help]);
    });

    test("typing a date: shown as 'Sat 2026-11-28' on leaving the field, sent as the bare day", async () => {
      const calls = stubApi({ "GET /api/audit-events": [200, page([])] });
      render(<ActivityLog actors={actors} filters={{}} page={1} initial={page([event(1)])} />);
      const from = screen.getByLabelText(A.from) as HTMLInputElement;
      fireEvent.change(from, { target: { value: "2026/11/28" } });
      fireEvent.blur(from);
      expect(from.value).toBe("Sat 2026-11-28");
      fireEvent.click(screen.getByRole("button", { name: A.apply }));
      expect(await sentBy(calls)).toEqual({ from: "2026-11-28", page: "1" });
      expect(location.search).toBe("?tab=activity&from=2026-11-28");
    });

    test("picking a day: the button opens a labelled calendar on the chosen month, focus on the chosen day; a click fills the field and closes it", async () => {
      const calls = stubApi({ "GET /api/audit-events": [200, page([])] });
      render(<ActivityLog actors={actors} filters={{ to: "2026-11-21" }} page={1} initial={page([event(1)])} />);
      const toggle = screen.getByRole("button", { name: D.pick({ label: A.to }) });
      expect(toggle.getAttribute("aria-expanded")).toBe("false");
      fireEvent.click(toggle);
      expect(toggle.getAttribute("aria-expanded")).toBe("true");
      const calendar = screen.getByRole("group", { name: D.calendar({ label: A.to }) });
      // The calendar's code loads on first use.
      const chosen = await within(calendar).findByRole("button", { name: /^21, Saturday, November 2026.*, selected$/ });
      await waitFor(() => expect(document.activeElement).toBe(chosen));
      fireEvent.click(within(calendar).getByRole("button", { name: /^24, Tuesday, November 2026/ }));
      const to = screen.getByLabelText(A.to) as HTMLInputElement;
      expect(to.value).toBe("Tue 2026-11-24");
      expect(document.activeElement).toBe(to);
      expect(screen.queryByRole("group", { name: D.calendar({ label: A.to }) })).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: A.apply }));
      expect(await sentBy(calls)).toEqual({ to: "2026-11-24", page: "1" });
    });

    test("Escape closes the calendar and returns focus to its button", async () => {
      render(<ActivityLog actors={actors} filters={{}} page={1} initial={page([])} />);
      const toggle = screen.getByRole("button", { name: D.pick({ label: A.from }) });
      fireEvent.click(toggle);
      const calendar = screen.getByRole("group", { name: D.calendar({ label: A.from }) });
      fireEvent.keyDown((await within(calendar).findAllByRole("button"))[0]!, { key: "Escape" });
      expect(screen.queryByRole("group", { name: D.calendar({ label: A.from }) })).toBeNull();
      expect(toggle.getAttribute("aria-expanded")).toBe("false");
      expect(document.activeElement).toBe(toggle);
    });

    test("clearing: the field's clear button empties it and the next load sends no date; Clear empties both", async () => {
      const calls = stubApi({ "GET /api/audit-events": [200, page([])] });
      render(<ActivityLog actors={actors} filters={{ from: "2026-11-01", to: "2026-11-21" }} page={1} initial={page([event(1)])} />);
      fireEvent.click(screen.getByRole("button", { name: D.clear({ label: A.from }) }));
      const from = screen.getByLabelText(A.from) as HTMLInputElement;
      expect(from.value).toBe("");
      expect(document.activeElement).toBe(from);
      // Nothing to clear, no clear button.
      expect(screen.queryByRole("button", { name: D.clear({ label: A.from }) })).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: A.apply }));
      expect(await sentBy(calls)).toEqual({ to: "2026-11-21", page: "1" });
      fireEvent.click(screen.getByRole("button", { name: A.clear }));
      await waitFor(() => expect(calls).toHaveLength(2));
      expect((screen.getByLabelText(A.to) as HTMLInputElement).value).toBe("");
      expect(Object.fromEntries(new URLSearchParams(calls[1]!.search))).toEqual({ page: "1" });
    });

    test("text that is not a date: a message naming the field and the format, read with the field; nothing is sent and focus goes to it", async () => {
      const calls = stubApi({ "GET /api/audit-events": [200, page([])] });
      render(<ActivityLog actors={actors} filters={{}} page={1} initial={page([event(1)])} />);
      const to = screen.getByLabelText(A.to) as HTMLInputElement;
      fireEvent.change(to, { target: { value: "11/28/2026" } });
      fireEvent.blur(to);
      const message = D.unreadable({ label: A.to, typed: "11/28/2026" });
      expect(message).toStartWith("To:");
      // Apply shows it (not the blur, which would move the button from under the pointer).
      expect(screen.queryByText(message)).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: A.apply }));
      expect(to.getAttribute("aria-invalid")).toBe("true");
      expect(to.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)!.textContent)).toContain(message);
      expect(document.activeElement).toBe(to);
      expect(calls).toHaveLength(0);
      // A real day clears the message.
      fireEvent.change(to, { target: { value: "2026-11-28" } });
      fireEvent.blur(to);
      expect(screen.queryByText(message)).toBeNull();
      expect(to.getAttribute("aria-invalid")).toBeNull();
    });
  });
});
