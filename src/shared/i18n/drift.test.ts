import { describe, expect, test } from "bun:test";
import { driftProblems, englishProblems } from "./drift";
import { EN } from "../text/en";
import { SAME_AS_ENGLISH, SOURCES } from "../text/sources";
import { T as ru } from "../text/compiled/ru/index";
import { T as fr } from "../text/compiled/fr/index";
import { T as de } from "../text/compiled/de/index";

describe("every locale keeps step with English", () => {
  test("English parses as ICU", () => expect(englishProblems(EN)).toEqual([]));
  for (const locale of ["de", "fr", "es", "ru"] as const) {
    test(`${locale}: every key, the same placeholders, valid ICU, its plural forms, nothing left in English`, () => {
      expect(driftProblems(EN, SOURCES[locale], locale, SAME_AS_ENGLISH[locale])).toEqual([]);
    });
  }
});

describe("the checks catch each kind of drift", () => {
  const en = { a: { hello: "Hello {name}", count: "{n, plural, one {# spot} other {# spots}}", brand: "Runboard" } };
  const ok = { a: { hello: "Привет, {name}", count: "{n, plural, one {# место} few {# места} many {# мест} other {# места}}", brand: "Runboard" } };
  const check = (tree: object, same: string[] = ["a.brand"]) => driftProblems(en, tree as never, "ru", same);
  test("a good translation passes", () => expect(check(ok)).toEqual([]));
  test("a missing key", () => expect(check({ a: { hello: ok.a.hello, brand: "Runboard" } })).toEqual(["ru: missing a.count"]));
  test("a key English lacks", () => expect(check({ a: { ...ok.a, extra: "x" } })).toEqual(["ru: a.extra is not an English key"]));
  test("other placeholders", () => expect(check({ a: { ...ok.a, hello: "Привет, {who}" } })).toEqual(["ru: a.hello has placeholders {who}, English has {name}"]));
  test("invalid ICU", () => expect(check({ a: { ...ok.a, hello: "Привет, {name" } })[0]).toStartWith("ru: a.hello is not valid ICU"));
  test("a Russian plural without few and many", () => {
    expect(check({ a: { ...ok.a, count: "{n, plural, one {# место} other {# мест}}" } })).toEqual(["ru: a.count has a plural without few, many"]);
  });
  test("a string left in English, unless allow-listed", () => {
    expect(check({ a: { ...ok.a, hello: "Hello {name}" } })).toEqual(["ru: a.hello is the English text"]);
    expect(check(ok, [])).toEqual(["ru: a.brand is the English text"]);
  });
});

describe("plurals follow CLDR in each language", () => {
  test("Russian: 1 место, 2 места, 5 мест, 21 место", () => {
    expect([1, 2, 5, 21].map((n) => ru.calendar.availability.spotsLeft({ n }))).toEqual(["Осталось 1 место", "Осталось 2 места", "Осталось 5 мест", "Осталось 21 место"]);
  });
  test("French: 0 and 1 are singular", () => {
    expect([0, 1, 2].map((n) => fr.calendar.availability.spotsLeft({ n }))).toEqual(["0 place restante", "1 place restante", "2 places restantes"]);
  });
  test("German: one and other", () => {
    expect([1, 2].map((n) => de.calendar.availability.spotsLeft({ n }))).toEqual(["1 Platz frei", "2 Plätze frei"]);
  });
});
