import { describe, expect, test } from "bun:test";
import { catalogueStatus, compileMessage, pseudoMessage } from "./catalogues";
import { messageModule, messagesOnly } from "./catalogueOnly";
import * as ruCalendar from "../shared/text/compiled/ru/calendar";

describe("compiling ICU messages", () => {
  test("a message without placeholders is a string; one with them a function of named, typed arguments", () => {
    expect(compileMessage("Keine Runs", "No runs")).toBe(": string = `Keine Runs`");
    expect(compileMessage("{n, plural, one {# Platz} other {# Plätze}}", "{n, plural, one {# spot} other {# spots}}"))
      .toStartWith(" = (a: { readonly n: number }): string => ");
    expect(compileMessage("{best, select, null {-} other {{best}}}", "{best, select, null {none} other {{best}}}")).toContain("readonly best: string | null");
  });
  test("a case that says what `other` says is left to the fallback, and a lone plural is a call, not a template", () => {
    const ru = compileMessage("{n, plural, one {# место} few {# места} many {# мест} other {# места}}", "{n, plural, one {# spot} other {# spots}}");
    expect(ru).toEndWith(["=> plural(a.n as number, { one: `", "{a.n} место`, many: `", "{a.n} мест`, other: `", "{a.n} места` })"].join("$"));
  });
  test("the compiled Russian plurals choose CLDR's forms, those left out from `other` included", () => {
    const spots = ruCalendar.m_calendar__availability__spotsLeft;
    expect([1, 2, 5, 21, 22, 25, 11, 1.5].map((n) => spots({ n }))).toEqual(
      ["Осталось 1 место", "Осталось 2 места", "Осталось 5 мест", "Осталось 21 место", "Осталось 22 места", "Осталось 25 мест", "Осталось 11 мест", "Осталось 1.5 места"],
    );
  });
  test("a translation may not name an argument English does not give", () => {
    expect(() => compileMessage("Hallo {wer}", "Hello {name}")).toThrow("{wer} is not an argument");
  });
  test("the pseudo-locale accents every letter, lengthens the text and keeps the placeholders", () => {
    const p = pseudoMessage("{n, plural, one {# spot left} other {# spots left}}");
    expect(p).toBe("{n,plural,one{# šþóóţ ĺééƒţ} other{# šþóóţš ĺééƒţ}}");
    expect(p.match(/[A-Za-z]{3,}/g)?.filter((w) => !["plural", "one", "other"].includes(w)) ?? []).toEqual([]);
  });
  test("the committed compiled catalogues are current", () => {
    expect(catalogueStatus().filter((s) => !s.current).map((s) => s.file)).toEqual([]);
  });
});

describe("the browser build's view of the catalogue", () => {
  test("each T read becomes an import of that one message; locale is the build's constant", () => {
    const out = messagesOnly('import { T, locale } from "../../src/shared/text";\nconst a = T.calendar.noRuns + T.labels.region[r] + T.live.gone({ id }) + locale();', "/x/de");
    expect(out).toContain('const locale = () => "de";');
    expect(out).toContain('import { m_calendar__noRuns } from "msg:calendar/noRuns";');
    expect(out).toContain('import { m_labels__region } from "msg:labels/region";');
    expect(out).toContain("const a = m_calendar__noRuns + m_labels__region[r] + m_live__gone({ id }) + locale();");
    expect(out).not.toContain("index.ts");
  });
  test("a message's module holds that message in the build's locale; a subtree's imports its messages", () => {
    expect(messageModule("de", ["calendar", "noRuns"])).toContain("export const m_calendar__noRuns: string = `Keine Runs verfügbar`;");
    // `plural` comes bound to the bundle's locale from one module, so no message names its locale.
    expect(messageModule("ru", ["calendar", "runsShown"])).toStartWith('import { plural, select } from "msg:~format";');
    expect(messageModule("de", ["labels", "region"])).toContain('import { m_labels__region__EU } from "msg:labels/region/EU";');
  });
});
