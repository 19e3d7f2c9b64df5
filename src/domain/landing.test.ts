import { expect, test } from "bun:test";
import { landingFor } from "./landing";

test("pending users complete their profile first, whatever returnTo says", () => {
  expect(landingFor({ role: "booster", status: "pending" }, "/admin")).toBe("/complete-profile");
});

test("active users go to a safe returnTo, else to their dashboard by role", () => {
  expect(landingFor({ role: "owner", status: "active" }, "/game/x?tz=EST")).toBe("/game/x?tz=EST");
  expect(landingFor({ role: "owner", status: "active" })).toBe("/admin");
  expect(landingFor({ role: "administrator", status: "active" }, "https://evil.example/")).toBe("/admin");
  expect(landingFor({ role: "booster", status: "active" }, "//evil.example/")).toBe("/dashboard");
});
