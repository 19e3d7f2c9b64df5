// A local HTTP receiver that imitates Discord's webhook API as the announcement worker uses it
// (https://discord.com/developers/docs/resources/webhook): `POST /api/webhooks/{id}/{token}`
// creates a message (with `?wait=true` it answers the message object, id included; without,
// 204), `PATCH …/messages/{messageId}` edits one (404 with code 10008 when it does not exist),
// and `answer` may turn any request into a 500 or a 429 with `retry_after`, or delay it.

export type DiscordRequest = { method: string; messageId: string | null; wait: boolean; body: unknown; at: number };
/** What to do with a request: Discord's normal answer, a failure, a rate limit, or a custom answer after a wait. */
export type Fate =
  | "accept"
  | "fail"
  | { limit: number; header?: boolean }
  | { delayMs: number; then?: Fate }
  | ((req: Request) => Response);

export type StoredMessage = { id: string; content: string; embeds: unknown[]; edits: number };

export function discordReceiver(answer: (req: DiscordRequest) => Fate | Promise<Fate> = () => "accept") {
  const messages = new Map<string, StoredMessage>();
  /** Every request as it arrived, with what it was answered. */
  const requests: (DiscordRequest & { status: number })[] = [];
  let inFlight = 0;
  // Snowflake-like ids, increasing.
  let next = 1_300_000_000_000_000_000n;
  const server = Bun.serve({
    hostname: "127.0.0.1", port: 0,
    async fetch(req) {
      inFlight++;
      try {
        const url = new URL(req.url);
        const m = url.pathname.match(/^\/api\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/);
        const body = await req.json().catch(() => null);
        const seen: DiscordRequest = { method: req.method, messageId: m?.[3] ?? null, wait: url.searchParams.get("wait") === "true", body, at: performance.now() };
        const reply = (status: number, res: Response) => {
          requests.push({ ...seen, status });
          return res;
        };
        if (!m) return reply(404, Response.json({ message: "404: Not Found", code: 0 }, { status: 404 }));
        let fate = await answer(seen);
        while (typeof fate === "object" && "delayMs" in fate) {
          await Bun.sleep(fate.delayMs);
          fate = fate.then ?? "accept";
        }
        if (typeof fate === "function") {
          const res = fate(req);
          return reply(res.status, res);
        }
        if (fate === "fail") return reply(500, new Response("upstream trouble", { status: 500 }));
        if (typeof fate === "object") {
          return reply(429, fate.header
            ? new Response("", { status: 429, headers: { "retry-after": String(fate.limit) } })
            : Response.json({ message: "You are being rate limited.", retry_after: fate.limit, global: false }, { status: 429 }));
        }
        const msg = body as { content: string; embeds: unknown[] };
        if (req.method === "POST" && !seen.messageId) {
          const id = String(next++);
          messages.set(id, { id, content: msg.content, embeds: msg.embeds, edits: 0 });
          if (!seen.wait) return reply(204, new Response(null, { status: 204 }));
          return reply(200, Response.json({ id, type: 0, channel_id: "1", webhook_id: m[1], content: msg.content, embeds: msg.embeds }));
        }
        if (req.method === "PATCH" && seen.messageId) {
          const stored = messages.get(seen.messageId);
          if (!stored) return reply(404, Response.json({ message: "Unknown Message", code: 10008 }, { status: 404 }));
          Object.assign(stored, { content: msg.content, embeds: msg.embeds, edits: stored.edits + 1 });
          return reply(200, Response.json({ id: stored.id, type: 0, channel_id: "1", webhook_id: m[1], content: msg.content, embeds: msg.embeds }));
        }
        return reply(405, Response.json({ message: "405: Method Not Allowed", code: 0 }, { status: 405 }));
      } finally {
        inFlight--;
      }
    },
  });
  return {
    messages, requests,
    get inFlight() { return inFlight; },
    posts: () => requests.filter((r) => r.method === "POST" && r.status < 300),
    edits: () => requests.filter((r) => r.method === "PATCH" && r.status < 300),
    url: `http://127.0.0.1:${server.port}/api/webhooks/1/T0ken-x9Q7`,
    stop: () => server.stop(true),
  };
}
