// axe-core in a playwright page, for the browser suite and the audit scripts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(join(import.meta.dir, "../../node_modules/axe-core/axe.min.js"), "utf8");

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: string[] };

/**
 * Runs axe-core (WCAG 2.0-2.2 A/AA, best practices, and the experimental label-in-name rule) on the page as it is now and returns
 * its violations, each with the selectors of the offending nodes. The source is evaluated
 * over the DevTools protocol, so the page's CSP (no inline scripts) stays as it is.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Colours are read from the page as it is drawn: let dialog fades and hover transitions end.
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => null))));
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    // label-content-name-mismatch (WCAG 2.5.3) is experimental in axe, so off unless asked for.
    const result = await axe.run(document, { resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
  });
}
