import { afterEach, beforeEach, expect, spyOn, test } from "bun:test";
import { act, fireEvent, render, screen } from "@testing-library/react";
import ProfileForm from "./ProfileForm";
import Toaster from "../Toaster/Toaster";
import { recordDelays, type Delayed } from "../../src/testing/delays";
import { stubApi, type Answer, type Call } from "../../src/testing/apiStub";
import type { AccountUser } from "../../src/shared/schemas/auth";

const NOVA: AccountUser = { id: 2, email: "admin@example.com", role: "administrator", status: "active", nickname: "Nova", firstName: null, lastName: null, booster: null };

let calls: Call[] = [];
let delayed: Delayed[] = [];
let assign: ReturnType<typeof spyOn>;

/** Completing the profile (/complete-profile) answers with this. */
const answer = (reply: Answer<"POST /api/complete-profile">) => { calls = stubApi({ "POST /api/complete-profile": reply }); };

beforeEach(() => {
  calls = [];
  assign = spyOn(window.location, "assign").mockImplementation(() => {});
  // The 1.5 s redirect delay is recorded instead of waited for.
  delayed = recordDelays(1500);
});
afterEach(() => {
  assign.mockRestore();
});

const submit = async (nickname: string) => {
  fireEvent.change(screen.getByLabelText("Gaming Nickname"), { target: { value: nickname } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Complete Profile" })));
};

test("/complete-profile: 'Profile completed successfully! Welcome to the platform.', then the dashboard after 1.5 s", async () => {
  answer([200, { user: NOVA }]);
  render(<ProfileForm />);
  await submit("Nova");
  expect(calls.map((c) => c.path)).toEqual(["/api/complete-profile"]);
  expect(screen.getByRole("status").textContent).toBe("Profile completed successfully! Welcome to the platform.");
  expect(delayed.map((d) => d.ms)).toEqual([1500]);
  delayed[0]!.run();
  expect(assign).toHaveBeenCalledWith("/admin");
});

test("/welcome: completes with the invite token and says so", async () => {
  calls = stubApi({ "POST /api/complete-profile-with-invite/tok": [200, { user: { ...NOVA, role: "booster", booster: { boosterId: "BB-2001" } } }] });
  render(<ProfileForm token="tok" />);
  await submit("Nova");
  expect(calls.map((c) => c.path)).toEqual(["/api/complete-profile-with-invite/tok"]);
  expect(screen.getByRole("status").textContent).toBe("Welcome! Your profile has been completed successfully. Redirecting to dashboard...");
  delayed[0]!.run();
  expect(assign).toHaveBeenCalledWith("/dashboard");
});

test("a failure is a destructive toast: the server's message, else 'Error: Failed to complete profile'", async () => {
  answer([409, { message: "Your profile is already complete." }]);
  render(<><Toaster /><ProfileForm /></>);
  await submit("Nova");
  expect(screen.getByText("Your profile is already complete.")).toBeTruthy();
  answer([500, ""]);
  await submit("Nova");
  expect(screen.getByText("Error: Failed to complete profile")).toBeTruthy();
  expect(delayed).toEqual([]);
});
