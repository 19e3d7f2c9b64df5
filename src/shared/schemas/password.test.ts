// One password rule wherever a password is set.
import { describe, expect, test } from "bun:test";
import type { z } from "zod";
import { parseConfig } from "../../config/appConfig";
import { acceptInviteSchema, inviteSignUpSchema, registrationFormSchema, registrationSchema } from "./auth";

const base = { email: "new@example.com", nickname: "Newbie" };
const SCHEMAS: [string, z.ZodType, Record<string, string>][] = [
  ["registration", registrationSchema, base],
  ["registration form", registrationFormSchema, base],
  ["invite acceptance", acceptInviteSchema, base],
  ["invite sign-up form", inviteSignUpSchema, base],
];
const firstMessage = (schema: z.ZodType, body: unknown) => {
  const r = schema.safeParse(body);
  return r.success ? null : r.error.issues[0]!.message;
};

describe.each(SCHEMAS)("%s", (_, schema, fields) => {
  test.each([
    ["      ", "Password must be at least 8 characters"],
    ["abc123", "Password must be at least 8 characters"],
    ["        ", "Password must contain at least one uppercase letter"],
    ["secret123", "Password must contain at least one uppercase letter"],
    ["SECRET123", "Password must contain at least one lowercase letter"],
    ["SecretPass", "Password must contain at least one number"],
  ])("refuses %j: %s", (password, message) => {
    expect(firstMessage(schema, { ...fields, password, confirmPassword: password })).toBe(message);
  });

  test("accepts a password with upper, lower and a number", () => {
    expect(firstMessage(schema, { ...fields, password: "Secret123", confirmPassword: "Secret123" })).toBeNull();
  });
});

test("the demo accounts' SEED_PASSWORD follows the same rule", () => {
  expect(() => parseConfig({ SEED_PASSWORD: "      " })).toThrow("SEED_PASSWORD: Password must be at least 8 characters");
  expect(parseConfig({ SEED_PASSWORD: "Demo12345" }).seedPassword).toBe("Demo12345");
});
