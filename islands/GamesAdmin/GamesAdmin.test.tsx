import { describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import GamesAdmin, { type GamesAdminProps } from "./GamesAdmin";
import Toaster from "../Toaster/Toaster";
import type { GameRow } from "../../src/shared/types";
import { stubApi, type Answer, type Call } from "../../src/testing/apiStub";

const game = (g: Partial<GameRow> & Pick<GameRow, "id" | "name" | "displayOrder">): GameRow => ({
  slug: g.name.toLowerCase().replace(/\W+/g, "-"), description: null, imageUrl: null, prefix: null, parentGameId: null,
  isActive: true, visible: true, devVisible: true, bookingCutoffMinutes: 15, ...g,
});
const GAMES: GameRow[] = [
  game({ id: 3, name: "World of Warcraft", displayOrder: 1, description: "Raids and dungeons" }),
  game({ id: 1, name: "MoP Raid Calendar", displayOrder: 2, parentGameId: 3 }),
  game({ id: 4, name: "MoP Challenge Mode Calendar", displayOrder: 3, parentGameId: 3 }),
  game({ id: 2, name: "Destiny 2", displayOrder: 4, visible: false }),
  game({ id: 5, name: "Desert Perpetual Calendar", displayOrder: 5, parentGameId: 2 }),
  game({ id: 9, name: "Solo Tool", displayOrder: 6 }),
];
const OWNER = { id: 1, role: "owner" as const };
const ADMIN = { id: 2, role: "administrator" as const };

let calls: Call[] = [];

function renderIsland(props: Partial<GamesAdminProps> = {}) {
  return render(
    <Provider store={createStore()}>
      <GamesAdmin viewer={OWNER} initialGames={GAMES} {...props} />
      <Toaster />
    </Provider>,
  );
}

const list = () => screen.getByRole("list", { name: "Games in display order" });
const names = () => within(list()).getAllByRole("listitem").map((li) => li.querySelector(".game-row__name")!.textContent);
const rowOf = (name: string) => within(list()).getAllByRole("listitem").find((li) => li.querySelector(".game-row__name")!.textContent === name)!;
const toast = () => within(screen.getByRole("region", { name: "Notifications (F8)" })).getByRole("status");

describe("games list", () => {
  test("parents followed by indented children, descriptions, and type badges", () => {
    renderIsland();
    expect(names()).toEqual(["World of Warcraft", "MoP Raid Calendar", "MoP Challenge Mode Calendar", "Destiny 2", "Desert Perpetual Calendar", "Solo Tool"]);
    expect(within(rowOf("World of Warcraft")).getByText("Raids and dungeons")).toBeTruthy();
    expect(within(rowOf("Solo Tool")).getByText("No description")).toBeTruthy();
    expect(within(rowOf("World of Warcraft")).getByText("Parent Game")).toBeTruthy();
    expect(within(rowOf("MoP Raid Calendar")).getByText("Sub-game")).toBeTruthy();
    expect(within(rowOf("Solo Tool")).getByText("Standalone Game")).toBeTruthy();
    expect(rowOf("MoP Raid Calendar").className).toContain("game-row--child");
    expect(rowOf("World of Warcraft").className).not.toContain("game-row--child");
  });

  test("valid markup: drag handles are plain buttons (no role attribute) and the island adds no second 'Game Management' landmark", () => {
    renderIsland();
    const handles = document.querySelectorAll("button.drag-handle");
    expect(handles.length).toBeGreaterThan(0);
    expect([...handles].filter((h) => h.hasAttribute("role"))).toHaveLength(0);
    expect(screen.queryAllByRole("region", { name: "Game Management" })).toHaveLength(0);
    expect(screen.getByRole("heading", { name: "Game Management" })).toBeTruthy();
  });

  test("loading and empty states", async () => {
    const answer = Promise.withResolvers<Answer<"GET /api/games">>();
    calls = stubApi({ "GET /api/games": () => answer.promise });
    renderIsland({ initialGames: null });
    expect(screen.getByText("Loading games...")).toBeTruthy();
    await act(async () => answer.resolve([200, []]));
    await waitFor(() => expect(screen.getByText("No games found")).toBeTruthy());
  });
});

describe("visibility", () => {
  test("the owner sees separate Production and Dev switches", () => {
    renderIsland();
    const d2 = rowOf("Destiny 2");
    expect((within(d2).getByRole("switch", { name: "Production visibility of Destiny 2" }) as HTMLInputElement).checked).toBe(false);
    expect((within(d2).getByRole("switch", { name: "Dev visibility of Destiny 2" }) as HTMLInputElement).checked).toBe(true);
    expect(within(d2).getByText("Production")).toBeTruthy();
    expect(within(d2).getByText("Dev")).toBeTruthy();
  });

  test("an administrator sees one Visible/Hidden switch for production", () => {
    renderIsland({ viewer: ADMIN });
    expect(screen.queryByRole("switch", { name: /^Dev visibility/ })).toBeNull();
    expect(within(rowOf("Destiny 2")).getByText("Hidden")).toBeTruthy();
    expect(within(rowOf("Solo Tool")).getByText("Visible")).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Visibility of Destiny 2" })).toBeTruthy();
  });

  test("toggling saves and toasts; a failure reverts with the fallback 'Failed to update game development visibility.'", async () => {
    calls = stubApi({
      "PATCH /api/games/9/visibility": [200, { ...GAMES[5]!, visible: false }],
      "PATCH /api/games/9/dev-visibility": [500, { message: "" }],
    });
    renderIsland();
    const prod = screen.getByRole("switch", { name: "Production visibility of Solo Tool" }) as HTMLInputElement;
    fireEvent.click(prod);
    await waitFor(() => expect(toast().textContent).toContain("Production visibility updated"));
    expect(calls[0]).toEqual({ method: "PATCH", path: "/api/games/9/visibility", body: { visible: false } });
    expect(prod.checked).toBe(false);

    const dev = screen.getByRole("switch", { name: "Dev visibility of Solo Tool" }) as HTMLInputElement;
    fireEvent.click(dev);
    await waitFor(() => expect(toast().textContent).toContain("Error updating dev visibility"));
    expect(toast().textContent).toContain("Failed to update game development visibility.");
    expect(calls[1]).toEqual({ method: "PATCH", path: "/api/games/9/dev-visibility", body: { devVisible: false } });
    expect(dev.checked).toBe(true);
  });

  test("an administrator's switch saves production visibility", async () => {
    calls = stubApi({ "PATCH /api/games/2/visibility": [403, { message: "Forbidden" }] });
    renderIsland({ viewer: ADMIN });
    fireEvent.click(screen.getByRole("switch", { name: "Visibility of Destiny 2" }));
    await waitFor(() => expect(toast().textContent).toContain("Error updating production visibility"));
    expect(toast().textContent).toContain("Forbidden");
    expect(calls[0]!.body).toEqual({ visible: true });
  });
});

describe("reordering by button", () => {
  test("Move up swaps a game with its previous sibling, children follow, the flat order is saved", async () => {
    calls = stubApi({ "PATCH /api/games/reorder": [200, []] });
    renderIsland();
    const up = screen.getByRole("button", { name: "Move Destiny 2 up" });
    fireEvent.click(up);
    await waitFor(() => expect(toast().textContent).toContain("Game order updated"));
    expect(names()).toEqual(["Destiny 2", "Desert Perpetual Calendar", "World of Warcraft", "MoP Raid Calendar", "MoP Challenge Mode Calendar", "Solo Tool"]);
    expect(calls[0]).toEqual({
      method: "PATCH", path: "/api/games/reorder",
      body: { gameOrders: [2, 5, 3, 1, 4, 9].map((id, i) => ({ id, displayOrder: i + 1 })) },
    });
    // Focus stays on the moved game's button; at the top it is marked unavailable.
    const moved = screen.getByRole("button", { name: "Move Destiny 2 up" });
    await waitFor(() => expect(document.activeElement).toBe(moved));
    expect(moved.getAttribute("aria-disabled")).toBe("true");
  });

  test("children move within their parent only; the ends are unavailable", () => {
    renderIsland();
    expect(screen.getByRole("button", { name: "Move MoP Raid Calendar up" }).getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("button", { name: "Move MoP Challenge Mode Calendar down" }).getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("button", { name: "Move Desert Perpetual Calendar up" }).getAttribute("aria-disabled")).toBe("true");
    calls = stubApi({});
    fireEvent.click(screen.getByRole("button", { name: "Move MoP Raid Calendar up" }));
    expect(calls).toEqual([]);
  });

  test("a failed save restores the order and toasts 'Error updating order' with the server's message", async () => {
    calls = stubApi({ "PATCH /api/games/reorder": [400, { message: "Game not found" }] });
    renderIsland();
    fireEvent.click(screen.getByRole("button", { name: "Move MoP Raid Calendar down" }));
    await waitFor(() => expect(toast().textContent).toContain("Error updating order"));
    expect(toast().textContent).toContain("Game not found");
    expect(names()).toEqual(["World of Warcraft", "MoP Raid Calendar", "MoP Challenge Mode Calendar", "Destiny 2", "Desert Perpetual Calendar", "Solo Tool"]);
  });

  test("every row has a labelled drag handle for pointer and keyboard dragging", () => {
    renderIsland();
    const handle = screen.getByRole("button", { name: "Reorder Destiny 2" });
    expect(handle.getAttribute("aria-roledescription")).toBe("draggable");
    const describedBy = handle.getAttribute("aria-describedby")!;
    expect(document.getElementById(describedBy)!.textContent).toContain("press Space or Enter");
  });
});

describe("Discord webhooks (owner)", () => {
  const HINTS = GAMES.map((g) => ({ gameId: g.id, webhookHint: g.id === 1 ? "a1B2" : null }));

  test("only the owner's view has the control; it shows the hint, never a URL", () => {
    const { unmount } = renderIsland({ viewer: ADMIN, webhookHints: null });
    expect(screen.queryByRole("button", { name: /webhook of/ })).toBeNull();
    unmount();
    renderIsland({ webhookHints: HINTS });
    expect(rowOf("MoP Raid Calendar").textContent).toContain("Webhook set (…a1B2)");
    expect(rowOf("MoP Challenge Mode Calendar").textContent).toContain("No webhook");
    expect(screen.getByRole("button", { name: "Change webhook of MoP Raid Calendar" })).toBeTruthy();
    // Games that hold no runs themselves (parents, other tools) have nothing to announce.
    expect(rowOf("World of Warcraft").textContent).not.toContain("webhook");
    expect(rowOf("Solo Tool").textContent).not.toContain("webhook");
    expect(screen.getByRole("button", { name: "Set webhook of MoP Challenge Mode Calendar" })).toBeTruthy();
  });

  test("setting one checks the URL first, saves it, and then shows only the hint the server answers", async () => {
    calls = stubApi({ "PUT /api/games/4/webhook": [200, { gameId: 4, webhookHint: "Zz9q" }] });
    renderIsland({ webhookHints: HINTS });
    fireEvent.click(screen.getByRole("button", { name: "Set webhook of MoP Challenge Mode Calendar" }));
    const field = screen.getByLabelText("Webhook URL") as HTMLInputElement;
    fireEvent.change(field, { target: { value: "http://discord.com/api/webhooks/1/x" } });
    fireEvent.click(screen.getByRole("button", { name: "Save webhook" }));
    await waitFor(() => expect(screen.getByText("Webhook URL must use https")).toBeTruthy());
    expect(calls).toEqual([]);
    fireEvent.change(field, { target: { value: "https://discord.com/api/webhooks/1/secretZz9q" } });
    fireEvent.click(screen.getByRole("button", { name: "Save webhook" }));
    await waitFor(() => expect(toast().textContent).toContain("Webhook saved"));
    expect(calls[0]).toEqual({ method: "PUT", path: "/api/games/4/webhook", body: { url: "https://discord.com/api/webhooks/1/secretZz9q" } });
    expect(rowOf("MoP Challenge Mode Calendar").textContent).toContain("Webhook set (…Zz9q)");
    expect(document.body.innerHTML).not.toContain("secretZz9q");
  });

  test("a refusal by the server shows its message in the dialog, which stays open", async () => {
    calls = stubApi({ "PUT /api/games/4/webhook": [400, { message: "Webhook URL must use https" }] });
    renderIsland({ webhookHints: HINTS });
    fireEvent.click(screen.getByRole("button", { name: "Set webhook of MoP Challenge Mode Calendar" }));
    fireEvent.change(screen.getByLabelText("Webhook URL"), { target: { value: "http://localhost:9/hook" } });
    fireEvent.click(screen.getByRole("button", { name: "Save webhook" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Webhook URL must use https"));
    expect(screen.getByRole("dialog", { name: "Discord webhook for MoP Challenge Mode Calendar" })).toBeTruthy();
    expect(rowOf("MoP Challenge Mode Calendar").textContent).toContain("No webhook");
  });

  test("removing one asks first (the secret is never shown again); once removed, focus is on the game's 'Set webhook'", async () => {
    calls = stubApi({ "DELETE /api/games/1/webhook": [200, { gameId: 1, webhookHint: null }] });
    renderIsland({ webhookHints: HINTS });
    fireEvent.click(screen.getByRole("button", { name: "Remove webhook of MoP Raid Calendar" }));
    const ask = screen.getByRole("dialog", { name: "Remove the webhook of MoP Raid Calendar?" });
    expect(ask.textContent).toContain("cannot be shown again");
    expect(calls).toHaveLength(0);
    fireEvent.click(within(ask).getByRole("button", { name: "Remove webhook" }));
    await waitFor(() => expect(toast().textContent).toContain("Webhook removed"));
    expect(calls[0]).toMatchObject({ method: "DELETE", path: "/api/games/1/webhook" });
    expect(rowOf("MoP Raid Calendar").textContent).toContain("No webhook");
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Set webhook of MoP Raid Calendar" })));
  });

  test("cancelling the removal keeps the webhook and gives focus back to Remove", async () => {
    calls = stubApi({});
    renderIsland({ webhookHints: HINTS });
    const remove = screen.getByRole("button", { name: "Remove webhook of MoP Raid Calendar" });
    remove.focus();
    fireEvent.click(remove);
    fireEvent.click(within(screen.getByRole("dialog", { name: "Remove the webhook of MoP Raid Calendar?" })).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls).toHaveLength(0);
    expect(rowOf("MoP Raid Calendar").textContent).toContain("Webhook set (…a1B2)");
    expect(document.activeElement).toBe(remove);
  });

  test("the webhook dialog's Cancel with a typed URL asks 'Discard changes?' first, focus on 'Keep editing'", async () => {
    calls = stubApi({});
    renderIsland({ webhookHints: HINTS });
    fireEvent.click(screen.getByRole("button", { name: "Set webhook of MoP Challenge Mode Calendar" }));
    const dialog = screen.getByRole("dialog", { name: "Discord webhook for MoP Challenge Mode Calendar" });
    fireEvent.change(within(dialog).getByLabelText("Webhook URL"), { target: { value: "https://discord.com/api/webhooks/1/x" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    const ask = await screen.findByRole("dialog", { name: "Discard changes?" });
    expect(document.activeElement).toBe(within(ask).getByRole("button", { name: "Keep editing" }));
    fireEvent.click(within(ask).getByRole("button", { name: "Keep editing" }));
    expect((within(dialog).getByLabelText("Webhook URL") as HTMLInputElement).value).toBe("https://discord.com/api/webhooks/1/x");
    // Empty, Cancel closes at once.
    fireEvent.change(within(dialog).getByLabelText("Webhook URL"), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("booking cutoff", () => {
  const cutoffOf = (name: string) => within(rowOf(name)).queryByRole("spinbutton", { name: /^Booking closes/ }) as HTMLInputElement | null;

  test("the owner sets it on the games that hold runs: checked by the API's schema before saving, then saved with a toast", async () => {
    calls = stubApi({ "PATCH /api/games/1/booking-cutoff": [200, { ...GAMES[1]!, bookingCutoffMinutes: 30 }] });
    renderIsland();
    expect(screen.getByText("Visitors can no longer book a run this many minutes before it starts (0 to 1440).")).toBeTruthy();
    expect(cutoffOf("World of Warcraft")).toBeNull();
    expect(cutoffOf("Solo Tool")).toBeNull();
    const field = cutoffOf("MoP Raid Calendar")!;
    expect(field).toBe(screen.getByRole("spinbutton", { name: "Booking closes for MoP Raid Calendar, in minutes before a run starts" }));
    expect(field.value).toBe("15");
    expect(field.getAttribute("aria-describedby")).toBeTruthy();
    fireEvent.change(field, { target: { value: "2000" } });
    fireEvent.click(within(rowOf("MoP Raid Calendar")).getByRole("button", { name: "Save booking cutoff of MoP Raid Calendar" }));
    expect(await within(rowOf("MoP Raid Calendar")).findByText("Booking cutoff must be a whole number of minutes from 0 to 1440")).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(field, { target: { value: "30" } });
    fireEvent.click(within(rowOf("MoP Raid Calendar")).getByRole("button", { name: "Save booking cutoff of MoP Raid Calendar" }));
    await waitFor(() => expect(toast().textContent).toContain("Booking cutoff updated"));
    expect(calls[0]).toEqual({ method: "PATCH", path: "/api/games/1/booking-cutoff", body: { bookingCutoffMinutes: 30 } });
    expect(within(rowOf("MoP Raid Calendar")).queryByRole("alert")).toBeNull();
  });

  test("an administrator does not see it", () => {
    renderIsland({ viewer: ADMIN });
    expect(cutoffOf("MoP Raid Calendar")).toBeNull();
  });
});
