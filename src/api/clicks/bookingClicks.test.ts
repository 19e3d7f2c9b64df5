import { expect, test } from "bun:test";
import { ClickDedupe } from "./bookingClicks";

const at = (iso: string) => new Date(iso);

test("an address is remembered for the hour only, per run", () => {
  const d = new ClickDedupe(20);
  expect(d.admit("1.2.3.4", "raid:1", at("2026-11-21T10:00:00Z"))).toBe("first");
  expect(d.admit("1.2.3.4", "raid:1", at("2026-11-21T10:59:59Z"))).toBe("repeat");
  expect(d.admit("1.2.3.4", "raid:2", at("2026-11-21T10:30:00Z"))).toBe("first");
  expect(d.admit("1.2.3.5", "raid:1", at("2026-11-21T10:30:00Z"))).toBe("first");
  expect(d.admit("1.2.3.4", "raid:1", at("2026-11-21T11:00:00Z"))).toBe("first");
});

test("an address counts its hourly share of runs, then nothing more until the hour turns", () => {
  const d = new ClickDedupe(3);
  const now = at("2026-11-21T10:00:00Z");
  expect(["raid:1", "raid:2", "raid:3", "raid:4"].map((run) => d.admit("a", run, now))).toEqual(["first", "first", "first", "limited"]);
  expect(d.admit("a", "raid:1", now)).toBe("repeat");
  expect(d.admit("b", "raid:4", now)).toBe("first");
  expect(d.admit("a", "raid:4", at("2026-11-21T11:00:00Z"))).toBe("first");
});

test("the state is bounded by forgetting the oldest entries, never by refusing newcomers", () => {
  const d = new ClickDedupe(20, 2);
  const now = at("2026-11-21T10:00:00Z");
  expect(d.admit("a", "raid:1", now)).toBe("first");
  expect(d.admit("b", "raid:1", now)).toBe("first");
  for (const who of ["c", "d", "e", "f"]) expect(d.admit(who, "raid:1", now)).toBe("first");
  // The newest two are still remembered; the oldest were forgotten to make room.
  expect(d.admit("f", "raid:1", now)).toBe("repeat");
  expect(d.admit("e", "raid:1", now)).toBe("repeat");
  expect(d.admit("a", "raid:1", now)).toBe("first");
});
