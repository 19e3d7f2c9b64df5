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

/**
 * Serves the app on our own Bun.serve, whose fetch handler tries `first` before handing the
 * request to Elysia: a cached public page then costs no Elysia dispatch or hook at all.
 * (Elysia's own listen() installs its fetch handler and Bun routes; a wrapper could not go
 * in front of them.) The app gets the server as `app.server`, which routes read as
 * `server` (the rate limiter's client address).
 */
export function serveApp(app: AnyElysia, options: ReturnType<typeof listenOptions> & { development: boolean }, first?: FirstAnswer) {
  const handle = app.fetch;
  const server = Bun.serve({
    ...options,
    idleTimeout: 30, // Elysia's default
    fetch: first ? (request) => first(request) ?? handle(request) : handle,
  });
  app.server = server;
  return server;
}
