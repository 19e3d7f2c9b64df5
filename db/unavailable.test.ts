import { describe, expect, test } from "bun:test";
import { DatabaseUnavailable, isDatabaseUnavailable } from "./unavailable";

// Which failures the HTTP layer answers with 503 (try again later) rather than 4xx/500.
describe("isDatabaseUnavailable", () => {
  const pg = (code: string, severity = "ERROR") => Object.assign(new Error("pg"), { code, severity });
  const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

  test("connection failures and refusing servers count, also when drizzle wraps them", () => {
    for (const e of [
      Object.assign(new Error("connect"), { code: "ECONNREFUSED" }),
      Object.assign(new Error("write CONNECT_TIMEOUT"), { code: "CONNECT_TIMEOUT" }),
      Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" }),
      pg("57P01", "FATAL"), pg("57P03", "FATAL"), pg("53300", "FATAL"), pg("08006"),
      pg("55000", "FATAL"), // database is not currently accepting connections
      new DatabaseUnavailable("postgres://db", new Error("down")),
    ]) {
      expect(isDatabaseUnavailable(e)).toBe(true);
      expect(isDatabaseUnavailable(wrapped(e))).toBe(true);
    }
  });

  test("ordinary query errors do not", () => {
    for (const e of [pg("23505"), pg("22021"), pg("40001"), pg("55000"), new Error("boom"), null, "text"]) {
      expect(isDatabaseUnavailable(e)).toBe(false);
      expect(isDatabaseUnavailable(wrapped(e))).toBe(false);
    }
  });
});
