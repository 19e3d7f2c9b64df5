// The panels' clicks column: each row of a staff or booster page carries
// its booking-link clicks, all time, loaded with one grouped statement per page.
import { beforeAll, describe, expect, test } from "bun:test";
import type { Db } from "../../../db/client";
import { resetDb, TEST_NOW } from "../../testing/db";
import { makeTestApp, type TestApp } from "../../testing/app";
import { boosterRow, makeRun } from "../../testing/factories";
import { countClick } from "../clicks/bookingClicks";
import type { AnyRun } from "../../kinds/runs";
import type { Clicked, RunPage } from "../../kinds/runList";
import { listRunPage } from "./paging";

let t: TestApp;
const ids: number[] = [];

async function page(path: string, cookie?: string): Promise<RunPage<AnyRun & Clicked>> {
  return (await (await t.request("GET", path, { cookie })).json()) as RunPage<AnyRun & Clicked>;
}
const clicksOf = (p: RunPage<AnyRun & Clicked>) => Object.fromEntries(p.runs.map((r) => [r.id, r.clicks]));

describe("clicks per run on the paged lists", () => {
  beforeAll(async () => {
    await resetDb({ runs: false });
    t = await makeTestApp();
    const [b1, b2] = [await boosterRow(t.db, "BB-1001"), await boosterRow(t.db, "BB-1002")];
    for (const [i, boosterId] of [b1, b1, b2, b2, b1, b2].entries()) {
      ids.push((await makeRun(t.db, "raid", { boosterId, startsAt: new Date(TEST_NOW.getTime() + (i + 1) * 3_600_000) })).id);
    }
    // Clicks on several days count together; another kind's run with the same id does not.
    await countClick(t.db, "raid", ids[0]!, new Date("2026-09-01T10:00:00Z"));
    await countClick(t.db, "raid", ids[0]!, TEST_NOW);
    await countClick(t.db, "raid", ids[0]!, TEST_NOW);
    await countClick(t.db, "raid", ids[2]!, TEST_NOW);
    await countClick(t.db, "challenge", ids[1]!, TEST_NOW);
  }, 60_000);

  test("staff see every row's clicks, all time; a run without clicks has 0", async () => {
    const p = await page("/api/runs?gameId=1&page=1", await t.cookieFor("admin@example.com"));
    expect(clicksOf(p)).toEqual({ [ids[0]!]: 3, [ids[1]!]: 0, [ids[2]!]: 1, [ids[3]!]: 0, [ids[4]!]: 0, [ids[5]!]: 0 });
  });

  test("a booster sees the clicks of their own runs; the public list has none", async () => {
    const own = await page("/api/runs?gameId=1&page=1", await t.cookieFor("booster@example.com"));
    expect(clicksOf(own)).toEqual({ [ids[0]!]: 3, [ids[1]!]: 0, [ids[4]!]: 0 });
    const pub = await page("/api/runs?gameId=1&page=1");
    expect(pub.runs.length).toBe(6);
    expect(pub.runs.every((r) => !("clicks" in r))).toBe(true);
  });

  test("one statement for the clicks of a page, however many rows it holds (no query per row)", async () => {
    const statementsFor = async (pageSize: number) => {
      let n = 0;
      // Counts the statements started through the handle: each select/query builder is one.
      const counting = new Proxy(t.db, {
        get(target, prop, receiver) {
          if (prop === "select" || prop === "execute") n++;
          if (prop === "query") n++;
          return Reflect.get(target, prop, receiver);
        },
      }) as Db;
      const p = await listRunPage(counting, "raid", { gameId: 1 }, { page: 1, pageSize, order: "asc", filters: {} }, TEST_NOW);
      return { rows: p.runs.length, n };
    };
    const one = await statementsFor(1);
    const six = await statementsFor(6);
    expect([one.rows, six.rows]).toEqual([1, 6]);
    expect(six.n).toBe(one.n);
  });
});
