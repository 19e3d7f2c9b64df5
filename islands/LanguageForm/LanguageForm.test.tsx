import { afterEach, beforeEach, expect, spyOn, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import LanguageForm, { AFTER_SAVE_URL } from "./LanguageForm";
import { stubApi } from "../../src/testing/apiStub";
import { LOCALE_NAMES, LOCALES } from "../../src/shared/i18n/locales";
import { inLocale } from "../../src/http/locale";

const CHOICES = LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }));
let assign: ReturnType<typeof spyOn>;
beforeEach(() => {
  assign = spyOn(window.location, "assign").mockImplementation(() => {});
});
afterEach(() => assign.mockRestore());

const choose = (name: string) => fireEvent.change(screen.getByLabelText("Language"), { target: { value: name } });
const save = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "Save Language" })));

test("shows the saved language among the five, each named in itself, and posts to the API without JavaScript too", () => {
  const { container } = render(<LanguageForm locale="de" choices={CHOICES} />);
  expect((screen.getByLabelText("Language") as HTMLSelectElement).value).toBe("de");
  expect([...container.querySelectorAll("option")].map((o) => o.textContent)).toEqual(["English", "Deutsch", "Français", "Español", "Русский"]);
  const form = container.querySelector("form")!;
  expect([form.getAttribute("method"), form.getAttribute("action")]).toEqual(["post", "/api/auth/preferences"]);
  expect(screen.getByLabelText("Language").getAttribute("name")).toBe("locale");
});

test("saves the chosen language, then reloads the account page, which speaks it", async () => {
  const calls = stubApi({ "POST /api/auth/preferences": [200, { ok: true }] });
  render(<LanguageForm locale="en" choices={CHOICES} />);
  choose("ru");
  await save();
  expect(calls).toEqual([{ method: "POST", path: "/api/auth/preferences", body: { locale: "ru" } }]);
  await waitFor(() => expect(assign).toHaveBeenCalledWith(AFTER_SAVE_URL));
});

test("a refusal shows the server's message and stays", async () => {
  stubApi({ "POST /api/auth/preferences": [400, { message: "Choose one of the listed languages" }] });
  render(<LanguageForm locale="en" choices={CHOICES} />);
  await save();
  expect(screen.getByText("Choose one of the listed languages")).toBeTruthy();
  expect(assign).not.toHaveBeenCalled();
});

test("the API client names the page's language on every call", async () => {
  const seen: (string | null)[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get("accept-language"));
    // Refused, so the form stays for the second call.
    return new Response(JSON.stringify({ message: "no" }), { status: 400, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  // On the server the page's language is the current locale; the browser bundle's is fixed.
  render(<LanguageForm locale="en" choices={CHOICES} />);
  await inLocale("de", save);
  await save();
  expect(seen).toEqual(["de", "en"]);
});
