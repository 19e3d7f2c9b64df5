import { describe, expect, test } from "bun:test";
import { UNDO_TOAST_MS, undoClosesAt } from "./undoToast";

const now = Date.parse("2026-11-23T06:00:00.000Z");

describe("undoClosesAt", () => {
  test("the server's expiry when it lies within the next 10 s", () => {
    expect(undoClosesAt("2026-11-23T06:00:07.500Z", now)).toBe(now + 7500);
    expect(undoClosesAt("2026-11-23T06:00:10.000Z", now)).toBe(now + UNDO_TOAST_MS);
  });

  test("10 s from the answer when the expiry is absent, unreadable, past or too far (clocks set apart)", () => {
    for (const expiresAt of [undefined, "", "soon", "2026-11-23T05:59:59.000Z", "2026-11-23T06:05:00.000Z"]) {
      expect(undoClosesAt(expiresAt, now)).toBe(now + UNDO_TOAST_MS);
    }
  });
});
