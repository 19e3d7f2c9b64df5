import { describe, expect, test } from "bun:test";
import { contrastRatio, inkOn } from "./contrast";
import { RETAIL_CLASSES, WOW_CLASS_COLOURS, classColour } from "../shared/wowClasses";

describe("class colours and their ink", () => {
  test("WCAG ratios: black on white is 21, a colour on itself 1", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(contrastRatio("#C41E3A", "#C41E3A")).toBe(1);
  });
  test("every class colour gets ink that reads at 4.5:1 or better", () => {
    for (const c of RETAIL_CLASSES) expect(contrastRatio(WOW_CLASS_COLOURS[c], inkOn(WOW_CLASS_COLOURS[c]))).toBeGreaterThanOrEqual(4.5);
    expect(inkOn("#0070DD")).toBe("#ffffff");
    expect(inkOn("#FFF468")).toBe("#000000");
  });
  test("13 retail classes in alphabetical order; a name outside them has no colour", () => {
    expect(RETAIL_CLASSES).toHaveLength(13);
    expect(RETAIL_CLASSES).toEqual([...RETAIL_CLASSES].sort());
    expect(classColour("Evoker")).toBe("#33937F");
    expect(classColour("toString")).toBeNull();
  });
});
