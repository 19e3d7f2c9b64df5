import { describe, expect, test } from "bun:test";
import { COMPILED_LOCALES, carriedForm } from "../../render/catalogues";
import { inLocale } from "../../http/locale";
import { carry, type CarriedMessages } from "./carry";
import { CARRIED, spoken } from "./carried";
import { T } from "../text";

type Messages = CarriedMessages<"calendar">;
// Every argument the carried calendar messages take, with values that reach each plural form.
const NUMBERS = [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1.5];
const ARGS = (n: number) => ({ n, id: "MOP-57", t: "2 h", h: n, m: n, time: "Sat 02:00", zone: "Tokyo" });

/** Every message of a tree applied to `args` (strings as they are), by dot path, with its kind (function or string). */
function said(tree: object, args: object, prefix = ""): [string, string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "function" ? [[prefix + k, "function", v(args)]] : typeof v === "string" ? [[prefix + k, "string", v]] : said(v, args, `${prefix}${k}.`));
}

describe("messages carried to the calendar islands as data", () => {
  test("spoken in the island, each says exactly what the server's compiled message says, in every locale and plural form", () => {
    for (const locale of COMPILED_LOCALES) {
      inLocale(locale, () => {
        const island = spoken<Messages>(carry("calendar"), locale);
        const server = Object.fromEntries(CARRIED.calendar.map((k) => [k, T.calendar[k]]));
        for (const n of NUMBERS) expect(said(island, ARGS(n))).toEqual(said(server, ARGS(n)));
      });
    }
  });
  test("Russian: one, few and many forms from the page's data", () => {
    const m = inLocale("ru", () => spoken<Messages>(carry("calendar"), "ru"));
    expect([1, 2, 5, 21].map((n) => m.availability.spotsLeft({ n }))).toEqual(["Осталось 1 место", "Осталось 2 места", "Осталось 5 мест", "Осталось 21 место"]);
  });
  test("a carried message is a template or one plural over whole texts; anything else fails the build with a reason", () => {
    expect(carriedForm("Starts in {t}", "Starts in {t}", "k")).toEqual(["Starts in {t}"]);
    expect(carriedForm("Full", "Full", "k")).toBe("Full");
    // A function because English's is one, whatever the translation holds.
    expect(carriedForm("Bientôt", "Starts in {t}", "k")).toEqual(["Bientôt"]);
    expect(carriedForm("{n, plural, one {# spot left} other {# spots left}}", "{n} spots left", "k")).toEqual(["n", { one: "{n} spot left", other: "{n} spots left" }]);
    expect(() => carriedForm("Filtres ({n, plural, one {# actif} other {# actifs}})", "Filters ({n} active)", "fr: calendar.filtersActive")).toThrow("one plural over templates");
    expect(() => carriedForm("{x, select, a {A} other {B}}", "{x}", "k")).toThrow("one plural over templates");
  });
});
