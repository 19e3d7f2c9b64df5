import type { AnyElysia } from "elysia";
import type { Config } from "../config/appConfig";
import { SERVER_BODY_LIMIT } from "./body";

/**
 * What the server passes to Bun.serve. Port sharing only when REUSE_PORT asks for it: by
 * default a second instance on the same port fails to start instead of silently taking
 * half the traffic.
 */
export function listenOptions(config: Pick<Config, "port" | "reusePort">, hostname: string) {
  return { port: config.port, hostname, reusePort: config.reusePort, maxRequestBodySize: SERVER_BODY_LIMIT };
}

/** Answers a request before the app (the page cache's fast path), or undefined. */
export type FirstAnswer = (request: Request) => Response | undefined;

/** How long a draining server keeps its connections open before closing the idle ones. */
export const IDLE_CLOSE_GRACE_MS = 1000;

/**
 * Serves the app on our own Bun.serve, whose fetch handler tries `first` before handing the
 * request to Elysia: a cached public page then costs no Elysia dispatch or hook at all.
 * (Elysia's own listen() installs its fetch handler and Bun routes; a wrapper could not go
 * in front of them.) The app gets the server as `app.server`, which routes read as
 * `server` (the rate limiter's client address).
 */
export function serveApp(app: AnyElysia, options: ReturnType<typeof listenOptions> & { development: boolean }, first?: FirstAnswer) {
  const handle = app.fetch;
  const answer = first ? (request: Request) => first(request) ?? handle(request) : handle;
  let draining = false;
  const server = Bun.serve({
    ...options,
    idleTimeout: 30, // Elysia's default
    fetch: (request) => (draining ? closing(answer(request)) : answer(request)),
  });
  app.server = server;
  return Object.assign(server, {
    /**
     * Stops serving without cutting anyone off. Bun's stop(false) closes idle keep-alive
     * connections at once, and a request a client writes into one as it closes is reset,
     * unanswered, and the client cannot tell whether it ran. So first every answer says
     * `Connection: close` (the client opens no further request on it and Bun closes it
     * after the answer) for `idleGraceMs`; only then does the server stop listening, close
     * the connections still idle and wait for requests in flight.
     */
    async drain(idleGraceMs = IDLE_CLOSE_GRACE_MS): Promise<void> {
      draining = true;
      if (idleGraceMs > 0) await Bun.sleep(idleGraceMs);
      await server.stop(false);
    },
  });
}

/** The answer with `Connection: close`, so this connection ends after it. */
async function closing(answer: Response | Promise<Response>): Promise<Response> {
  const res = await answer;
  try {
    res.headers.set("Connection", "close");
    return res;
  } catch {
    // Immutable headers (a Response from fetch): copy them.
    const copy = new Response(res.body, res);
    copy.headers.set("Connection", "close");
    return copy;
  }
}
