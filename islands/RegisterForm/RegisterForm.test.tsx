import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import RegisterForm from "./RegisterForm";
import { recordDelays, type Delayed } from "../../src/testing/delays";
import { stubApi, type Answer, type Call } from "../../src/testing/apiStub";
import type { AccountUser } from "../../src/shared/schemas/auth";

const NEWBIE: AccountUser = { id: 5, email: "newbie@example.com", role: "booster", status: "active", nickname: "Newbie", firstName: null, lastName: null, booster: { boosterId: "BB-2001" } };

let calls: Call[] = [];
let delayed: Delayed[] = [];
let assign: ReturnType<typeof spyOn>;

/** Registration (/register/{token}) answers with this. */
const answer = (reply: Answer<"POST /api/auth/register/tok123">) => { calls = stubApi({ "POST /api/auth/register/tok123": reply }); };

beforeEach(() => {
  calls = [];
  assign = spyOn(window.location, "assign").mockImplementation(() => {});
  // The redirect delays (1 s after a used invite, 1.5 s after success) are recorded instead of waited for.
  delayed = recordDelays(1000, 1500);
});
afterEach(() => {
  assign.mockRestore();
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const props = { token: "tok123", email: "newbie@example.com", loginUrl: "/auth" };

describe("RegisterForm on /register/{token}", () => {
  test("email read-only; the full password rules and 'Passwords don't match' on the confirmation", async () => {
    calls = stubApi({});
    render(<RegisterForm mode="register" {...props} />);
    expect((screen.getByLabelText("Email") as HTMLInputElement).readOnly).toBe(true);
    fill("Nickname", "Newbie");
    fill("Password", "weakpass");
    fill("Confirm Password", "weakpass");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Register" })));
    expect(screen.getByText("Password must contain at least one uppercase letter")).toBeTruthy();
    fill("Password", "Secret123");
    fill("Confirm Password", "Secret124");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Register" })));
    const confirm = screen.getByLabelText("Confirm Password", { exact: true });
    expect(confirm.getAttribute("aria-invalid")).toBe("true");
    const describedBy = confirm.getAttribute("aria-describedby")!;
    expect(document.getElementById(describedBy)?.textContent).toBe("Passwords don't match");
    expect(calls).toEqual([]);
  });

  test("both passwords can be shown", async () => {
    render(<RegisterForm mode="register" {...props} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Show confirm password" })));
    expect((screen.getByLabelText("Confirm Password", { exact: true }) as HTMLInputElement).type).toBe("text");
    expect((screen.getByLabelText("Password", { exact: true }) as HTMLInputElement).type).toBe("password");
  });

  test("registers and lands the new (signed-in) booster on /dashboard", async () => {
    answer([200, { user: NEWBIE }]);
    render(<RegisterForm mode="register" {...props} />);
    fill("Nickname", "Newbie");
    fill("Password", "Secret123");
    fill("Confirm Password", "Secret123");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Register" })));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/dashboard"));
    expect(calls).toEqual([{ path: "/api/auth/register/tok123", method: "POST", body: { email: "newbie@example.com", nickname: "Newbie", password: "Secret123" } }]);
  });

  test("a used invite: the message, then login after 1 s", async () => {
    answer([400, { message: "Invite already used. Redirecting to login..." }]);
    render(<RegisterForm mode="register" {...props} />);
    fill("Nickname", "Newbie");
    fill("Password", "Secret123");
    fill("Confirm Password", "Secret123");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Register" })));
    expect(screen.getByRole("alert").textContent).toBe("Invite already used. Redirecting to login...");
    expect(delayed.map((d) => d.ms)).toEqual([1000]);
    expect(assign).not.toHaveBeenCalled();
    delayed[0]!.run();
    expect(assign).toHaveBeenCalledWith("/auth");
  });

  test("another failure without a message: 'Registration failed. Please try again.'", async () => {
    answer([500, ""]);
    render(<RegisterForm mode="register" {...props} />);
    fill("Nickname", "Newbie");
    fill("Password", "Secret123");
    fill("Confirm Password", "Secret123");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Register" })));
    expect(screen.getByRole("alert").textContent).toBe("Registration failed. Please try again.");
  });

  test("the button stays disabled until the invite's email is known", () => {
    render(<RegisterForm mode="register" {...props} email={null} />);
    expect((screen.getByRole("button", { name: "Register" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("RegisterForm on /auth?invite=", () => {
  test("booster id read-only; the full password rule; accepts the invite and signs in", async () => {
    calls = stubApi({ "POST /api/accept-invite/tok123": [200, { user: { ...NEWBIE, role: "administrator", booster: null }, signedIn: true }] });
    render(<RegisterForm mode="invite" {...props} boosterId="BB-2001" />);
    expect((screen.getByLabelText("Booster ID") as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByLabelText("Confirm Password")).toBeNull();
    fill("Nickname", "Newbie");
    fill("Password", "123456");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Create Account" })));
    expect(screen.getByText("Password must be at least 8 characters")).toBeTruthy();
    fill("Password", "Secret123");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Create Account" })));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/admin"));
    expect(calls).toEqual([{ path: "/api/accept-invite/tok123", method: "POST", body: { email: "newbie@example.com", nickname: "Newbie", password: "Secret123" } }]);
  });
});
