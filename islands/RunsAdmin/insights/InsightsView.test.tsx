// The Insights view: states, text alternatives, the table toggle, and how
// the admin's Runs area opens it by link.
import { afterEach, describe, expect, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import InsightsView from "./InsightsView";
import { DailySvg } from "./charts";
import RunsAdmin from "../RunsAdmin";
import { stubApi } from "../../../src/testing/apiStub";
import type { Insights } from "../../../src/shared/schemas/insights";

const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);
const daily = days(30).map((day, i) => ({ day, runs: i % 3, clicks: i === 19 ? 7 : i % 2, spots: 0, spotsTaken: 0 }));
const DATA: Insights = {
  gameId: 1, kind: "raid", days: 30, zone: "CET", from: "2026-11-01", to: "2026-11-30", daily,
  totals: { runs: daily.reduce((s, d) => s + d.runs, 0), clicks: daily.reduce((s, d) => s + d.clicks, 0), spots: 0, spotsTaken: 0 },
  // The same 21 clicks by source.
  sources: [
    { source: "calendar", clicks: 9 }, { source: "run", clicks: 3 }, { source: "embed", clicks: 5 },
    { source: "feed", clicks: 1 }, { source: "discord", clicks: 3 }, { source: "other", clicks: 0 },
  ],
  origins: [{ origin: "https://shop.example.com", clicks: 4 }, { origin: "http://partner.example:8080", clicks: 1 }],
  breakdowns: [
    { dimension: "raid", rows: [
      { key: "Heart of Fear", label: "Heart of Fear", runs: 2, clicks: 9, perRun: 4.5 },
      { key: "Mogu'shan Vaults", label: "Mogu'shan Vaults", runs: 3, clicks: 3, perRun: 1 },
    ] },
    { dimension: "difficulty", rows: [{ key: "heroic_25", label: "Heroic 25", runs: 5, clicks: 12, perRun: 2.4 }] },
    { dimension: "hour", rows: [{ key: "19", label: "19:00", runs: 5, clicks: 12, perRun: 2.4 }] },
  ],
};

afterEach(() => { window.history.replaceState(null, "", "/"); });
/** The view on its own: the last 30 days, period links that go nowhere. */
const VIEW = { gameId: 1, gameName: "MoP Raid Calendar", days: 30, periodHref: (n: number) => `?days=${n}`, onPeriod: () => {} };
/** A table row's cells (header and data) as text. */
const texts = (row: HTMLElement) => [...row.querySelectorAll("th, td")].map((c) => c.textContent);
/** The run panel has its (empty) page. */
const panelLoaded = () => waitFor(() => expect(screen.getByText(/^No WoW Raid runs created yet/)).toBeTruthy());

describe("Insights view", () => {
  test("loading, then one figure per chart, each an image labelled by its text summary", async () => {
    const calls = stubApi({ "GET /api/insights": [200, DATA] });
    render(<InsightsView {...VIEW} />);
    expect(screen.getByRole("status").textContent).toBe("Loading insights...");
    const daily = await screen.findByRole("img", { name: /^Offered runs and booking clicks per day\./ });
    expect(calls[0]!.search).toBe("?gameId=1&days=30&zone=CET");
    expect(daily.getAttribute("aria-label")).toBe(`Offered runs and booking clicks per day. Over 30 days: ${DATA.totals.runs} offered runs and ${DATA.totals.clicks} booking clicks. Most clicks on 2026-11-20 (7 clicks).`);
    expect(screen.getByRole("img", { name: "Clicks per offered run by raid. By raid: Heart of Fear has the most clicks per offered run (4.5)." })).toBeTruthy();
    expect(screen.getByRole("img", { name: /^Clicks per offered run by difficulty\./ })).toBeTruthy();
    expect(screen.getByRole("img", { name: /^Clicks per offered run by start hour \(CET\)\./ })).toBeTruthy();
    // The summary is visible text too (the figure's caption), and the bars are drawn.
    const figure = screen.getByRole("figure", { name: "Clicks per offered run by raid" });
    expect(within(figure).getByText("By raid: Heart of Fear has the most clicks per offered run (4.5).")).toBeTruthy();
    expect(daily.querySelectorAll("rect")).toHaveLength(30);
    // Charts, not tables, until asked: the only table is the list of embedding sites.
    expect(screen.getAllByRole("table").map((t) => t.getAttribute("aria-labelledby") && document.getElementById(t.getAttribute("aria-labelledby")!)?.textContent))
      .toEqual(["Sites embedding the calendar"]);
  });

  test("the summary counts in good English: '1 offered run and 1 booking click'", async () => {
    const one = days(30).map((day, i) => ({ day, runs: i === 3 ? 1 : 0, clicks: i === 3 ? 1 : 0, spots: i === 3 ? 1 : 0, spotsTaken: i === 3 ? 1 : 0 }));
    stubApi({ "GET /api/insights": [200, { ...DATA, daily: one, totals: { runs: 1, clicks: 1, spots: 1, spotsTaken: 1 } }] });
    render(<InsightsView {...VIEW} />);
    const daily = await screen.findByRole("img", { name: /^Offered runs and booking clicks per day\./ });
    expect(daily.getAttribute("aria-label")).toContain("Over 30 days: 1 offered run and 1 booking click. Most clicks on 2026-11-04 (1 click).");
    expect(screen.getByRole("img", { name: /^Places taken against places offered per day\./ }).getAttribute("aria-label"))
      .toContain("Over 30 days: 1 place taken of 1 place offered (100 %)");
    // No "1 offered runs", "1 booking clicks", "1 places" or "(1 clicks)" anywhere in the view.
    expect(document.body.textContent).not.toMatch(/\b1 (offered runs|booking clicks|places|clicks|days)\b/);
    expect(screen.getByRole("link", { name: "7 days" })).toBeTruthy();
    expect(screen.getByText(/^The last 30 days \(2026-11-01 to 2026-11-30, days and hours in CET\)/)).toBeTruthy();
  });

  test("'Show as table' swaps a chart for a table of the same numbers, and back", async () => {
    stubApi({ "GET /api/insights": [200, DATA] });
    render(<InsightsView {...VIEW} />);
    const figure = await screen.findByRole("figure", { name: "Clicks per offered run by raid" });
    const toggle = within(figure).getByRole("button", { name: "Show as table" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    const table = within(figure).getByRole("table", { name: "Clicks per offered run by raid" });
    const cells = within(table).getAllByRole("row").map(texts);
    expect(cells).toEqual([
      ["raid", "Offered runs", "Booking clicks", "Clicks per offered run"],
      ["Heart of Fear", "2", "9", "4.5"],
      ["Mogu'shan Vaults", "3", "3", "1"],
    ]);
    expect(within(figure).queryByRole("img")).toBeNull();
    // The daily chart's table has a row per day.
    const dailyFigure = screen.getByRole("figure", { name: "Offered runs and booking clicks per day" });
    fireEvent.click(within(dailyFigure).getByRole("button", { name: "Show as table" }));
    const rows = within(within(dailyFigure).getByRole("table")).getAllByRole("row");
    expect(rows).toHaveLength(31);
    expect(texts(rows[20]!)).toEqual(["2026-11-20", "1", "7"]);
    fireEvent.click(toggle);
    expect(within(figure).getByRole("img")).toBeTruthy();
  });

  test("clicks by source: a bar per source labelled by its summary, the same numbers as a table, and the embedding sites", async () => {
    stubApi({ "GET /api/insights": [200, DATA] });
    render(<InsightsView {...VIEW} />);
    const img = await screen.findByRole("img", { name: /^Booking clicks by source\./ });
    expect(img.getAttribute("aria-label")).toBe("Booking clicks by source. 21 booking clicks in the period. Most came from: Calendar.");
    // One bar per source, zeros included, in a fixed order.
    const labels = [...img.querySelectorAll("text.insights-axis")].map((t) => t.textContent).filter((x) => !/^\d+$/.test(x ?? ""));
    expect(labels).toEqual(["Calendar", "Run page", "Embedded calendar", "Calendar apps", "Discord", "Other or unknown"]);
    expect(img.querySelectorAll("rect")).toHaveLength(6);
    const figure = screen.getByRole("figure", { name: "Booking clicks by source" });
    fireEvent.click(within(figure).getByRole("button", { name: "Show as table" }));
    const rows = within(within(figure).getByRole("table", { name: "Booking clicks by source" })).getAllByRole("row").map(texts);
    expect(rows).toEqual([
      ["Source", "Booking clicks", "Share"], ["Calendar", "9", "43 %"], ["Run page", "3", "14 %"], ["Embedded calendar", "5", "24 %"],
      ["Calendar apps", "1", "5 %"], ["Discord", "3", "14 %"], ["Other or unknown", "0", "0 %"],
    ]);
    const sites = screen.getByRole("table", { name: "Sites embedding the calendar" });
    expect(within(sites).getAllByRole("row").map(texts)).toEqual([
      ["Site", "Booking clicks"], ["https://shop.example.com", "4"], ["http://partner.example:8080", "1"],
    ]);
  });

  test("no embedding site in the period: the sites' panel says so", async () => {
    stubApi({ "GET /api/insights": [200, { ...DATA, origins: [] }] });
    render(<InsightsView {...VIEW} />);
    const panel = await screen.findByRole("region", { name: "Sites embedding the calendar" });
    expect(panel.textContent).toContain("No booking clicks from a site embedding the calendar in this period.");
    expect(within(panel).queryByRole("table")).toBeNull();
  });

  test("the day axis' labels never overlap, from a phone's width to a desktop's", () => {
    // A label '11-18' at the axis' 12 px is about 35 px wide: centred on its day, or ending at the last one's x.
    const HALF = 18;
    for (let W = 280; W <= 1200; W += 2) {
      const { container, unmount } = render(<DailySvg daily={DATA.daily} label="Daily" W={W} />);
      const spans = [...container.querySelectorAll("text.insights-axis")]
        .filter((t) => /^\d\d-\d\d$/.test(t.textContent ?? ""))
        .map((t) => {
          const x = Number(t.getAttribute("x"));
          return t.getAttribute("text-anchor") === "end" ? [x - 2 * HALF, x] : [x - HALF, x + HALF];
        });
      expect(spans.at(-1)![1]).toBeLessThanOrEqual(W);
      for (let i = 1; i < spans.length; i++) expect({ W, gap: spans[i]![0]! - spans[i - 1]![1]! >= 0 }).toEqual({ W, gap: true });
      unmount();
    }
  }, 30_000); // 461 renders: about 4 s on an idle machine, more beside other test files

  test("no clicks yet: a message instead of charts", async () => {
    stubApi({ "GET /api/insights": [200, { ...DATA, daily: daily.map((d) => ({ ...d, clicks: 0 })), totals: { runs: 3, clicks: 0, spots: 0, spotsTaken: 0 } }] });
    render(<InsightsView {...VIEW} />);
    expect(await screen.findByText(/^No clicks yet/)).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  test("sell-through per day: a chart of places offered and taken, with the same numbers as a table", async () => {
    const sold = daily.map((d, i) => ({ ...d, spots: i === 2 ? 15 : i === 5 ? 4 : 0, spotsTaken: i === 2 ? 12 : i === 5 ? 0 : 0 }));
    stubApi({ "GET /api/insights": [200, { ...DATA, daily: sold, totals: { ...DATA.totals, spots: 19, spotsTaken: 12 } }] });
    render(<InsightsView {...VIEW} />);
    const img = await screen.findByRole("img", { name: /^Places taken against places offered per day\./ });
    expect(img.getAttribute("aria-label")).toBe("Places taken against places offered per day. Over 30 days: 12 places taken of 19 places offered (63 %), counting the runs that track places.");
    // A pair of bars (offered, taken) for each day that offered places, none for the others.
    expect([...img.querySelectorAll("g[data-day]")].map((g) => g.getAttribute("data-day"))).toEqual(["2026-11-03", "2026-11-06"]);
    const figure = screen.getByRole("figure", { name: "Places taken against places offered per day" });
    expect(figure.querySelector(".insights-legend")?.textContent).toBe(" Places offered Places taken");
    fireEvent.click(within(figure).getByRole("button", { name: "Show as table" }));
    const rows = within(within(figure).getByRole("table", { name: "Places taken against places offered per day" })).getAllByRole("row");
    expect(rows).toHaveLength(31);
    expect(texts(rows[0]!)).toEqual(["Day (CET)", "Places offered", "Places taken", "Sell-through"]);
    expect(texts(rows[3]!)).toEqual(["2026-11-03", "15", "12", "80 %"]);
    expect(texts(rows[6]!)).toEqual(["2026-11-06", "4", "0", "0 %"]);
    expect(texts(rows[1]!)).toEqual(["2026-11-01", "0", "0", "none offered"]);
  });

  test("sell-through shows without clicks; without places offered it is left out", async () => {
    const noClicks = daily.map((d, i) => ({ ...d, clicks: 0, spots: i === 2 ? 10 : 0, spotsTaken: i === 2 ? 10 : 0 }));
    stubApi({ "GET /api/insights": [200, { ...DATA, daily: noClicks, totals: { runs: 3, clicks: 0, spots: 10, spotsTaken: 10 } }] });
    const { unmount } = render(<InsightsView {...VIEW} />);
    expect(await screen.findByText(/^No clicks yet/)).toBeTruthy();
    expect(screen.getByRole("img", { name: /^Places taken against places offered per day\. Over 30 days: 10 places taken of 10 places offered \(100 %\)/ })).toBeTruthy();
    unmount();
    stubApi({ "GET /api/insights": [200, DATA] });
    render(<InsightsView {...VIEW} />);
    await screen.findByRole("img", { name: /^Offered runs and booking clicks per day/ });
    expect(screen.queryByRole("figure", { name: "Places taken against places offered per day" })).toBeNull();
  });

  test("a failure says so and offers a retry", async () => {
    let fail = true;
    stubApi({ "GET /api/insights": () => (fail ? [500, { message: "Internal server error" }] : [200, DATA]) });
    render(<InsightsView {...VIEW} />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Internal server error");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("img", { name: /^Offered runs/ })).toBeTruthy();
  });
});

describe("Runs area views", () => {
  const GAMES = [{ id: 3, name: "World of Warcraft", slug: "wow", children: [{ id: 1, name: "MoP Raid Calendar", slug: "mop-raid-calendar" }] }];
  const renderAdmin = (view: "runs" | "insights") => render(
    <Provider store={createStore()}>
      <RunsAdmin mode="admin" games={GAMES} selection={{ gameId: 3, toolId: 1 }} view={view} runs={null} stats={null} booster={null} />
    </Provider>,
  );

  test("links open the Insights view and back, each with its own URL; the game links keep the view", async () => {
    stubApi({
      "GET /api/insights": [200, DATA],
      "GET /api/runs": [200, { runs: [], total: 0, page: 1, pageSize: 50 }],
      "GET /api/run-stats": [200, { totalAvailableRuns: 0, totalBoosters: 0, availableThisWeek: 0, boostersThisWeek: 0 }],
    });
    renderAdmin("runs");
    const views = screen.getByRole("navigation", { name: "Runs area view" });
    const insights = within(views).getByRole("link", { name: "Insights" });
    expect(insights.getAttribute("href")).toBe("/admin?tab=runs&game=3&tool=1&view=insights");
    expect(within(views).getByRole("link", { name: "Runs" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(insights);
    expect(window.location.search).toBe("?tab=runs&game=3&tool=1&view=insights");
    expect(await screen.findByRole("heading", { name: "Insights: MoP Raid Calendar" })).toBeTruthy();
    expect(insights.getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "MoP Raid Calendar" }).getAttribute("href")).toBe("/admin?tab=runs&game=3&tool=1&view=insights");
    fireEvent.click(within(views).getByRole("link", { name: "Runs" }));
    expect(await screen.findByRole("heading", { name: "MoP Raid Runs" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: /^Insights/ })).toBeNull();
    await panelLoaded();
  });

  test("the period is a link kept in the URL (?days=), kept by the game links; the zone switch asks for EST days", async () => {
    window.history.replaceState(null, "", "/admin?tab=runs&game=3&tool=1&view=insights&days=90");
    const calls = stubApi({
      "GET /api/insights": (call) => [200, { ...DATA, days: Number(new URLSearchParams(call.search).get("days")) }],
      "GET /api/run-stats": [200, { totalAvailableRuns: 0, totalBoosters: 0, availableThisWeek: 0, boostersThisWeek: 0 }],
    });
    render(
      <Provider store={createStore()}>
        <RunsAdmin mode="admin" games={GAMES} selection={{ gameId: 3, toolId: 1 }} view="insights" insightDays={90} runs={null} stats={null} booster={null} />
      </Provider>,
    );
    await screen.findByRole("img", { name: /^Offered runs/ });
    expect(calls.at(-1)!.search).toBe("?gameId=1&days=90&zone=CET");
    const period = screen.getByRole("navigation", { name: "Period" });
    expect(within(period).getByRole("link", { name: "90 days" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "MoP Raid Calendar" }).getAttribute("href")).toBe("/admin?tab=runs&game=3&tool=1&view=insights&days=90");
    const week = within(period).getByRole("link", { name: "7 days" });
    expect(week.getAttribute("href")).toBe("/admin?tab=runs&game=3&tool=1&view=insights&days=7");
    // The default period makes no parameter.
    expect(within(period).getByRole("link", { name: "30 days" }).getAttribute("href")).toBe("/admin?tab=runs&game=3&tool=1&view=insights");
    fireEvent.click(week);
    expect(window.location.search).toBe("?tab=runs&game=3&tool=1&view=insights&days=7");
    await waitFor(() => expect(calls.at(-1)!.search).toBe("?gameId=1&days=7&zone=CET"));
    await waitFor(() => expect(week.getAttribute("aria-current")).toBe("page"));
    expect(screen.getByRole("link", { name: "MoP Raid Calendar" }).getAttribute("href")).toBe("/admin?tab=runs&game=3&tool=1&view=insights&days=7");
    fireEvent.click(within(screen.getByRole("group", { name: "Timezone" })).getByRole("button", { name: "EST" }));
    await waitFor(() => expect(calls.at(-1)!.search).toBe("?gameId=1&days=7&zone=EST"));
    // Back goes to the previous period.
    await act(async () => {
      window.history.back();
      await new Promise((r) => setTimeout(r, 50));
    });
    await waitFor(() => expect(calls.at(-1)!.search).toBe("?gameId=1&days=90&zone=EST"));
  });

  test("a booster's dashboard has no Insights view", async () => {
    stubApi({ "GET /api/runs": [200, { runs: [], total: 0, page: 1, pageSize: 50 }] });
    render(
      <Provider store={createStore()}>
        <RunsAdmin mode="booster" games={GAMES} selection={{ gameId: 3, toolId: 1 }} view="insights" runs={null} stats={null} booster={{ id: 1, boosterId: "BB-1001" }} />
      </Provider>,
    );
    expect(screen.queryByRole("navigation", { name: "Runs area view" })).toBeNull();
    expect(screen.getByRole("heading", { name: "MoP Raid Runs" })).toBeTruthy();
    await panelLoaded();
  });
});
