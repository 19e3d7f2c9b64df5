import { describe, expect, test } from "bun:test";
import type { ColumnDef } from "@tanstack/react-table";
import type { AnyRun } from "../../src/kinds/runs";
import type { Features } from "../components/runPanel/columns";
import { clicksOf, withClicks } from "./clicksColumn";

const cols = (...ids: string[]) => ids.map((id) => ({ id })) as ColumnDef<Features, AnyRun, unknown>[];

describe("clicks column", () => {
  test("goes before the row actions, or last without them", () => {
    expect(withClicks(cols("id", "date", "actions")).map((c) => c.id)).toEqual(["id", "date", "clicks", "actions"]);
    expect(withClicks(cols("id", "date")).map((c) => c.id)).toEqual(["id", "date", "clicks"]);
  });

  test("a row's clicks, 0 when the page carried none", () => {
    expect(clicksOf({ id: 1, clicks: 7 } as unknown as AnyRun)).toBe(7);
    expect(clicksOf({ id: 1 } as unknown as AnyRun)).toBe(0);
  });
});
