import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import RegisterForm from "./RegisterForm";

type Call = { url: string; method: string; body: unknown };
const realFetch = globalThis.fetch;
const realSetTimeout = globalThis.setTimeout;
let calls: Call[] = [];
let delayed: { fn: () => void; ms: number }[] = [];
let assign: ReturnType<typeof spyOn>;

function answer(status: number, body: unknown) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
}

beforeEach(() => {
  calls = [];
  delayed = [];
  assign = spyOn(window.location, "assign").mockImplementation(() => {});
  // SPEC §9's redirect delays are recorded instead of waited for (a plain function, not a
  // mock: Testing Library takes a mocked setTimeout for fake timers).
  globalThis.setTimeout = ((fn: () => void, ms?: number, ...rest: unknown[]) => {
    if (ms === 1000 || ms === 1500) {
      delayed.push({ fn, ms });
      return 0;
    }
    return realSetTimeout(fn, ms, ...rest);
  }) as unknown as typeof setTimeout;
});
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  assign.mockRestore();
  globalThis.setTimeout = realSetTimeout;
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const props = { token: "tok123", email: "newbie@example.com", loginUrl: "/auth" };

describe("RegisterForm on /register/{token}", () => {
  test("email read-only; the full password rules and 'Passwords don't match' on the confirmation", async () => {
    answer(200, {});
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
    answer(200, { user: { role: "booster", status: "active" } });
    render(<RegisterForm mode="register" {...props} />);
    fill("Nickname", "Newbie");
    fill("Password", "Secret123");
    fill("Confirm Password", "Secret123");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Register" })));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/dashboard"));
    expect(calls).toEqual([{ url: "http://localhost:3000/api/auth/register/tok123", method: "POST", body: { email: "newbie@example.com", nickname: "Newbie", password: "Secret123" } }]);
  });

  test("a used invite: the message, then login after 1 s", async () => {
    answer(400, { message: "Invite already used. Redirecting to login..." });
    render(<RegisterForm mode="register" {...props} />);
    fill("Nickname", "Newbie");
    fill("Password", "Secret123");
    fill("Confirm Password", "Secret123");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Register" })));
    expect(screen.getByRole("alert").textContent).toBe("Invite already used. Redirecting to login...");
    expect(delayed.map((d) => d.ms)).toEqual([1000]);
    expect(assign).not.toHaveBeenCalled();
    delayed[0]!.fn();
    expect(assign).toHaveBeenCalledWith("/auth");
  });

  test("another failure without a message: 'Registration failed. Please try again.'", async () => {
    answer(500, "");
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
    answer(200, { user: { role: "administrator", status: "active" }, signedIn: true });
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
    expect(calls).toEqual([{ url: "http://localhost:3000/api/accept-invite/tok123", method: "POST", body: { email: "newbie@example.com", nickname: "Newbie", password: "Secret123" } }]);
  });
});
