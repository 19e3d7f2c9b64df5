// The audit list over 1,000,000 events (`bun scripts/bench-audit.ts`, PGlite in a temporary
// folder; `DATABASE_URL=…` for PostgreSQL): median of 30 of each filtered first page and
// the retention job's delete of 10 % of them. Not part of CI.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDb } from "../db/client";
import { migrate } from "../db/migrate";
import { listAuditEvents } from "../src/api/audit/list";
import { pruneAuditEvents } from "../src/api/audit/retention";
import type { AuditQuery } from "../src/shared/schemas/audit";

const EVENTS = 1_000_000;
const NOW = new Date("2026-11-21T10:00:00Z");
const work = mkdtempSync(join(tmpdir(), "runboard-bench-audit-"));
const h = await openDb(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: work });
await migrate(h);
await h.db.execute(sql`truncate audit_events`);
// A year of events, newest last: 50 actors, 20,000 runs, one event every ~30 s.
await h.db.execute(sql`
  insert into audit_events (at, actor_id, action, entity_type, entity_id, changes, request_id)
  select ${NOW.toISOString()}::timestamptz - (g * interval '31 seconds'), g % 50 + 1, 'run.update', 'run', 'MOP-' || (g % 20000),
         '{"scheduledDate": ["2026-12-01 20:00", "2026-12-02 20:00"]}'::jsonb, 'req-' || g
  from generate_series(1, ${EVENTS}) g`);
await h.db.execute(sql`analyze audit_events`);

async function median(label: string, q: AuditQuery) {
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    await listAuditEvents(h.db, q);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: ${times[15]!.toFixed(1)} ms`);
}
await median("first page, no filter", {});
await median("one run's history (entityType+entityId)", { entityType: "run", entityId: "MOP-4242" });
await median("one actor", { actorId: 7 });
await median("one day", { from: new Date(NOW.getTime() - 86_400_000), to: NOW });
const t0 = performance.now();
const gone = await pruneAuditEvents(h.db, NOW, 328);
console.log(`pruning ${gone} events: ${(performance.now() - t0).toFixed(0)} ms`);
await h.close();
rmSync(work, { recursive: true, force: true });
