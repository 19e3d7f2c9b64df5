// The pseudo-locale's hard-coded-text check (docs/decisions/38-languages.md): every catalogue
// message in en-XA is accented, so a plain-ASCII English word on an en-XA page that the English
// catalogue also uses is text that never went through T. Data (game, raid, class and booster
// names, ids, seeded descriptions) and the messages every locale keeps equal to English are
// taken out first, each as a whole phrase, from what the data and the catalogue say.
import { is, Table } from "drizzle-orm";
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { Page } from "playwright-core";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import * as reference from "../../db/reference";
import { ENGLISH_ONLY_AREAS } from "../../src/shared/i18n/locales";
import { leaves, parseMessage, type Catalogue } from "../../src/shared/i18n/messages";
import { SAME_AS_ENGLISH, SOURCES } from "../../src/shared/text/sources";

/** The literal text of an ICU message (placeholders left out, every plural and select case in). */
function literals(ast: MessageFormatElement[], into: string[] = []): string[] {
  for (const el of ast) {
    if (el.type === 0) into.push(el.value);
    if (el.type === 5 || el.type === 6) for (const o of Object.values(el.options)) literals(o.value, into);
  }
  return into;
}
const words = (s: string) => s.match(/\p{L}+/gu) ?? [];

const english = leaves(SOURCES.en as Catalogue).filter(([key]) => !ENGLISH_ONLY_AREAS.includes(key.split(".")[0] as never));
/** Every word (3+ letters, lower case) of the English catalogue's user-facing messages. */
export const CATALOGUE_WORDS: ReadonlySet<string> = new Set(
  english.flatMap(([, m]) => literals(parseMessage(m)).flatMap(words)).filter((w) => w.length >= 3).map((w) => w.toLowerCase()));

/** The English text of the messages some locale keeps equal to English (brand, official names, codes). */
const sameAsEnglish = (): string[] => {
  const keys = new Set(Object.values(SAME_AS_ENGLISH).flat());
  return english.filter(([key]) => keys.has(key)).flatMap(([, m]) => literals(parseMessage(m))).map((s) => s.trim()).filter(Boolean);
};

function strings(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (value && typeof value === "object" && !(value instanceof Date)) for (const v of Object.values(value)) strings(v, into);
  return into;
}

/**
 * The phrases that are data, not catalogue text: every string stored in the seeded database
 * (each table read whole), the reference data, the same-as-English messages, and the day and
 * month names Intl gives the pseudo-locale (English, from en-US).
 */
export async function dataPhrases(db: Db): Promise<string[]> {
  const found = strings(reference, new Set());
  for (const table of Object.values(schema)) {
    if (!is(table, Table)) continue;
    strings(await db.select().from(table as never), found);
  }
  for (const s of sameAsEnglish()) found.add(s);
  for (let i = 0; i < 12; i++) {
    const at = new Date(Date.UTC(2026, i, 1 + i)), day = new Date(Date.UTC(2026, 0, 1 + i));
    for (const [k, v, d] of [["weekday", "short", day], ["weekday", "long", day], ["month", "short", at], ["month", "long", at]] as const) {
      found.add(new Intl.DateTimeFormat("en-US", { [k]: v, timeZone: "UTC" }).format(d));
    }
  }
  // Longest first, so "Heart of Fear" goes before a shorter name inside it.
  return [...found].filter((s) => /[A-Za-z]{3}/.test(s) && s.length < 400).sort((a, b) => b.length - a.length);
}

/** What a person reads on the page: visible text nodes, and aria-labels, titles, placeholders and alt texts. */
export function pageTexts(page: Page): Promise<{ text: string; where: string }[]> {
  return page.evaluate(() => {
    const out: { text: string; where: string }[] = [];
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim() || ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(el.tagName)) continue;
      if (!el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) continue;
      out.push({ text: n.textContent, where: describe(el) });
    }
    for (const el of Array.from(document.querySelectorAll("[aria-label],[title],[placeholder],[alt]"))) {
      for (const a of ["aria-label", "title", "placeholder", "alt"]) {
        const v = el.getAttribute(a);
        if (v?.trim()) out.push({ text: v, where: `${describe(el)}[${a}]` });
      }
    }
    out.push({ text: document.title, where: "title" });
    return out;
  });
}

const patterns = new Map<string, RegExp>();
/** A phrase where it stands as whole words ("Mon" in "Mon, Dec 7", not in "Month"). */
const wholeWords = (phrase: string) => patterns.get(phrase) ?? patterns.set(phrase,
  new RegExp(`(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "gu")).get(phrase)!;

/** The English catalogue words left in `texts` once the data phrases are taken out. */
export function unaccentedCatalogueWords(texts: { text: string; where: string }[], data: readonly string[]): string[] {
  const found: string[] = [];
  for (const { text, where } of texts) {
    let rest = text;
    for (const phrase of data) if (rest.includes(phrase)) rest = rest.replace(wholeWords(phrase), " ");
    const hits = words(rest).filter((w) => /^[A-Za-z]{3,}$/.test(w) && CATALOGUE_WORDS.has(w.toLowerCase()));
    if (hits.length) found.push(`${where}: "${text.trim().slice(0, 120)}" (${hits.join(", ")})`);
  }
  return [...new Set(found)];
}

/** Elements whose right edge passes the viewport's (the page then scrolls sideways on a phone). */
export function widerThanViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      if (!el.checkVisibility()) continue;
      // Content inside a scroll container (a wide table that scrolls on its own) is allowed to be wider.
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === "auto" || o === "scroll" || o === "hidden" || o === "clip") { clipped = true; break; }
      }
      if (clipped) continue;
      const r = el.getBoundingClientRect();
      // The right edge only: a skip link parked off to the left is there by design.
      if (r.width > 0 && r.right > width + 1) {
        out.push(`${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""} (${Math.round(r.left)}..${Math.round(r.right)} > ${width})`);
      }
    }
    return out;
  });
}
