import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import PasswordForm, { AFTER_RESET_URL } from "./PasswordForm";
import { stubApi, type Answer, type Call } from "../../src/testing/apiStub";

let calls: Call[] = [];
let assign: ReturnType<typeof spyOn>;
beforeEach(() => {
  calls = [];
  assign = spyOn(window.location, "assign").mockImplementation(() => {});
});
afterEach(() => {
  assign.mockRestore();
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const submit = (name: string) => act(async () => fireEvent.click(screen.getByRole("button", { name })));

describe("reset from a link", () => {
  const renderReset = () => render(<PasswordForm mode="reset" token="tok" email="booster@example.com" />);

  test("posts to the reset API (so it works without JavaScript) and tells password managers whose it is", () => {
    const { container } = renderReset();
    expect(container.querySelector("form")!.getAttribute("action")).toBe("/api/auth/reset/tok");
    expect((container.querySelector('input[autocomplete="username"]') as HTMLInputElement).value).toBe("booster@example.com");
    expect(screen.getByLabelText("New Password").getAttribute("autocomplete")).toBe("new-password");
    expect(screen.getByRole("button", { name: "Show new password" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show confirm new password" })).toBeTruthy();
  });

  test("the full rule and the confirmation are checked first; focus goes to the first field in error", async () => {
    calls = stubApi({});
    renderReset();
    fill("New Password", "lowercase1");
    fill("Confirm New Password", "different");
    await submit("Set Password");
    expect(screen.getByText("Password must contain at least one uppercase letter")).toBeTruthy();
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("New Password"));
    expect(calls).toEqual([]);
  });

  test("sets the password, then goes to sign-in with the notice; 'Saving...' meanwhile", async () => {
    const reply = Promise.withResolvers<Answer<"POST /api/auth/reset/tok">>();
    calls = stubApi({ "POST /api/auth/reset/tok": () => reply.promise });
    renderReset();
    fill("New Password", "Fresh-Start9");
    fill("Confirm New Password", "Fresh-Start9");
    await submit("Set Password");
    expect((screen.getByRole("button", { name: "Saving..." }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls[0]!.body).toEqual({ password: "Fresh-Start9", confirmPassword: "Fresh-Start9" });
    await act(async () => reply.resolve([200, { ok: true }]));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AFTER_RESET_URL));
  });

  test("a dead link shows the server's message", async () => {
    calls = stubApi({ "POST /api/auth/reset/tok": [400, { message: "Invalid or expired password reset link" }] });
    renderReset();
    fill("New Password", "Fresh-Start9");
    fill("Confirm New Password", "Fresh-Start9");
    await submit("Set Password");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Invalid or expired password reset link"));
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("change on the account page", () => {
  const renderChange = () => render(<PasswordForm mode="change" email="admin@example.com" />);
  const fillAll = (current: string) => {
    fill("Current Password", current);
    fill("New Password", "Fresh-Start9");
    fill("Confirm New Password", "Fresh-Start9");
  };

  test("a wrong current password shows on that field, with focus there", async () => {
    calls = stubApi({ "POST /api/auth/password": [400, { message: "Current password is incorrect" }] });
    renderChange();
    fillAll("Wrong-Pass1");
    await submit("Change Password");
    await waitFor(() => expect(screen.getByText("Current password is incorrect")).toBeTruthy());
    expect(screen.getByLabelText("Current Password").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByLabelText("Current Password"));
  });

  test("success empties the fields and says the other sessions were signed out", async () => {
    calls = stubApi({ "POST /api/auth/password": [200, { ok: true }] });
    renderChange();
    fillAll("Runboard123");
    await submit("Change Password");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Your password has been changed. Your other sessions have been signed out."));
    expect(calls[0]!.body).toEqual({ currentPassword: "Runboard123", newPassword: "Fresh-Start9", confirmPassword: "Fresh-Start9" });
    expect((screen.getByLabelText("Current Password") as HTMLInputElement).value).toBe("");
    expect(assign).not.toHaveBeenCalled();
  });

  test("the current password is required", async () => {
    calls = stubApi({});
    renderChange();
    await submit("Change Password");
    expect(screen.getByText("Current password is required")).toBeTruthy();
    expect(screen.getByText("Password must be at least 8 characters")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
