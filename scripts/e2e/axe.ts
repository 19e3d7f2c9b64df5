// axe-core in a page: evaluated through the DevTools protocol (the site's CSP allows no
// injected script tag), then run on the whole document with its default rules
// (WCAG A/AA and best practices such as heading order).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";

const AXE = readFileSync(join(import.meta.dir, "../../node_modules/axe-core/axe.min.js"), "utf8");

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Buttons fade their colours over .15s on focus and hover: axe must read the settled colours,
  // not a mid-transition blend (it once failed a dialog's primary button that way).
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
    .map((a) => a.finished.catch(() => undefined))));
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: any[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n: { target: string[] }) => n.target.join(" ")) }));
  });
}
