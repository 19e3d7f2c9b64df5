import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import SignInForm from "./SignInForm";

type Call = { url: string; method: string; body: unknown };
const realFetch = globalThis.fetch;
let calls: Call[] = [];
let assign: ReturnType<typeof spyOn>;

/** Answers every API call with `status` and `body`, recording what was sent. */
function answer(status: number, body: unknown) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
}

beforeEach(() => {
  calls = [];
  assign = spyOn(window.location, "assign").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  assign.mockRestore();
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe("SignInForm", () => {
  test("checks the fields with SPEC's messages before calling the API", async () => {
    answer(200, {});
    render(<SignInForm />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign In" })));
    expect(screen.getByText("Invalid email address")).toBeTruthy();
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
  });

  test("signs in and goes to returnTo; the button reads 'Signing in...' meanwhile", async () => {
    let release!: () => void;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), method: init?.method ?? "GET", body: JSON.parse(String(init!.body)) });
      await new Promise<void>((r) => { release = r; });
      return new Response(JSON.stringify({ user: { role: "owner", status: "active" } }), { status: 200, headers: { "content-type": "application/json" } });
    }) as typeof fetch;
    render(<SignInForm returnTo="/admin?tab=games" />);
    fill("Email", "Owner@Example.com");
    fill("Password", "Runboard123");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign In" })));
    const busy = screen.getByRole("button", { name: "Signing in..." }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(calls).toEqual([{ url: "http://localhost:3000/api/auth/login", method: "POST", body: { email: "owner@example.com", password: "Runboard123" } }]);
    await act(async () => release());
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/admin?tab=games"));
  });

  test("without returnTo a booster goes to /dashboard", async () => {
    answer(200, { user: { role: "booster", status: "active" } });
    render(<SignInForm />);
    fill("Email", "booster@example.com");
    fill("Password", "Runboard123");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign In" })));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/dashboard"));
  });

  test("a refused sign-in shows the server's message; without one, SPEC's fallback", async () => {
    answer(429, { message: "Too many attempts. Please wait a minute and try again." });
    render(<SignInForm />);
    fill("Email", "owner@example.com");
    fill("Password", "nope");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign In" })));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many attempts. Please wait a minute and try again.");
    answer(500, "");
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
