import { afterEach, describe, expect, mock, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { Subscribe, withPanel } from "./Subscribe";
import { SubscribePanel } from "./SubscribePanel";
import { CalendarTextContext } from "./calendarState";
import { calendarText } from "../../src/shared/calendarText";
import { stubClipboard } from "../../src/testing/clipboard";

const FEED = "https://runboard.example/calendars/mop-raid-calendar.ics";
const US = [["region", "US"], ["raid", "heart-of-fear"]] as const;

const control = (filters: readonly (readonly [string, string])[]) => (
  <CalendarTextContext value={calendarText()}><Subscribe feedUrl={FEED} filters={filters} /></CalendarTextContext>
);
const link = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
/** The server's markup: it renders the panel at once (src/pages/island.tsx gives it). */
function serverHtml(filters: readonly (readonly [string, string])[]) {
  return withPanel(SubscribePanel, () => renderToString(control(filters)));
}
/** In the browser the panel loads on first use: a focus on the summary. */
async function renderUsed(filters: readonly (readonly [string, string])[]) {
  const r = render(control(filters));
  fireEvent.focus(document.querySelector(".subscribe > summary")!);
  await screen.findByRole("button", { name: "Copy URL" });
  return r;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("Subscribe", () => {
  test("without JavaScript: a disclosure with the webcal and Google links and the URL to copy, no button", () => {
    document.body.innerHTML = serverHtml(US);
    expect(document.querySelector("details > summary")!.textContent).toBe("Subscribe");
    expect(link("Open in calendar app")).toBe("webcal://runboard.example/calendars/mop-raid-calendar.ics?region=US&raid=heart-of-fear");
    expect(link("Add to Google Calendar")).toBe(
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent("webcal://runboard.example/calendars/mop-raid-calendar.ics?region=US&raid=heart-of-fear")}`,
    );
    expect((screen.getByLabelText("Calendar feed URL") as HTMLInputElement).value).toBe(`${FEED}?region=US&raid=heart-of-fear`);
    expect(screen.queryByRole("button", { name: "Copy URL" })).toBeNull();
  });

  test("hydrated, the server's panel stays as it is until first use; then its code loads and the copy button appears", async () => {
    const html = serverHtml(US);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const before = container.innerHTML;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, control(US), { onRecoverableError: (e) => errors.push(e) });
    });
    expect(container.innerHTML).toBe(before);
    expect(errors).toEqual([]);
    expect(link("Open in calendar app")).toBe("webcal://runboard.example/calendars/mop-raid-calendar.ics?region=US&raid=heart-of-fear");
    expect(screen.queryByRole("button", { name: "Copy URL" })).toBeNull();
    fireEvent.focus(container.querySelector("summary")!);
    await screen.findByRole("button", { name: "Copy URL" });
    expect((screen.getByLabelText("Calendar feed URL") as HTMLInputElement).value).toBe(`${FEED}?region=US&raid=heart-of-fear`);
  });

  test("the hint promises no refresh rate: calendar apps refresh on their own schedule", async () => {
    await renderUsed(US);
    const hint = screen.getByText(/in your calendar app\./);
    expect(hint.textContent).toContain("on its own schedule");
    expect(hint.textContent).not.toMatch(/every hour|hourly/);
  });

  test("the copy button copies the current URL and says so until the filters change", async () => {
    const writeText = mock((_: string) => Promise.resolve());
    stubClipboard({ writeText });
    const { rerender } = await renderUsed(US);
    fireEvent.click(screen.getByRole("button", { name: "Copy URL" }));
    expect(writeText).toHaveBeenCalledWith(`${FEED}?region=US&raid=heart-of-fear`);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Copied to clipboard"));

    rerender(control([]));
    expect(link("Open in calendar app")).toBe("webcal://runboard.example/calendars/mop-raid-calendar.ics");
    expect(screen.getByRole("status").textContent).toBe("");
  });

  test("without a clipboard (an insecure origin) the URL is selected for copying by hand", async () => {
    stubClipboard(undefined);
    await renderUsed(US);
    const input = screen.getByLabelText("Calendar feed URL") as HTMLInputElement;
    fireEvent.click(screen.getByRole("button", { name: "Copy URL" }));
    await waitFor(() => expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]));
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
