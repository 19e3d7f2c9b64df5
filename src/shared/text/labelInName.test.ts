// WCAG 2.5.3 (label in name): a card's contact button shows CONTACT US and is named 'Contact
// us about MOP-15'; a voice user says what they see, so in every locale the name must contain
// the visible words (axe's label-content-name-mismatch failed the Russian calendar).
import { describe, expect, test } from "bun:test";
import { inLocale } from "../../http/locale";
import { LOCALES } from "../i18n/locales";
import { T } from "../text";

describe("label in name", () => {
  for (const locale of LOCALES) {
    test(`${locale}: the contact button's name contains its visible text`, () => {
      const [shown, name] = inLocale(locale, () => [T.calendar.contactUs, T.calendar.contactAbout({ id: "MOP-15" })]);
      expect(name.toLocaleLowerCase(locale)).toContain(shown.toLocaleLowerCase(locale));
    });
  }
});
