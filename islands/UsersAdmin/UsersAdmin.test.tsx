import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import UsersAdmin, { type UsersAdminProps } from "./UsersAdmin";
import Toaster from "../Toaster/Toaster";
import { EditUserDialog } from "./EditUserDialog";
import { navigation, UNAUTHORIZED_REDIRECT_MS } from "../components/callFailure";
import type { PendingInvite, UserListItem } from "../../src/shared/schemas/users";
import { stubApi, type Answer, type Call } from "../../src/testing/apiStub";
import { recordDelays } from "../../src/testing/delays";
import { stubClipboard } from "../../src/testing/clipboard";

const GAMES = [
  { id: 3, name: "World of Warcraft", parentGameId: null, displayOrder: 1 },
  { id: 1, name: "MoP Raid Calendar", parentGameId: 3, displayOrder: 2 },
  { id: 4, name: "MoP Challenge Mode Calendar", parentGameId: 3, displayOrder: 3 },
  { id: 2, name: "Destiny 2", parentGameId: null, displayOrder: 4 },
  { id: 5, name: "Desert Perpetual Calendar", parentGameId: 2, displayOrder: 5 },
];

const user = (over: Partial<UserListItem> & Pick<UserListItem, "id" | "email" | "role">): UserListItem => ({
  firstName: null, lastName: null, nickname: null, profileImageUrl: null, status: "active",
  createdAt: "2026-11-03T12:00:00.000Z", booster: null, ...over,
});

const USERS: UserListItem[] = [
  user({ id: 1, email: "owner@example.com", role: "owner", nickname: "Owner" }),
  user({ id: 2, email: "admin@example.com", role: "administrator", firstName: "Adam", lastName: "Reyes", status: "pending" }),
  user({ id: 3, email: "booster@example.com", role: "booster", nickname: "Frostbolt", booster: { id: 10, boosterId: "BB-1001", gameIds: [1, 5] } }),
  user({ id: 4, email: "zed@example.com", role: "booster", status: "in_review" as UserListItem["status"], booster: { id: 11, boosterId: "BB-1002", gameIds: [] }, createdAt: "" }),
];

const INVITE: PendingInvite = {
  id: 7, email: "new@example.com", userType: "booster", boosterUserId: "BB-2000", gameIds: [5, 2],
  invitedBy: "Owner", createdAt: "2026-11-21T10:00:00.000Z", expiresAt: "2026-11-28T10:00:00.000Z",
};
const STAFF_INVITE: PendingInvite = {
  id: 8, email: "boss@example.com", userType: "administrator", boosterUserId: null, gameIds: [],
  invitedBy: null, createdAt: "2026-11-21T09:00:00.000Z", expiresAt: "2026-11-28T09:30:00.000Z",
};

const OWNER = { id: 1, role: "owner" as const };
const ADMIN = { id: 2, role: "administrator" as const };

let calls: Call[] = [];
const realAssign = navigation.assign;

beforeEach(() => { calls = []; });
afterEach(() => {
  navigation.assign = realAssign;
});

/**
 * The 401 flow: the browser goes to /api/login 500 ms after the toast. The delay is
 * recorded, not waited for; `expectAfterDelay` checks nothing happened before it, then runs it.
 */
function loginRedirect() {
  const visited: string[] = [];
  navigation.assign = (url) => { visited.push(url); };
  const delayed = recordDelays(UNAUTHORIZED_REDIRECT_MS);
  return {
    expectAfterDelay() {
      expect(visited).toEqual([]);
      expect(delayed.map((d) => d.ms)).toEqual([500]);
      delayed[0]!.run();
      expect(visited).toEqual(["/api/login?returnTo=%2F"]);
    },
  };
}

function renderIsland(props: Partial<UsersAdminProps> = {}) {
  const store = createStore();
  return render(
    <Provider store={store}>
      <UsersAdmin viewer={OWNER} initialUsers={USERS} games={GAMES} initialInvites={[]} {...props} />
      <Toaster />
    </Provider>,
  );
}

const table = () => screen.getByRole("table", { name: "All App Users" });
const invitesTable = () => screen.getByRole("table", { name: "Pending Invitations" });
const bodyRows = () => within(table()).getAllByRole("row").slice(1);
const toast = () => within(screen.getByRole("region", { name: "Notifications (F8)" })).getByRole("status");
// The modal closes (its <dialog> loses `open`). Checked on the element: role queries inside
// waitFor can stall in happy-dom while React commits the close.
const closed = (dialog: HTMLElement) => waitFor(() => expect(dialog.hasAttribute("open")).toBe(false));

describe("users list", () => {
  test("shows the columns User, Email, Role, Status, Games, Joined, Actions, names, secondary lines, badges, games and joined dates", () => {
    renderIsland();
    expect(screen.getByRole("heading", { name: "All App Users" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Invite User" })).toBeTruthy();
    const headers = within(table()).getAllByRole("columnheader").map((h) => h.textContent?.replace(/[▲▼↕]/g, ""));
    expect(headers).toEqual(["User", "Email", "Role", "Status", "Games", "Joined", "Actions"]);
    const [owner, admin, booster, zed] = bodyRows();
    expect(within(owner!).getByText("Owner", { selector: "div" })).toBeTruthy();
    expect(within(owner!).getByText("User ID: 1")).toBeTruthy();
    expect(within(owner!).getAllByRole("cell")[4]!.textContent).toBe("—");
    // The console's date family, in CET, with the ISO instant in <time datetime>.
    const joined = within(owner!).getByText("Tue 2026-11-03");
    expect(joined.tagName).toBe("TIME");
    expect(joined.getAttribute("datetime")).toBe("2026-11-03T12:00:00.000Z");
    expect(within(admin!).getByText("Adam Reyes")).toBeTruthy();
    expect(within(admin!).getByText("Administrator")).toBeTruthy();
    expect(within(admin!).getByText("PENDING")).toBeTruthy();
    expect(within(booster!).getByText("Booster ID: BB-1001")).toBeTruthy();
    expect(within(booster!).getByText("Games assigned")).toBeTruthy();
    // No nickname or name: the email; unknown statuses upper-cased with spaces; no date: a dash.
    expect(within(zed!).getByText("zed@example.com", { selector: "div" })).toBeTruthy();
    expect(within(zed!).getByText("IN REVIEW")).toBeTruthy();
    expect(within(zed!).getByText("No games assigned")).toBeTruthy();
    expect(within(zed!).getAllByRole("cell")[5]!.textContent).toBe("—");
  });

  test("the owner may edit everyone and delete everyone but themselves", () => {
    renderIsland();
    for (const name of ["Owner", "Adam Reyes", "Frostbolt", "zed@example.com"]) {
      expect(screen.getByRole("button", { name: `Edit ${name}` })).toBeTruthy();
    }
    expect(screen.queryByRole("button", { name: "Delete Owner" })).toBeNull();
    expect(screen.getByRole("button", { name: "Delete Adam Reyes" })).toBeTruthy();
  });

  test("an administrator gets edit and delete buttons on boosters only", () => {
    renderIsland({ viewer: ADMIN });
    expect(screen.queryByRole("button", { name: "Edit Owner" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Owner" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit Adam Reyes" })).toBeNull();
    expect(screen.getByRole("button", { name: "Edit Frostbolt" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete Frostbolt" })).toBeTruthy();
  });

  test("columns sort when their header is pressed", () => {
    renderIsland();
    const emailHeader = within(table()).getByRole("columnheader", { name: /Email/ });
    fireEvent.click(within(emailHeader).getByRole("button"));
    expect(emailHeader.getAttribute("aria-sort")).toBe("ascending");
    expect(bodyRows().map((r) => within(r).getAllByRole("cell")[1]!.textContent))
      .toEqual(["admin@example.com", "booster@example.com", "owner@example.com", "zed@example.com"]);
    fireEvent.click(within(emailHeader).getByRole("button"));
    expect(emailHeader.getAttribute("aria-sort")).toBe("descending");
    expect(within(bodyRows()[0]!).getAllByRole("cell")[1]!.textContent).toBe("zed@example.com");
  });

  test("five placeholder rows while loading, then the list", async () => {
    const answer = Promise.withResolvers<Answer<"GET /api/users">>();
    calls = stubApi({ "GET /api/users": () => answer.promise });
    renderIsland({ initialUsers: null });
    expect(screen.getAllByTestId("placeholder-row")).toHaveLength(5);
    expect(screen.getByText("Loading users...")).toBeTruthy();
    await act(async () => answer.resolve([200, USERS.slice(0, 1)]));
    await waitFor(() => expect(screen.queryAllByTestId("placeholder-row")).toHaveLength(0));
    expect(bodyRows()).toHaveLength(1);
  });

  test("an empty list says so", () => {
    renderIsland({ initialUsers: [] });
    expect(screen.getByText("No users found")).toBeTruthy();
  });
});

describe("edit user dialog", () => {
  test("opens with the nickname, the active switch, and the booster's games plus their parents", async () => {
    renderIsland({ viewer: ADMIN });
    fireEvent.click(screen.getByRole("button", { name: "Edit Frostbolt" }));
    const dialog = screen.getByRole("dialog", { name: "Edit User" });
    expect((within(dialog).getByLabelText("Nickname") as HTMLInputElement).value).toBe("Frostbolt");
    const active = within(dialog).getByRole("switch", { name: "Active" }) as HTMLInputElement;
    expect(active.checked).toBe(true);
    expect(within(dialog).getByText("User is active")).toBeTruthy();
    fireEvent.click(active);
    expect(within(dialog).getByText("User is inactive - cannot access the platform")).toBeTruthy();
    const games = within(dialog).getByRole("group", { name: "Assigned Games" });
    const checked = within(games).getAllByRole("checkbox").filter((c) => (c as HTMLInputElement).checked).map((c) => c.closest("label")!.textContent);
    // Assigned 1 and 5, plus their parents 3 and 2.
    expect(checked).toEqual(["World of Warcraft", "MoP Raid Calendar", "Destiny 2", "Desert Perpetual Calendar"]);
    expect(games.querySelector(".checkbox-list--8rem")).not.toBeNull();
    // No role selector for a booster.
    expect(within(dialog).queryByLabelText("Role")).toBeNull();
  });

  test("game rules apply while editing and the PATCH carries the form; success closes with a toast", async () => {
    calls = stubApi({
      "PATCH /api/users/3": [200, { ...USERS[2]!, nickname: "Frosty", booster: { id: 10, boosterId: "BB-1001", gameIds: [3, 1, 4] } }],
      "GET /api/users": [200, USERS],
    });
    renderIsland({ viewer: ADMIN });
    fireEvent.click(screen.getByRole("button", { name: "Edit Frostbolt" }));
    const dialog = screen.getByRole("dialog", { name: "Edit User" });
    fireEvent.change(within(dialog).getByLabelText("Nickname"), { target: { value: "Frosty" } });
    // Deselecting the last child deselects the parent; selecting a parent selects its children.
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Desert Perpetual Calendar" }));
    expect((within(dialog).getByRole("checkbox", { name: "Destiny 2" }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Destiny 2" }));
    expect((within(dialog).getByRole("checkbox", { name: "Desert Perpetual Calendar" }) as HTMLInputElement).checked).toBe(true);
    // Deselecting a parent deselects its children.
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "World of Warcraft" }));
    expect((within(dialog).getByRole("checkbox", { name: "MoP Raid Calendar" }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await closed(dialog);
    expect(calls[0]).toEqual({ method: "PATCH", path: "/api/users/3", body: { nickname: "Frosty", status: "active", gameIds: [2, 5] } });
    expect(toast().textContent).toContain("User updated successfully");
    expect(toast().textContent).toContain("The user's information has been updated.");
  });

  test("a short nickname is refused in the form with 'Nickname must be at least 2 characters'", () => {
    calls = stubApi({});
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Edit Owner" }));
    const dialog = screen.getByRole("dialog", { name: "Edit User" });
    fireEvent.change(within(dialog).getByLabelText("Nickname"), { target: { value: "O" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(within(dialog).getByText("Nickname must be at least 2 characters")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test("the owner gets a role selector for staff; a server failure shows its message", async () => {
    calls = stubApi({ "PATCH /api/users/2": [400, { message: "The last owner must keep the owner role." }] });
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Edit Adam Reyes" }));
    const dialog = screen.getByRole("dialog", { name: "Edit User" });
    // No nickname yet: the field starts empty and must be filled.
    expect((within(dialog).getByLabelText("Nickname") as HTMLInputElement).value).toBe("");
    fireEvent.change(within(dialog).getByLabelText("Nickname"), { target: { value: "Adam" } });
    const role = within(dialog).getByLabelText("Role") as HTMLSelectElement;
    expect([...role.options].map((o) => o.textContent)).toEqual(["Administrator", "Owner"]);
    fireEvent.change(role, { target: { value: "owner" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toBe("The last owner must keep the owner role."));
    // A pending user's switch starts on ("may use the platform").
    expect(calls[0]!.body).toEqual({ nickname: "Adam", status: "active", role: "owner" });
    expect(toast().textContent).toContain("Error updating user");
  });

  test("an unauthorized answer toasts 'Unauthorized' and goes to /api/login after 500 ms, like the other dialogs", async () => {
    calls = stubApi({ "PATCH /api/users/2": [401, { message: "Unauthorized" }] });
    const login = loginRedirect();
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Edit Adam Reyes" }));
    const dialog = screen.getByRole("dialog", { name: "Edit User" });
    fireEvent.change(within(dialog).getByLabelText("Nickname"), { target: { value: "Adam" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(toast().textContent).toContain("You are logged out. Logging in again..."));
    login.expectAfterDelay();
  });

  test("does not render for a target the viewer may not manage; shows five placeholders while games load", () => {
    const { container } = render(<EditUserDialog viewer={ADMIN} user={USERS[0]!} games={GAMES} onClose={() => {}} onSaved={() => {}} />);
    expect(container.innerHTML).toBe("");
    cleanup();
    render(<EditUserDialog viewer={ADMIN} user={USERS[2]!} games={null} onClose={() => {}} onSaved={() => {}} />);
    expect(screen.getAllByTestId("games-placeholder")).toHaveLength(5);
  });
});

describe("unsaved input is not thrown away", () => {
  const pressEscape = (d: HTMLElement) => act(() => { d.dispatchEvent(new Event("cancel", { cancelable: true })); });

  test("invite: Escape with a typed email asks 'Discard changes?' (focus on Keep editing); untouched, it closes at once", () => {
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Invite User" }));
    pressEscape(screen.getByRole("dialog", { name: "Invite New User" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Invite User" }));
    const dialog = screen.getByRole("dialog", { name: "Invite New User" });
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: "new@example.com" } });
    pressEscape(dialog);
    const ask = screen.getByRole("dialog", { name: "Discard changes?" });
    expect(document.activeElement).toBe(within(ask).getByRole("button", { name: "Keep editing" }));
    fireEvent.click(within(ask).getByRole("button", { name: "Keep editing" }));
    expect((within(dialog).getByLabelText("Email") as HTMLInputElement).value).toBe("new@example.com");
    fireEvent.click(dialog); // the backdrop
    fireEvent.click(within(screen.getByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Discard" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("edit user: Cancel after a change asks first; untouched, Cancel closes at once", () => {
    renderIsland({ viewer: ADMIN });
    fireEvent.click(screen.getByRole("button", { name: "Edit Frostbolt" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "Edit User" })).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Edit Frostbolt" }));
    const dialog = screen.getByRole("dialog", { name: "Edit User" });
    fireEvent.change(within(dialog).getByLabelText("Nickname"), { target: { value: "Frostbite" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("dialog", { name: "Discard changes?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Discard" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("invite dialog", () => {
  test("an administrator may invite boosters only; the owner all three types", () => {
    renderIsland({ viewer: ADMIN });
    fireEvent.click(screen.getByRole("button", { name: "Invite User" }));
    let dialog = screen.getByRole("dialog", { name: "Invite New User" });
    expect([...(within(dialog).getByLabelText("User Type") as HTMLSelectElement).options].map((o) => o.value)).toEqual(["booster"]);
    cleanup();
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Invite User" }));
    dialog = screen.getByRole("dialog", { name: "Invite New User" });
    const type = within(dialog).getByLabelText("User Type") as HTMLSelectElement;
    expect([...type.options].map((o) => o.value)).toEqual(["booster", "administrator", "owner"]);
    expect(within(dialog).getByLabelText("Booster ID")).toBeTruthy();
    fireEvent.change(type, { target: { value: "administrator" } });
    expect(within(dialog).queryByLabelText("Booster ID")).toBeNull();
    expect(within(dialog).queryByRole("group", { name: "Games" })).toBeNull();
  });

  test("booster invites need a booster ID and a game; a child selects its parent", () => {
    calls = stubApi({});
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Invite User" }));
    const dialog = screen.getByRole("dialog", { name: "Invite New User" });
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: "new@example.com" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Generate Invitation Link" }));
    // Each missing field says so under itself; focus goes to the first, an alert says why.
    expect(within(dialog).getByText("Enter the booster's ID: boosters need one.")).toBeTruthy();
    expect(within(dialog).getByText("Choose at least one game: boosters need one.")).toBeTruthy();
    expect(within(dialog).getAllByRole("alert").map((a) => a.textContent)).toContain("Some fields need attention: see the messages under them.");
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Booster ID"));
    expect(calls).toEqual([]);
    const games = within(dialog).getByRole("group", { name: "Games" });
    expect(games.querySelector(".checkbox-list--160")).not.toBeNull();
    fireEvent.click(within(games).getByRole("checkbox", { name: "MoP Raid Calendar" }));
    expect((within(games).getByRole("checkbox", { name: "World of Warcraft" }) as HTMLInputElement).checked).toBe(true);
    // Only the booster ID is missing now: the games say nothing.
    fireEvent.click(within(dialog).getByRole("button", { name: "Generate Invitation Link" }));
    expect(within(dialog).getByText("Enter the booster's ID: boosters need one.")).toBeTruthy();
    expect(within(dialog).queryByText("Choose at least one game: boosters need one.")).toBeNull();
    // With the ID typed and the games cleared, the message moves under the games and focus to the first game.
    fireEvent.change(within(dialog).getByLabelText("Booster ID"), { target: { value: "BB-9" } });
    fireEvent.click(within(games).getByRole("checkbox", { name: "World of Warcraft" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Generate Invitation Link" }));
    expect(within(dialog).queryByText("Enter the booster's ID: boosters need one.")).toBeNull();
    expect(within(dialog).getByText("Choose at least one game: boosters need one.")).toBeTruthy();
    expect(document.activeElement).toBe(within(games).getAllByRole("checkbox")[0]!);
    expect(calls).toEqual([]);
  });

  test("the invite dialog has a Cancel button that closes it (asking first once something is typed)", () => {
    calls = stubApi({});
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Invite User" }));
    let dialog = screen.getByRole("dialog", { name: "Invite New User" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Invite New User" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Invite User" }));
    dialog = screen.getByRole("dialog", { name: "Invite New User" });
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: "x@example.com" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("dialog", { name: "Discard changes?" })).toBeTruthy();
  });

  test("success shows the read-only link with focus on its copy button, and 'Done'; copy toasts success or failure; the pending list refreshes", async () => {
    calls = stubApi({
      "POST /api/invites": [200, { token: "tok123", inviteUrl: "http://localhost:3000/invite/tok123", expiresAt: "2026-11-28T10:00:00.000Z", emailed: true }],
      "GET /api/users": [200, USERS],
      "GET /api/pending-invites": [200, [INVITE]],
    });
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Invite User" }));
    const dialog = screen.getByRole("dialog", { name: "Invite New User" });
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: "New@Example.com" } });
    fireEvent.change(within(dialog).getByLabelText("Booster ID"), { target: { value: "BB-2000" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Destiny 2" }));
    fireEvent.change(within(dialog).getByLabelText("Message (optional)"), { target: { value: "Welcome!" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Generate Invitation Link" }));
    const link = await within(dialog).findByLabelText("Invitation Link") as HTMLInputElement;
    expect(link.value).toBe("http://localhost:3000/invite/tok123");
    expect(link.readOnly).toBe(true);
    expect(calls[0]).toEqual({
      method: "POST", path: "/api/invites",
      body: { email: "new@example.com", userType: "booster", boosterUserId: "BB-2000", gameIds: [2, 5], message: "Welcome!", locale: "en" },
    });
    expect(toast().textContent).toContain("Invitation link generated successfully");
    // The copy button is described by what happened to the mail.
    const note = document.getElementById(document.activeElement!.getAttribute("aria-describedby")!)!;
    expect(note.textContent).toBe("Invitation emailed to new@example.com. You can also copy the link below.");
    expect(within(dialog).getByRole("button", { name: "Done" })).toBeTruthy();
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Copy invitation link");

    const writes: string[] = [];
    stubClipboard({ writeText: async (s: string) => { writes.push(s); } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy invitation link" }));
    await waitFor(() => expect(toast().textContent).toContain("Copied! Invitation link copied to clipboard"));
    expect(writes).toEqual(["http://localhost:3000/invite/tok123"]);
    stubClipboard({ writeText: async () => { throw new Error("denied"); } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy invitation link" }));
    await waitFor(() => expect(toast().textContent).toContain("Copy Failed: Please copy the link manually"));

    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    await closed(dialog);
    expect(within(invitesTable()).getByText("new@example.com")).toBeTruthy();
  });

  test("the invitation's language starts as the console's and is sent as chosen", async () => {
    calls = stubApi({
      "POST /api/invites": [200, { token: "tok9", inviteUrl: "http://localhost:3000/invite/tok9", expiresAt: "2026-11-28T10:00:00.000Z", emailed: true }],
      "GET /api/users": [200, USERS],
      "GET /api/pending-invites": [200, [INVITE]],
    });
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Invite User" }));
    const dialog = screen.getByRole("dialog", { name: "Invite New User" });
    const language = within(dialog).getByLabelText("Language") as HTMLSelectElement;
    expect(language.value).toBe("en");
    expect([...language.options].map((o) => [o.textContent, o.lang])).toEqual([["English", "en"], ["Deutsch", "de"], ["Français", "fr"], ["Español", "es"], ["Русский", "ru"]]);
    expect(within(dialog).getByText("The invitation email and the new account use this language.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: "neu@example.com" } });
    fireEvent.change(within(dialog).getByLabelText("Booster ID"), { target: { value: "BB-2001" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Destiny 2" }));
    fireEvent.change(language, { target: { value: "de" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Generate Invitation Link" }));
    await within(dialog).findByLabelText("Invitation Link");
    expect((calls[0]!.body as { locale: string }).locale).toBe("de");
    expect(language.disabled).toBe(true);
  });

  test("an unauthorized answer toasts and goes to /api/login after 500 ms", async () => {
    calls = stubApi({ "POST /api/invites": [401, { message: "Unauthorized" }] });
    const login = loginRedirect();
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Invite User" }));
    const dialog = screen.getByRole("dialog", { name: "Invite New User" });
    fireEvent.change(within(dialog).getByLabelText("User Type"), { target: { value: "owner" } });
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: "boss@example.com" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Generate Invitation Link" }));
    await waitFor(() => expect(toast().textContent).toContain("Unauthorized: You are logged out. Logging in again..."));
    login.expectAfterDelay();
  });

  test("another failure toasts 'Failed to send invitation' with the server's reason", async () => {
    calls = stubApi({ "POST /api/invites": [400, { message: "A user with this email already exists" }] });
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Invite User" }));
    const dialog = screen.getByRole("dialog", { name: "Invite New User" });
    fireEvent.change(within(dialog).getByLabelText("User Type"), { target: { value: "administrator" } });
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: "admin@example.com" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Generate Invitation Link" }));
    await waitFor(() => expect(toast().textContent).toContain("Failed to send invitation"));
    expect(toast().textContent).toContain("A user with this email already exists");
  });
});

describe("delete user dialog", () => {
  test("warns about runs and login access; Cancel is disabled while deleting; success toasts", async () => {
    const answer = Promise.withResolvers<Answer<"DELETE /api/users/3">>();
    calls = stubApi({ "DELETE /api/users/3": () => answer.promise, "GET /api/users": [200, USERS] });
    renderIsland({ viewer: ADMIN });
    fireEvent.click(screen.getByRole("button", { name: "Delete Frostbolt" }));
    const dialog = screen.getByRole("dialog", { name: "Delete User" });
    expect(dialog.textContent).toContain("Are you sure you want to delete Frostbolt?");
    expect(dialog.textContent).toContain("This action cannot be undone");
    expect(dialog.textContent).toContain("All of this booster's runs will expire");
    expect(dialog.textContent).toContain("The account will lose login access");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete User" }));
    await waitFor(() => expect((within(dialog).getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true));
    expect(within(dialog).getByRole("button", { name: "Deleting..." })).toBeTruthy();
    await act(async () => answer.resolve([200, { success: true }]));
    await closed(dialog);
    expect(toast().textContent).toContain("Success");
    expect(toast().textContent).toContain("User deleted successfully");
  });

  test("after a delete focus goes to the list heading (the opener's row is gone)", async () => {
    calls = stubApi({ "DELETE /api/users/3": [200, { success: true }], "GET /api/users": [200, USERS] });
    renderIsland({ viewer: ADMIN });
    const opener = screen.getByRole("button", { name: "Delete Frostbolt" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Delete User" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete User" }));
    await closed(dialog);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "All App Users" }));
  });

  test("a non-booster's dialog does not mention runs; failures toast 'Error'", async () => {
    calls = stubApi({ "DELETE /api/users/2": [500, { message: "" }] });
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Delete Adam Reyes" }));
    const dialog = screen.getByRole("dialog", { name: "Delete User" });
    expect(dialog.textContent).not.toContain("runs will expire");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete User" }));
    await waitFor(() => expect(toast().textContent).toContain("Failed to delete user"));
    expect(toast().textContent).toContain("Error");
  });

  test("an unauthorized answer toasts 'Unauthorized' and goes to /api/login after 500 ms", async () => {
    calls = stubApi({ "DELETE /api/users/3": [401, { message: "Unauthorized" }] });
    const login = loginRedirect();
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Delete Frostbolt" }));
    fireEvent.click(within(screen.getByRole("dialog", { name: "Delete User" })).getByRole("button", { name: "Delete User" }));
    await waitFor(() => expect(toast().textContent).toContain("You are logged out. Logging in again..."));
    login.expectAfterDelay();
  });
});

describe("pending invitations", () => {
  test("lists email, role, games by name, who invited and expiry; actions only where the viewer may invite that role", () => {
    renderIsland({ initialInvites: [INVITE, STAFF_INVITE] });
    const headers = within(invitesTable()).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Email", "Role", "Games", "Invited By", "Expires", "Actions"]);
    const [booster, staff] = within(invitesTable()).getAllByRole("row").slice(1);
    expect(within(booster!).getAllByRole("cell").map((c) => c.textContent).slice(0, 5))
      .toEqual(["new@example.com", "Booster", "Destiny 2, Desert Perpetual Calendar", "Owner", "Sat 2026-11-28 · 11:00 CET"]);
    expect(within(staff!).getAllByRole("cell").map((c) => c.textContent).slice(0, 5))
      .toEqual(["boss@example.com", "Administrator", "—", "—", "Sat 2026-11-28 · 10:30 CET"]);
    expect(screen.getByRole("button", { name: "Revoke invitation for boss@example.com" })).toBeTruthy();
    cleanup();
    renderIsland({ viewer: ADMIN, initialInvites: [INVITE, STAFF_INVITE] });
    expect(screen.getByRole("button", { name: "Re-issue invitation for new@example.com" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Revoke invitation for boss@example.com" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Re-issue invitation for boss@example.com" })).toBeNull();
  });

  test("an empty list says so; without server data the island loads it", async () => {
    calls = stubApi({ "GET /api/pending-invites": [200, []] });
    renderIsland({ initialInvites: null });
    await waitFor(() => expect(within(invitesTable()).getByText("No pending invitations")).toBeTruthy());
    expect(calls.map((c) => c.path)).toEqual(["/api/pending-invites"]);
  });

  test("revoke asks first; confirming revokes, toasts, refreshes the list and puts focus on its heading", async () => {
    calls = stubApi({ "DELETE /api/pending-invites/7": [200, { success: true }], "GET /api/pending-invites": [200, []] });
    renderIsland({ initialInvites: [INVITE] });
    const opener = screen.getByRole("button", { name: "Revoke invitation for new@example.com" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Revoke Invitation" });
    expect(dialog.textContent).toContain("Revoke the invitation for new@example.com?");
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke Invitation" }));
    await closed(dialog);
    expect(toast().textContent).toContain("Invitation revoked");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["DELETE /api/pending-invites/7", "GET /api/pending-invites"]);
    await waitFor(() => expect(within(invitesTable()).getByText("No pending invitations")).toBeTruthy());
    expect(document.activeElement?.id).toBe("pending-invites-heading");
  });

  test("cancelling a revoke changes nothing and gives focus back to the row's button", async () => {
    calls = stubApi({});
    renderIsland({ initialInvites: [INVITE] });
    const opener = screen.getByRole("button", { name: "Revoke invitation for new@example.com" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Revoke Invitation" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await closed(dialog);
    expect(calls).toEqual([]);
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Revoke invitation for new@example.com");
  });

  test("re-issue shows the new link with focus on its copy button; 'Done' closes; a failure toasts the server's message", async () => {
    calls = stubApi({
      "POST /api/pending-invites/7/reissue": [200, { token: "tok2", inviteUrl: "http://localhost:3000/invite/tok2", expiresAt: "2026-11-28T10:00:00.000Z", emailed: true }],
      "POST /api/pending-invites/8/reissue": [404, { message: "This invitation is no longer pending." }],
      // Until the staff invitation's re-issue fails, it is still listed.
      "GET /api/pending-invites": () => (calls.some((c) => c.path.endsWith("/8/reissue")) ? [200, [INVITE]] : [200, [INVITE, STAFF_INVITE]]),
    });
    renderIsland({ initialInvites: [INVITE, STAFF_INVITE] });
    fireEvent.click(screen.getByRole("button", { name: "Re-issue invitation for new@example.com" }));
    let dialog = screen.getByRole("dialog", { name: "Re-issue Invitation" });
    expect(dialog.textContent).toContain("The current link stops working");
    fireEvent.click(within(dialog).getByRole("button", { name: "Re-issue Link" }));
    const link = await within(dialog).findByLabelText("Invitation Link") as HTMLInputElement;
    expect(link.value).toBe("http://localhost:3000/invite/tok2");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Copy invitation link");
    expect(toast().textContent).toContain("New invitation link generated");
    expect(dialog.textContent).toContain("Invitation emailed to new@example.com.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    await closed(dialog);

    fireEvent.click(screen.getByRole("button", { name: "Re-issue invitation for boss@example.com" }));
    dialog = screen.getByRole("dialog", { name: "Re-issue Invitation" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Re-issue Link" }));
    await waitFor(() => expect(toast().textContent).toContain("This invitation is no longer pending."));
    expect(within(dialog).queryByLabelText("Invitation Link")).toBeNull();
    // The list is reloaded: the invitation is gone.
    await waitFor(() => expect(within(invitesTable()).queryByText("boss@example.com")).toBeNull());
  });
});

describe("password reset links", () => {
  test("the owner may create one for anyone, an administrator for boosters only", () => {
    renderIsland();
    for (const name of ["Owner", "Adam Reyes", "Frostbolt"]) {
      expect(screen.getByRole("button", { name: `Create password reset link for ${name}` })).toBeTruthy();
    }
    cleanup();
    renderIsland({ viewer: ADMIN });
    expect(screen.queryByRole("button", { name: "Create password reset link for Owner" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Create password reset link for Adam Reyes" })).toBeNull();
    expect(screen.getByRole("button", { name: "Create password reset link for Frostbolt" })).toBeTruthy();
  });

  test("asks first, then shows the one-time link with focus on its copy button", async () => {
    calls = stubApi({
      "POST /api/users/3/password-reset": [200, { token: "rst", resetUrl: "http://localhost:3000/reset/rst", expiresAt: "2026-11-21T11:00:00.000Z", emailed: false }],
    });
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Create password reset link for Frostbolt" }));
    const dialog = screen.getByRole("dialog", { name: "Password Reset Link" });
    expect(dialog.textContent).toContain("within 1 hour");
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Reset Link" }));
    const link = await within(dialog).findByLabelText("Password Reset Link") as HTMLInputElement;
    expect(link.value).toBe("http://localhost:3000/reset/rst");
    expect(link.readOnly).toBe(true);
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Copy password reset link");
    expect(toast().textContent).toContain("Password reset link created");
    // Mail unavailable (production without SMTP_URL): the dialog says the link must be copied.
    const note = document.getElementById(document.activeElement!.getAttribute("aria-describedby")!)!;
    expect(note.textContent).toBe("Email is not set up on this site, so this link was not emailed. Copy it and send it yourself.");
    const writes: string[] = [];
    stubClipboard({ writeText: async (s: string) => { writes.push(s); } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Copy password reset link" }));
    await waitFor(() => expect(toast().textContent).toContain("Copied! Reset link copied to clipboard"));
    expect(writes).toEqual(["http://localhost:3000/reset/rst"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    await closed(dialog);
  });

  test("a refusal toasts the server's message and shows no link", async () => {
    calls = stubApi({ "POST /api/users/4/password-reset": [409, { message: "This account is inactive. Activate it before resetting its password." }] });
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Create password reset link for zed@example.com" }));
    const dialog = screen.getByRole("dialog", { name: "Password Reset Link" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Reset Link" }));
    await waitFor(() => expect(toast().textContent).toContain("This account is inactive."));
    expect(within(dialog).queryByLabelText("Password Reset Link")).toBeNull();
  });
});
