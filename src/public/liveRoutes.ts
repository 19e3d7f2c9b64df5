// The live pages' streams (docs/decisions/29-live-pages.md): Server-Sent Events for a
// calendar view (`/live/calendars/{slug}` with the page's filter query) and a run page
// (`/live/runs/{displayId}`). The process's hub (src/readModel/liveHub.ts) does the work;
// a stream only writes the bytes it is handed. No session: a view is the same for everyone.
import { Elysia } from "elysia";
import type { AppContext } from "../http/context";
import { readPath } from "../readModel/readPath";
import { canonicalCalendar, type LiveView } from "../readModel/liveViews";
import { publicRuns } from "../readModel/runPages";
import type { LiveSubscriber } from "../readModel/liveHub";
import { T } from "../shared/text";
import { clientIp } from "../http/clientAddress";
import { visitorAddress } from "../domain/visitorAddress";

const HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  // A proxy in front (nginx) must not hold the events back in its buffer.
  "X-Accel-Buffering": "no",
};

/** Events queued for a client that stopped reading, beyond which it is dropped (it reconnects and catches up). */
const MAX_QUEUED = 64;

/**
 * Streams one address (an IPv6 /64) may hold open in this process: far more than one visitor's
 * tabs, few enough that one client cannot tie up the process's connections. Past it the page
 * stays as it was served (an address shared by many visitors, a carrier's NAT, loses only that).
 */
export const MAX_STREAMS_PER_ADDRESS = 32;

/**
 * The address a stream counts under, or null when visitors cannot be told apart by it: none
 * known, or a peer on this host while no TRUSTED_PROXIES names it (a reverse proxy in front,
 * whose one address every visitor would share: one cap for the whole site).
 */
function cappedAddress(address: string, trusted: unknown): string | null {
  if (address === "unknown" || (!trusted && /^(127\.|::1$|::ffff:127\.)/.test(address))) return null;
  return visitorAddress(address);
}

type Server = (NonNullable<Parameters<typeof clientIp>[0]> & { timeout?: (request: Request, seconds: number) => void }) | null;

export const liveRoutes = (deps: AppContext) => {
  const path = readPath(deps);
  const open = new Map<string, number>();
  const json = (status: number, message: string, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify({ message }), { status, headers: { "Content-Type": "application/json", ...headers } });

  async function stream(request: Request, server: Server, find: (snap: Awaited<ReturnType<typeof path.model.get>>) => { key: string; spec: LiveView } | null) {
    const snap = await path.model.get();
    const found = find(snap);
    if (!found) return json(404, T.live.notFound);
    const address = cappedAddress(clientIp(server, request, deps.config.trustedProxies), deps.config.trustedProxies);
    if (address !== null && (open.get(address) ?? 0) >= MAX_STREAMS_PER_ADDRESS) return json(429, T.live.tooMany, { "Retry-After": "60" });
    // Bun.serve's idleTimeout would end a quiet stream between heartbeats; this one stays open.
    server?.timeout?.(request, 0);
    // A filter switch in the page opens a new stream with `since` (no header can be set then).
    const lastEventId = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("since");
    let done: (() => void) | null = null;
    let full = false;
    // The address this stream is counted under, until its count goes down: once, however the
    // stream ends (the client leaves, the hub drops it).
    let held: string | null = null;
    const release = () => {
      if (held === null) return;
      const n = (open.get(held) ?? 1) - 1;
      if (n > 0) open.set(held, n);
      else open.delete(held);
      held = null;
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let live = true;
        const sub: LiveSubscriber = {
          send(bytes) {
            if (!live) return false;
            if ((controller.desiredSize ?? 0) < -MAX_QUEUED) return false;
            controller.enqueue(bytes);
            return true;
          },
          end() {
            release();
            if (!live) return;
            live = false;
            try {
              controller.close();
            } catch {
              // already closed by the client
            }
          },
        };
        const joined = path.live.join(found.key, found.spec, snap, sub, lastEventId);
        if (!joined) {
          full = true;
          return;
        }
        const { view, first } = joined;
        controller.enqueue(first);
        if (address !== null) {
          open.set(address, (open.get(address) ?? 0) + 1);
          held = address;
        }
        done = () => {
          live = false;
          path.live.leave(view, sub);
          release();
        };
        request.signal.addEventListener("abort", () => done?.(), { once: true });
      },
      cancel() {
        done?.();
      },
    });
    // Too many distinct views at once. A browser's EventSource does not retry after a non-200
    // answer: the page stays as it was served until it is loaded again; Retry-After is for other clients.
    if (full) return json(503, T.live.busy, { "Retry-After": "30" });
    return new Response(body, { headers: HEADERS });
  }

  return new Elysia({ name: "live-pages" })
    .get("/live/calendars/:slug", ({ request, params, server }) => stream(request, server, (snap) => {
      const query = new URL(request.url).searchParams;
      for (const key of ["since", "tz"]) query.delete(key);
      const cal = canonicalCalendar(snap, params.slug, query);
      return cal && { key: `c:${params.slug}?${cal.query}`, spec: { kind: "calendar", slug: params.slug, query: cal.query } };
    }))
    .get("/live/runs/:displayId", ({ request, params, server }) => stream(request, server, (snap) => {
      const key = `r:${params.displayId}`;
      // A run that just left is still followed for a while: a reconnect then learns it was removed.
      return publicRuns(snap).has(params.displayId) || path.live.follows(key) ? { key, spec: { kind: "run", displayId: params.displayId } } : null;
    }));
};
