import { describe, expect, jest, test } from "bun:test";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { useState } from "react";
import { Dialog, useDialogCancel, useUnsavedInput } from "./Dialog";
import { useToast } from "./toast";
import Toaster from "../Toaster/Toaster";

/** Escape on a native <dialog> fires a cancelable `cancel` event at it (that is all the browser does first). */
function pressEscapeOn(dialog: HTMLElement) {
  act(() => { dialog.dispatchEvent(new Event("cancel", { cancelable: true })); });
}

/** A form dialog with a nested one, as the run form and Add Class are. */
function Nested() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => setOuter(true)}>Create Run</button>
      <Dialog open={outer} onClose={() => setOuter(false)} title="Run form">
        <label>Title <input /></label>
        <button type="button" onClick={() => setInner(true)}>Add Class</button>
        <button type="button" onClick={() => toast({ title: "Error", description: "Save failed", variant: "destructive" })}>Save</button>
        <Dialog open={inner} onClose={() => setInner(false)} title="Add Class dialog"><p>inner</p></Dialog>
      </Dialog>
    </>
  );
}

function renderNested() {
  return render(<Provider store={createStore()}><Nested /><Toaster /></Provider>);
}

function open(name: string) {
  const button = screen.getByRole("button", { name });
  button.focus();
  fireEvent.click(button);
}

describe("Dialog", () => {
  test("Escape in a nested dialog closes only that one; the outer keeps its input; focus returns to each opener", () => {
    renderNested();
    open("Create Run");
    const outer = screen.getByRole("dialog", { name: "Run form" });
    fireEvent.change(within(outer).getByLabelText("Title"), { target: { value: "Heroic clear" } });
    open("Add Class");
    const inner = screen.getByRole("dialog", { name: "Add Class dialog" });

    pressEscapeOn(inner);
    expect(screen.queryByRole("dialog", { name: "Add Class dialog" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Run form" })).toBeTruthy();
    expect((within(outer).getByLabelText("Title") as HTMLInputElement).value).toBe("Heroic clear");
    expect(document.activeElement).toBe(within(outer).getByRole("button", { name: "Add Class" }));

    pressEscapeOn(outer);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Create Run" }));
  });

  test("the × button returns focus to the opener too", () => {
    renderNested();
    open("Create Run");
    fireEvent.click(within(screen.getByRole("dialog", { name: "Run form" })).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Create Run" }));
  });

  test("a toast raised while a dialog is open is inside it (above the backdrop, not inert), announced and closable", () => {
    renderNested();
    open("Create Run");
    const outer = screen.getByRole("dialog", { name: "Run form" });
    fireEvent.click(within(outer).getByRole("button", { name: "Save" }));
    const region = within(outer).getByRole("region", { name: "Notifications (F8)" });
    const status = within(region).getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toContain("Save failed");
    fireEvent.click(within(region).getByRole("button", { name: "Dismiss notification" }));
    expect(screen.queryByText("Save failed")).toBeNull();
    expect(screen.getByRole("dialog", { name: "Run form" })).toBeTruthy();
    // Once the dialog closes the region is back on the page.
    pressEscapeOn(outer);
    expect(screen.getByRole("region", { name: "Notifications (F8)" }).closest("dialog")).toBeNull();
  });
});

function Raise() {
  const toast = useToast();
  return <button type="button" onClick={() => toast({ title: "Success", description: "Saved" })}>Raise</button>;
}

/** Raises a toast with an action the server forgets in 3 s (like bulk Undo). */
function RaiseUndo() {
  const toast = useToast();
  return <button type="button" onClick={() => toast({ title: "Success", description: "Deleted", durationMs: 3000, closesAt: Date.now() + 3000, action: { label: "Undo", onClick: () => {} } })}>Raise undo</button>;
}

describe("Toaster", () => {
  test("a toast with a deadline closes at it even while hovered and focused; others raised later still pause", () => {
    jest.useFakeTimers();
    try {
      render(<Provider store={createStore()}><Raise /><RaiseUndo /><Toaster /></Provider>);
      fireEvent.click(screen.getByRole("button", { name: "Raise undo" }));
      const region = screen.getByRole("region", { name: "Notifications (F8)" });
      fireEvent.pointerEnter(region);
      act(() => { within(region).getByRole("button", { name: "Undo" }).focus(); });
      act(() => { jest.advanceTimersByTime(2999); });
      expect(screen.getByRole("button", { name: "Undo" })).toBeTruthy();
      act(() => { jest.advanceTimersByTime(1); });
      expect(screen.queryByText("Deleted")).toBeNull();
      expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
      // The pointer is still over the region: a plain toast waits there as before.
      fireEvent.click(screen.getByRole("button", { name: "Raise" }));
      act(() => { jest.advanceTimersByTime(10_000); });
      expect(screen.getByText("Saved")).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  test("F8 moves focus to the toast; dismissing it there gives focus back to where it was", () => {
    render(<Provider store={createStore()}><Raise /><Toaster /></Provider>);
    const raise = screen.getByRole("button", { name: "Raise" });
    act(() => raise.focus());
    fireEvent.click(raise);
    const region = screen.getByRole("region", { name: "Notifications (F8)" });
    act(() => { fireEvent.keyDown(window, { key: "F8" }); });
    expect(document.activeElement).toBe(region);
    const dismiss = within(region).getByRole("button", { name: "Dismiss notification" });
    act(() => dismiss.focus());
    fireEvent.click(dismiss);
    expect(screen.queryByText("Saved")).toBeNull();
    expect(document.activeElement).toBe(raise);
  });

  test("pauses while hovered or focused, then dismisses itself", () => {
    jest.useFakeTimers();
    try {
      render(<Provider store={createStore()}><Raise /><Toaster /></Provider>);
      fireEvent.click(screen.getByRole("button", { name: "Raise" }));
      const region = screen.getByRole("region", { name: "Notifications (F8)" });
      fireEvent.pointerEnter(region);
      act(() => { jest.advanceTimersByTime(10_000); });
      expect(screen.getByText("Saved")).toBeTruthy();
      fireEvent.pointerLeave(region);
      act(() => { within(region).getByRole("button", { name: "Dismiss notification" }).focus(); });
      act(() => { jest.advanceTimersByTime(10_000); });
      expect(screen.getByText("Saved")).toBeTruthy();
      act(() => { screen.getByRole("button", { name: "Raise" }).focus(); });
      act(() => { jest.advanceTimersByTime(10_000); });
      expect(screen.queryByText("Saved")).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});

/** A form dialog that says when it holds unsaved input, with its own Cancel. */
function FormBody() {
  const [title, setTitle] = useState("");
  useUnsavedInput(title !== "");
  const cancel = useDialogCancel(() => {});
  return (
    <>
      <label>Title <input value={title} onChange={(e) => setTitle(e.target.value)} /></label>
      <button type="button" onClick={cancel}>Cancel</button>
    </>
  );
}

function FormDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Create Run</button>
      {open ? <Dialog open onClose={() => setOpen(false)} title="Run form"><FormBody /></Dialog> : null}
    </>
  );
}

describe("Discard changes?", () => {
  const ways: [string, (d: HTMLElement) => void][] = [
    ["Escape", (d) => pressEscapeOn(d)],
    ["a backdrop click", (d) => fireEvent.click(d)],
    ["Cancel", (d) => fireEvent.click(within(d).getByRole("button", { name: "Cancel" }))],
    ["the × button", (d) => fireEvent.click(within(d).getByRole("button", { name: "Close" }))],
  ];
  for (const [way, close] of ways) {
    test(`${way} on a form holding input asks first, with focus on Keep editing; Keep editing keeps the input, Discard closes`, () => {
      render(<Provider store={createStore()}><FormDialog /></Provider>);
      open("Create Run");
      const form = screen.getByRole("dialog", { name: "Run form" });
      const field = within(form).getByLabelText("Title") as HTMLInputElement;
      fireEvent.change(field, { target: { value: "Heroic clear" } });
      field.focus();

      close(form);
      const ask = screen.getByRole("dialog", { name: "Discard changes?" });
      expect(within(ask).getByRole("button", { name: "Discard" })).toBeTruthy();
      expect(document.activeElement).toBe(within(ask).getByRole("button", { name: "Keep editing" }));
      fireEvent.click(within(ask).getByRole("button", { name: "Keep editing" }));
      expect(screen.queryByRole("dialog", { name: "Discard changes?" })).toBeNull();
      expect((within(screen.getByRole("dialog", { name: "Run form" })).getByLabelText("Title") as HTMLInputElement).value).toBe("Heroic clear");

      close(screen.getByRole("dialog", { name: "Run form" }));
      fireEvent.click(within(screen.getByRole("dialog", { name: "Discard changes?" })).getByRole("button", { name: "Discard" }));
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Create Run" }));
    });

    test(`${way} on an untouched form closes at once`, () => {
      render(<Provider store={createStore()}><FormDialog /></Provider>);
      open("Create Run");
      close(screen.getByRole("dialog", { name: "Run form" }));
      expect(screen.queryByRole("dialog")).toBeNull();
    });
  }

  test("Escape on the question keeps editing", () => {
    render(<Provider store={createStore()}><FormDialog /></Provider>);
    open("Create Run");
    const form = screen.getByRole("dialog", { name: "Run form" });
    fireEvent.change(within(form).getByLabelText("Title"), { target: { value: "x" } });
    pressEscapeOn(form);
    pressEscapeOn(screen.getByRole("dialog", { name: "Discard changes?" }));
    expect(screen.queryByRole("dialog", { name: "Discard changes?" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Run form" })).toBeTruthy();
  });
});
