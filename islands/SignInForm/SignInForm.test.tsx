import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import SignInForm from "./SignInForm";
import { stubApi, type Answer, type Call, type Reply } from "../../src/testing/apiStub";
import type { AccountUser } from "../../src/shared/schemas/auth";

const OWNER: AccountUser = { id: 1, email: "owner@example.com", role: "owner", status: "active", nickname: "Owner", firstName: null, lastName: null, booster: null };
let calls: Call[] = [];
let assign: ReturnType<typeof spyOn>;

/** The sign-in call answers with this. */
const answer = (reply: Reply<"POST /api/auth/login">) => { calls = stubApi({ "POST /api/auth/login": reply }); };

beforeEach(() => {
  calls = [];
  assign = spyOn(window.location, "assign").mockImplementation(() => {});
});
afterEach(() => {
  assign.mockRestore();
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe("SignInForm", () => {
  test("checks the fields ('Invalid email address', 'Password is required') before calling the API", async () => {
    calls = stubApi({});
    render(<SignInForm />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign In" })));
    expect(screen.getByText("Invalid email address")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    expect(calls).toEqual([]);
  });

  test("signs in and goes to returnTo; the button reads 'Signing in...' meanwhile", async () => {
    const reply = Promise.withResolvers<Answer<"POST /api/auth/login">>();
    answer(() => reply.promise);
    render(<SignInForm returnTo="/admin?tab=games" />);
    fill("Email", "Owner@Example.com");
    fill("Password", "Runboard123");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign In" })));
    const busy = screen.getByRole("button", { name: "Signing in..." }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(calls).toEqual([{ path: "/api/auth/login", method: "POST", body: { email: "owner@example.com", password: "Runboard123" } }]);
    await act(async () => reply.resolve([200, { user: OWNER }]));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/admin?tab=games"));
  });

  test("without returnTo a booster goes to /dashboard", async () => {
    answer([200, { user: { ...OWNER, id: 3, role: "booster", email: "booster@example.com", booster: { boosterId: "BB-1001" } } }]);
    render(<SignInForm />);
    fill("Email", "booster@example.com");
    fill("Password", "Runboard123");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign In" })));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/dashboard"));
  });

  test("a refused sign-in shows the server's message; without one, 'Login failed. Please check your credentials.'", async () => {
    answer([429, { message: "Too many attempts. Please wait 15 minutes and try again." }]);
    render(<SignInForm />);
    fill("Email", "owner@example.com");
    fill("Password", "nope");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign In" })));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many attempts. Please wait 15 minutes and try again.");
    answer([500, ""]);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign In" })));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Login failed. Please check your credentials."));
    expect(assign).not.toHaveBeenCalled();
  });

  test("the password can be shown and hidden", async () => {
    render(<SignInForm />);
    const input = screen.getByLabelText("Password", { exact: true }) as HTMLInputElement;
    expect(input.type).toBe("password");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Show password" })));
    expect(input.type).toBe("text");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Hide password" })));
    expect(input.type).toBe("password");
  });

  test("an error passed by the page (no-JavaScript post) is shown at once", () => {
    render(<SignInForm error="Login failed. Please check your credentials." />);
    expect(screen.getByRole("alert").textContent).toBe("Login failed. Please check your credentials.");
  });
});
