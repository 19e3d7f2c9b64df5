import { expect, test } from "bun:test";
import { ClickDedupe } from "./bookingClicks";

const at = (iso: string) => new Date(iso);

test("a visitor is remembered for the hour only, per run", () => {
  const d = new ClickDedupe();
  expect(d.first("1.2.3.4", "UA", "raid:1", at("2026-11-21T10:00:00Z"))).toBe(true);
  expect(d.first("1.2.3.4", "UA", "raid:1", at("2026-11-21T10:59:59Z"))).toBe(false);
  expect(d.first("1.2.3.4", "UA", "raid:2", at("2026-11-21T10:30:00Z"))).toBe(true);
  expect(d.first("1.2.3.5", "UA", "raid:1", at("2026-11-21T10:30:00Z"))).toBe(true);
  expect(d.first("1.2.3.4", "UA", "raid:1", at("2026-11-21T11:00:00Z"))).toBe(true);
});

test("the set is bounded: past the bound nothing more is counted until the hour turns", () => {
  const d = new ClickDedupe(2);
  const now = at("2026-11-21T10:00:00Z");
  expect(d.first("a", "UA", "raid:1", now)).toBe(true);
  expect(d.first("b", "UA", "raid:1", now)).toBe(true);
  expect(d.first("c", "UA", "raid:1", now)).toBe(false);
  expect(d.first("c", "UA", "raid:1", at("2026-11-21T11:00:00Z"))).toBe(true);
});
