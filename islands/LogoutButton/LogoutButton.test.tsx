import { afterEach, beforeEach, expect, spyOn, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import LogoutButton from "./LogoutButton";
import { stubApi, type Answer } from "../../src/testing/apiStub";

let assign: ReturnType<typeof spyOn>;
beforeEach(() => { assign = spyOn(window.location, "assign").mockImplementation(() => {}); });
afterEach(() => {
  assign.mockRestore();
});

test("reads 'Logging out...' while the API call runs, then goes home", async () => {
  const reply = Promise.withResolvers<Answer<"POST /api/auth/logout">>();
  const calls = stubApi({ "POST /api/auth/logout": () => reply.promise });
  render(<LogoutButton />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Logout" })));
  expect((screen.getByRole("button", { name: "Logging out..." }) as HTMLButtonElement).disabled).toBe(true);
  expect(calls).toEqual([{ method: "POST", path: "/api/auth/logout", body: undefined }]);
  await act(async () => reply.resolve([200, { ok: true }]));
  await waitFor(() => expect(assign).toHaveBeenCalledWith("/"));
});

test("a session from the identity provider goes on to the provider's logout", async () => {
  const end = "https://id.example.com/session/end?id_token_hint=x&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A3000%2F";
  stubApi({ "POST /api/auth/logout": [200, { ok: true, providerLogoutUrl: end }] });
  render(<LogoutButton />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Logout" })));
  await waitFor(() => expect(assign).toHaveBeenCalledWith(end));
});

test("goes home even when the call fails", async () => {
  stubApi({ "POST /api/auth/logout": () => { throw new TypeError("offline"); } });
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
