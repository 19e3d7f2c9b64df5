import { Elysia } from "elysia";
import { T } from "../shared/text";

/**
 * The largest request body the app reads: a little above the largest legitimate one (the
 * game reorder list, about 40 bytes per game).
 */
export const MAX_BODY_BYTES = 64 * 1024;
/**
 * Bun.serve's own cap, a backstop above ours: bodies up to it get the app's JSON 413
 * (without being read when they declare their length); Bun cuts off anything larger.
 */
export const SERVER_BODY_LIMIT = 2 * MAX_BODY_BYTES;
/** No legitimate body nests deeper than 4 (a run's class restrictions' specs). */
export const MAX_JSON_DEPTH = 16;

// A chunked body is buffered into a new Request; the original keeps the socket (client IP).
const socketRequests = new WeakMap<Request, Request>();

/** The request Bun received (for its client address), even after buffering replaced it. */
export const socketRequest = (request: Request): Request => socketRequests.get(request) ?? request;

/** The body's bytes, or null as soon as they pass `max` (the rest is never read). */
async function readAtMost(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}

/** True when `value` nests objects or arrays deeper than `max` (walked without recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Request bodies are bounded: over MAX_BODY_BYTES is a 413 before parsing (a declared
 * Content-Length is refused unread; a chunked body is read only up to the limit), and JSON
 * nested deeper than any form sends is a 400 before validation, whose error reporting
 * would otherwise recurse through it.
 */
export const bodyLimits = () =>
  new Elysia({ name: "body-limits" })
    .onRequest(async (ctx) => {
      const { request, set } = ctx;
      if (!request.body) return;
      const tooLarge = () => {
        set.status = 413;
        return { message: T.validation.bodyTooLarge };
      };
      const declared = request.headers.get("content-length");
      if (declared !== null) return Number(declared) > MAX_BODY_BYTES ? tooLarge() : undefined;
      const bytes = await readAtMost(request.body, MAX_BODY_BYTES);
      if (!bytes) return tooLarge();
      const buffered = new Request(request.url, { method: request.method, headers: request.headers, body: bytes as Uint8Array<ArrayBuffer> });
      socketRequests.set(buffered, socketRequest(request));
      (ctx as { request: Request }).request = buffered;
    })
    .onTransform({ as: "global" }, ({ body, status }) => {
      // Elysia answers a status returned by a transform hook; its types only say void.
      if (nestsDeeperThan(body, MAX_JSON_DEPTH)) return status(400, { message: T.validation.invalidRequest }) as never;
    });
