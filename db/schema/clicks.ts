import { date, index, integer, pgTable, primaryKey, smallint, varchar } from "drizzle-orm/pg-core";

// Booking-link clicks (`/go/{displayId}`), one row a run and UTC hour (`day` + `hour`): hourly
// so the Insights view can count clicks per day in either console zone (CET or EST), whose
// days start at other UTC hours (docs/decisions/31-insights-periods-and-colours.md). The three run kinds
// number their rows separately, so a run is (kind, run_id). No foreign key: counters of a
// deleted run stay for the record. Split by where the click came from
// (docs/decisions/37-one-run-calendar-and-click-sources.md). Holds no visitor data at all (src/api/clicks/bookingClicks.ts).
export const runClicks = pgTable(
  "run_clicks",
  {
    runKind: varchar("run_kind", { length: 10 }).notNull(),
    runId: integer("run_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** The click's UTC hour, 0-23. Rows from before hourly counting hold 12: noon UTC is on the same date in CET and EST. */
    hour: smallint("hour").notNull().default(12),
    /**
     * Where the clicks came from (CLICK_SOURCES: calendar, run, embed, feed, discord, other) and,
     * for embeds, the embedding page's origin ('' otherwise). Rows from before attribution hold 'other'.
     */
    source: varchar("source", { length: 10 }).notNull().default("other"),
    origin: varchar("origin", { length: 200 }).notNull().default(""),
    clicks: integer("clicks").notNull().default(0),
  },
  // The primary key serves the upsert and "these runs between two days"; the day index the
  // Insights view's "a kind's clicks per day of a window" (src/api/insights/service.ts).
  (t) => [
    primaryKey({ name: "run_clicks_pk", columns: [t.runKind, t.runId, t.day, t.hour, t.source, t.origin] }),
    index("run_clicks_kind_day_idx").on(t.runKind, t.day),
  ],
);
