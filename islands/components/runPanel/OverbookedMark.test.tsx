import { describe, expect, test } from "bun:test";
import { render, screen } from "@testing-library/react";
import type { AnyRun } from "../../../src/kinds/runs";
import { OverbookedMark, overbookedOf } from "./OverbookedMark";

describe("the staff tables' overbooking warning", () => {
  test("shows on a row whose page says it is overbooked, in words, as a warning badge", () => {
    render(<OverbookedMark run={{ id: 1, displayId: "MOP-1", overbooked: 2 } as unknown as AnyRun} />);
    expect(screen.getByText("Overbooked by 2 places").className).toContain("badge--warning");
  });

  test("is absent otherwise", () => {
    const { container } = render(<OverbookedMark run={{ id: 1, displayId: "MOP-1" } as unknown as AnyRun} />);
    expect(container.textContent).toBe("");
    expect(overbookedOf({ id: 1, overbooked: 1 } as unknown as AnyRun)).toBe(1);
  });
});
