import { afterEach, beforeEach, expect, spyOn, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import LogoutButton from "./LogoutButton";

const realFetch = globalThis.fetch;
let assign: ReturnType<typeof spyOn>;
beforeEach(() => { assign = spyOn(window.location, "assign").mockImplementation(() => {}); });
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  assign.mockRestore();
});

test("reads 'Logging out...' while the API call runs, then goes home", async () => {
  const calls: string[] = [];
  let release!: () => void;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method} ${String(input)}`);
    await new Promise<void>((r) => { release = r; });
    return new Response(JSON.stringify({ ok: true }), { headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  render(<LogoutButton />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Logout" })));
  expect((screen.getByRole("button", { name: "Logging out..." }) as HTMLButtonElement).disabled).toBe(true);
  expect(calls).toEqual(["POST http://localhost:3000/api/auth/logout"]);
  await act(async () => release());
  await waitFor(() => expect(assign).toHaveBeenCalledWith("/"));
});

test("a session from the identity provider goes on to the provider's logout", async () => {
  const end = "https://id.example.com/session/end?id_token_hint=x&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A3000%2F";
  globalThis.fetch = (async () => new Response(JSON.stringify({ ok: true, providerLogoutUrl: end }), { headers: { "content-type": "application/json" } })) as unknown as typeof fetch;
  render(<LogoutButton />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Logout" })));
  await waitFor(() => expect(assign).toHaveBeenCalledWith(end));
});

test("goes home even when the call fails", async () => {
  globalThis.fetch = (async () => { throw new TypeError("offline"); }) as unknown as typeof fetch;
  render(<LogoutButton />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Logout" })));
  await waitFor(() => expect(assign).toHaveBeenCalledWith("/"));
});

test("without JavaScript it is a plain form posting to the logout endpoint", () => {
  render(<LogoutButton />);
  const form = screen.getByRole("button", { name: "Logout" }).closest("form")!;
  expect(form.getAttribute("method")).toBe("post");
  expect(form.getAttribute("action")).toBe("/api/auth/logout");
});
