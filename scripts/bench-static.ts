// The bench's yardstick: a plain Bun.serve answering fixed bytes (BODY_FILE) with the same
// content type, on PORT. With HEADERS_FILE (a JSON object), it sends those headers instead:
// the very same response as the product's, headers included. Started by
// scripts/bench-readpath.ts as its own process.
const body = await Bun.file(process.env.BODY_FILE!).bytes();
const headers = process.env.HEADERS_FILE ? await Bun.file(process.env.HEADERS_FILE).json() : { "Content-Type": "text/html; charset=utf-8" };
Bun.serve({ port: Number(process.env.PORT), hostname: "127.0.0.1", fetch: () => new Response(body, { headers }) });
console.log("ready");
