import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";

type Query = PGlite["query"];

/**
 * drizzle passes its result parsers (dates, timestamps and intervals kept as text) with every
 * PGlite query, and PGlite then copies its whole parser table (~320 types) to merge them in,
 * query after query: measured, that took a small query from 88 to 195 µs. Here a query's
 * parsers go into the client's table the first time their type is seen, and the query runs
 * without them, which PGlite answers from its table as it is. That gives the same results
 * because drizzle is this client's only caller and passes the same parser for a type every
 * time (db/pgliteParsers.test.ts holds it to that).
 */
export function parsersOnce(client: PGlite): void {
  const table = (client as unknown as { parsers: Record<number, unknown> }).parsers;
  const installed = new Set<string>();
  const lighten = (options?: QueryOptions): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    for (const [type, parse] of Object.entries(options.parsers)) {
      if (installed.has(type)) continue;
      table[Number(type)] = parse;
      installed.add(type);
    }
    const { parsers: _merged, ...rest } = options;
    return rest;
  };
  const light = (query: Query): Query => ((text, params, options) => query(text, params, lighten(options))) as Query;
  client.query = light(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  // drizzle's transactions query through the transaction object PGlite hands the callback.
  client.transaction = (callback) =>
    transaction((tx) => callback(Object.assign(Object.create(tx) as Transaction, { query: light(tx.query) })));
}
