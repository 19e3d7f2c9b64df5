import { afterEach, beforeEach, expect, spyOn, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import ProfileForm from "./ProfileForm";
import Toaster from "../Toaster/Toaster";

const realFetch = globalThis.fetch;
const realSetTimeout = globalThis.setTimeout;
let urls: string[] = [];
let delayed: { fn: () => void; ms: number }[] = [];
let assign: ReturnType<typeof spyOn>;

function answer(status: number, body: unknown) {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
}

beforeEach(() => {
  urls = [];
  delayed = [];
  assign = spyOn(window.location, "assign").mockImplementation(() => {});
  // SPEC §9's redirect delays are recorded instead of waited for (a plain function, not a
  // mock: Testing Library takes a mocked setTimeout for fake timers).
  globalThis.setTimeout = ((fn: () => void, ms?: number, ...rest: unknown[]) => {
    if (ms === 1500) {
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

const submit = async (nickname: string) => {
  fireEvent.change(screen.getByLabelText("Gaming Nickname"), { target: { value: nickname } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Complete Profile" })));
};

test("/complete-profile: SPEC's success message, then the dashboard after 1.5 s", async () => {
  answer(200, { user: { role: "administrator", status: "active" } });
  render(<ProfileForm />);
  await submit("Nova");
  expect(urls).toEqual(["http://localhost:3000/api/complete-profile"]);
  expect(screen.getByRole("status").textContent).toBe("Profile completed successfully! Welcome to the platform.");
  expect(delayed.map((d) => d.ms)).toEqual([1500]);
  delayed[0]!.fn();
  expect(assign).toHaveBeenCalledWith("/admin");
});

test("/welcome: completes with the invite token and says so", async () => {
  answer(200, { user: { role: "booster", status: "active" } });
  render(<ProfileForm token="tok" />);
  await submit("Nova");
  expect(urls).toEqual(["http://localhost:3000/api/complete-profile-with-invite/tok"]);
  expect(screen.getByRole("status").textContent).toBe("Welcome! Your profile has been completed successfully. Redirecting to dashboard...");
  delayed[0]!.fn();
  expect(assign).toHaveBeenCalledWith("/dashboard");
});

test("a failure is a destructive toast: the server's message, else 'Error: Failed to complete profile'", async () => {
  answer(409, { message: "Your profile is already complete." });
  render(<><Toaster /><ProfileForm /></>);
  await submit("Nova");
  expect(screen.getByText("Your profile is already complete.")).toBeTruthy();
  answer(500, "");
  await submit("Nova");
  expect(screen.getByText("Error: Failed to complete profile")).toBeTruthy();
  expect(delayed).toEqual([]);
});
