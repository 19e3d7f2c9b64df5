import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/** Rows of a raw `db.execute`: postgres.js returns an array, PGlite `{ rows }`. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
