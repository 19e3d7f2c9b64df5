import { describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { z } from "zod";
import { FormStatus, TextField } from "./Field";
import { useSchemaForm, type Sent } from "./schemaForm";

const schema = z.object({
  name: z.string().min(1, "Name is required"),
  code: z.string().regex(/^\d{4}$/, "Four digits"),
});

/** A two-field form on the kit; `send` decides what the call does. */
function Probe({ send, ready = true, networkError, shownAs }: {
  send: (data: z.infer<typeof schema>) => Promise<Sent>; ready?: boolean; networkError?: string; shownAs?: Record<string, string>;
}) {
  const form = useSchemaForm({ name: "", pin: "" });
  const submit = form.onSubmit({
    parse: ({ name, pin }) => schema.safeParse({ name, code: pin }),
    send, ready, networkError, shownAs,
  });
  return (
    <form ref={form.formRef} onSubmit={submit}>
      <FormStatus error={form.formError} />
      <TextField label="Name" {...form.text("name")} />
      <TextField label="PIN" {...form.text("pin")} />
      <button type="submit" disabled={form.pending}>{form.pending ? "Saving" : "Save"}</button>
    </form>
  );
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => act(async () => { fireEvent.submit(screen.getByRole("button").closest("form")!); });

describe("useSchemaForm", () => {
  test("a refused submit shows each field's message, focuses the first invalid field and sends nothing", async () => {
    const sent: unknown[] = [];
    render(<Probe send={async (d) => { sent.push(d); return undefined; }} shownAs={{ code: "pin" }} />);
    fill("PIN", "12");
    await save();
    expect(screen.getByText("Name is required")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    // `shownAs` puts the schema's `code` message under the PIN field.
    expect(screen.getByLabelText("PIN").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Four digits")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  test("pending while the call runs (a second submit is ignored); 'stay' keeps it pending", async () => {
    const reply = Promise.withResolvers<Sent>();
    let calls = 0;
    render(<Probe send={() => { calls++; return reply.promise; }} />);
    fill("Name", "Ann");
    fill("PIN", "1234");
    await save();
    expect(screen.getByRole("button").textContent).toBe("Saving");
    await save();
    expect(calls).toBe(1);
    await act(async () => reply.resolve("stay"));
    expect(screen.getByRole("button").textContent).toBe("Saving");
  });

  test("a call that ends frees the form; one that throws shows the network message", async () => {
    let fail = true;
    render(<Probe networkError="Network down" send={async () => { if (fail) throw new Error("offline"); return undefined; }} />);
    fill("Name", "Ann");
    fill("PIN", "1234");
    await save();
    expect(screen.getByRole("alert").textContent).toBe("Network down");
    expect(screen.getByRole("button").textContent).toBe("Save");
    fail = false;
    await save();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button").textContent).toBe("Save");
  });

  test("a form that is not ready checks and sends nothing", async () => {
    let calls = 0;
    render(<Probe ready={false} send={async () => { calls++; return undefined; }} />);
    await save();
    expect(screen.queryByText("Name is required")).toBeNull();
    expect(calls).toBe(0);
  });
});
