// "Selected" has its own look, apart from the accent that marks primary actions: every
// selected-state rule of the style sheet paints with --selected/--selected-ink (never the
// accent), with a cue that is not colour (a check, an underline, the switch's knob), at the
// WCAG ratios: 3:1 for the indicator against what it sits on, 4.5:1 for its text.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { contrastRatio } from "../domain/contrast";

const css = readFileSync(join(import.meta.dir, "styles.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
const root = /:root\s*{([^}]*)}/.exec(css)![1]!;
const token = (name: string): string => {
  const m = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`).exec(root);
  if (!m) throw new Error(`no colour token --${name}`);
  return m[1]!;
};
/** Every rule whose selector marks a selected state, with its declarations. */
const SELECTED = /aria-pressed=true|aria-current|aria-selected=true|is-selected|is-active|:checked/;
const rules = [...css.matchAll(/([^{}]+){([^{}]*)}/g)]
  .map(([, selector, body]) => ({ selector: selector!.trim(), body: body! }))
  .filter((r) => SELECTED.test(r.selector) && !r.selector.startsWith("@"));

describe("the selected state", () => {
  test("its indicator reads at 3:1 or better on every surface it sits on, and its text at 4.5:1", () => {
    const selected = token("selected");
    for (const surface of ["bg", "surface", "surface-2", "input"]) {
      expect({ surface, ok: contrastRatio(selected, token(surface)) >= 3 }).toEqual({ surface, ok: true });
    }
    expect(contrastRatio(token("selected-ink"), selected)).toBeGreaterThanOrEqual(4.5);
    // The unselected choices beside it stay readable too.
    expect(contrastRatio(token("muted"), token("input"))).toBeGreaterThanOrEqual(4.5);
  });

  test("no selected-state rule uses the accent; the segmented, tab, day and switch rules use the selected colours", () => {
    expect(rules.length).toBeGreaterThan(4);
    for (const r of rules) expect({ selector: r.selector, accent: /--accent|255 106 26/.test(r.body) }).toEqual({ selector: r.selector, accent: false });
    const paints = (needle: string) => rules.filter((r) => r.selector.includes(needle) && r.body.includes("var(--selected"));
    for (const needle of [".segmented__item", ".tabs__tab", ".is-selected", ".switch:checked"]) {
      expect({ needle, n: paints(needle).length > 0 }).toEqual({ needle, n: true });
    }
    // Ticked checkboxes and chosen radios (the browser draws them in accent-color).
    const boxes = [...css.matchAll(/([^{}]*input\[type=checkbox\][^{}]*){([^{}]*accent-color[^{}]*)}/g)].map((m) => m[2]!);
    expect(boxes.length).toBeGreaterThan(0);
    for (const body of boxes) expect(body).toContain("accent-color: var(--selected)");
  });

  test("a cue beyond colour: a check before the selected choice, an underline under the current tab", () => {
    // The check is decorative: an empty alternative keeps it out of the accessible name.
    expect(rules.some((r) => r.selector.includes(".segmented__item") && r.selector.includes("::before") && /content:\s*"\\2713"\s*\/\s*""/.test(r.body))).toBe(true);
    expect(rules.some((r) => r.selector.includes(".tabs__tab") && /border-bottom-color:\s*var\(--selected\)/.test(r.body))).toBe(true);
  });

  test("the accent still marks the primary action", () => {
    const primary = [...css.matchAll(/\.button--primary\s*{([^}]*)}/g)].map((m) => m[1]!).join("");
    expect(primary).toContain("var(--accent)");
    expect(contrastRatio(token("accent-ink"), token("accent"))).toBeGreaterThanOrEqual(4.5);
  });
});
