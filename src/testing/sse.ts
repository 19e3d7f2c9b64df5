// A Server-Sent Events client for tests: reads a streaming Response (in-process or over
// HTTP) and parses its events as the browser's EventSource does (id, event, data; comments
// and retry lines are kept in the raw text only).
export type SseEvent = { id: string | null; event: string; data: unknown };

export type SseClient = {
  events: SseEvent[];
  /** Everything read so far. */
  raw: () => string;
  /** The next event not yet returned by next() (of this name, when given); fails after `ms`. */
  next: (name?: string, ms?: number) => Promise<SseEvent>;
  /** Cancels the stream; resolves once the server's side has seen it (its cancel ran). */
  close: () => Promise<void>;
};

export function readSse(res: Response): SseClient {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let raw = "";
  let buffer = "";
  let taken = 0;
  let closed = false;
  const waiter: { wake: (() => void) | null } = { wake: null };
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        raw += text;
        buffer += text;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) continue;
            const at = line.indexOf(": ");
            if (at > 0) fields[line.slice(0, at)] = line.slice(at + 2);
          }
          if (fields.data !== undefined) events.push({ id: fields.id ?? null, event: fields.event ?? "message", data: JSON.parse(fields.data) });
          end = buffer.indexOf("\n\n");
        }
        waiter.wake?.();
      }
    } catch {
      // cancelled by close()
    }
    closed = true;
    waiter.wake?.();
  })();
  return {
    events,
    raw: () => raw,
    async next(name, ms = 5_000) {
      const deadline = performance.now() + ms;
      for (;;) {
        while (taken < events.length) {
          const ev = events[taken++]!;
          if (!name || ev.event === name) return ev;
        }
        if (closed) throw new Error(`stream ended before ${name ?? "an event"}; got ${JSON.stringify(events)}`);
        const left = deadline - performance.now();
        if (left <= 0) throw new Error(`no ${name ?? "event"} within ${ms} ms; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiter.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        waiter.wake = null;
      }
    },
    close() {
      return reader.cancel().catch(() => {});
    },
  };
}
