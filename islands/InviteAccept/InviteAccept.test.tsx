import { afterEach, beforeEach, expect, spyOn, test } from "bun:test";
import { act, fireEvent, render, screen } from "@testing-library/react";
import InviteAccept from "./InviteAccept";
import { recordDelays, type Delayed } from "../../src/testing/delays";
import { stubApi, type Answer, type Call } from "../../src/testing/apiStub";
import type { AccountUser } from "../../src/shared/schemas/auth";

const NEWBIE: AccountUser = { id: 5, email: "newbie@example.com", role: "booster", status: "active", nickname: "Newbie", firstName: null, lastName: null, booster: null };

let calls: Call[] = [];
let delayed: Delayed[] = [];
let assign: ReturnType<typeof spyOn>;

/** Accepting invite "tok" answers with this. */
const answer = (reply: Answer<"POST /api/accept-invite/tok">) => { calls = stubApi({ "POST /api/accept-invite/tok": reply }); };

beforeEach(() => {
  calls = [];
  assign = spyOn(window.location, "assign").mockImplementation(() => {});
  // The redirect delays (1 s after a used invite, 1.5 s after success) are recorded instead of waited for.
  delayed = recordDelays(1000, 1500);
});
afterEach(() => {
  assign.mockRestore();
});

const submit = async (nickname: string) => {
  fireEvent.change(screen.getByLabelText("Gaming Nickname"), { target: { value: nickname } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Accept Invitation" })));
};

test("a nickname of 2 to 30 characters, with a message for each bound", async () => {
  calls = stubApi({});
  render(<InviteAccept token="tok" loginUrl="/login" />);
  await submit("x");
  expect(screen.getByText("Nickname must be at least 2 characters")).toBeTruthy();
  await submit("x".repeat(31));
  expect(screen.getByText("Nickname must be less than 30 characters")).toBeTruthy();
  expect(calls).toEqual([]);
});

test("success: 'Profile completed successfully! You can now log in.', then login after 1.5 s", async () => {
  answer([200, { user: NEWBIE, signedIn: false }]);
  render(<InviteAccept token="tok" loginUrl="/login" />);
  await submit("Newbie");
  expect(calls).toEqual([{ method: "POST", path: "/api/accept-invite/tok", body: { nickname: "Newbie" } }]);
  expect(screen.getByRole("status").textContent).toBe("Profile completed successfully! You can now log in.");
  expect(delayed.map((d) => d.ms)).toEqual([1500]);
  delayed[0]!.run();
  expect(assign).toHaveBeenCalledWith("/login");
});

test("a used invite: the message, then login after 1 s", async () => {
  answer([400, { message: "Invite already used. Redirecting to login..." }]);
  render(<InviteAccept token="tok" loginUrl="/login" />);
  await submit("Newbie");
  expect(screen.getByRole("alert").textContent).toBe("Invite already used. Redirecting to login...");
  expect(delayed.map((d) => d.ms)).toEqual([1000]);
});

test("an invalid invite shows the server's message and stays", async () => {
  answer([400, { message: "Invalid or expired invitation" }]);
  render(<InviteAccept token="tok" loginUrl="/login" />);
  await submit("Newbie");
  expect(screen.getByRole("alert").textContent).toBe("Invalid or expired invitation");
  expect(delayed).toEqual([]);
  expect((screen.getByRole("button", { name: "Accept Invitation" }) as HTMLButtonElement).disabled).toBe(false);
});
