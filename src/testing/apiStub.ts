// One fetch stub for island tests, typed by the real routes (`App` from src/app.ts, the
// type Eden gives the islands): a table "METHOD /path" -> answer, where the path must be one
// the server has (`:param` segments filled in) and a success body must have the type that
// route returns. A renamed route or a changed response breaks the test at type-check time.
// The preload puts Bun's fetch back after every test.
import type { App } from "../app";

type Method = "get" | "post" | "put" | "patch" | "delete";

/** Every route as { key: "PATCH /api/games/:slug/visibility", route: { body, response, … } }. */
type Flatten<T, Path extends string = ""> = {
  [K in keyof T & string]: K extends Method
    ? { key: `${Uppercase<K>} ${Path}`; route: T[K] }
    : Flatten<T[K], `${Path}/${K}`>;
}[keyof T & string];
type Route = Flatten<App["~Routes"]>;

/** "/api/users/:id" -> `/api/users/${string}`: what a concrete path must look like. */
type Concrete<P extends string> = P extends `${infer Head}/:${string}/${infer Tail}`
  ? `${Head}/${string}/${Concrete<Tail>}`
  : P extends `${infer Head}/:${string}` ? `${Head}/${string}` : P;

/** The route a key like "PATCH /api/users/3" calls (a route without parameters wins). */
type RouteOf<K extends string> = K extends Route["key"]
  ? Extract<Route, { key: K }>["route"]
  : Route extends infer R ? R extends { key: infer P extends string; route: infer Def } ? (K extends Concrete<P> ? Def : never) : never : never;

type Responses<Def> = Def extends { response: infer Res } ? Res : never;
type Success<Res> = { [S in keyof Res & (200 | 201)]: readonly [S, Res[S]] }[keyof Res & (200 | 201)];

/**
 * What a stubbed route answers: its own success status and body, or an error the client
 * must handle.
 */
export type Answer<K extends string> =
  | Success<Responses<RouteOf<K>>>
  | readonly [400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503, { message: string } | string];

/** A recorded call; `search` only when the URL has a query string. */
export type Call = { method: string; path: string; search?: string; body: unknown };

/** A fixed answer, or a function of the call (may wait, or throw like a network failure). */
export type Reply<K extends string> = Answer<K> | ((call: Call) => Answer<K> | Promise<Answer<K>>);

/** A route table; each key must name a real route (else its answer type is `never`). */
export type Stubs<S> = { [K in keyof S & string]: RouteOf<K> extends never ? never : Reply<K> };

declare const checked: unique symbol;
/** A route table already checked by `stubs()`, to pass to `stubApi` as a fallback. */
export type StubTable = { readonly [checked]: true };

/** Checks a route table kept in a constant (e.g. reference data every test of a file answers). */
export function stubs<const S>(table: S & Stubs<S>): StubTable {
  return table as unknown as StubTable;
}

/**
 * Replaces fetch with one that answers from `table` (then from each fallback table) and
 * records every call. A call no table answers fails the test (console.error) and rejects like
 * a network error, and so does an answer function that throws.
 */
export function stubApi<const S>(table: S & Stubs<S>, ...fallbacks: StubTable[]): Call[] {
  const calls: Call[] = [];
  const answers = Object.assign({}, ...fallbacks.toReversed(), table) as Record<string, Reply<string> | undefined>;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const call: Call = { method, path: url.pathname, body, ...(url.search ? { search: url.search } : {}) };
    calls.push(call);
    const reply = answers[`${method} ${url.pathname}`];
    if (!reply) {
      console.error(`Unstubbed API call: ${method} ${url.pathname}`);
      throw new TypeError("Failed to fetch");
    }
    const [status, json] = typeof reply === "function" ? await reply(call) : reply;
    return new Response(JSON.stringify(json), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return calls;
}
