import { Elysia } from "elysia";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { encode, pickEncoding } from "./compress";
import { STATIC_DIR, staticHashed } from "../render/staticFiles";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".json": "application/json",
};

type Entry = { type: string; raw: Uint8Array; br?: Uint8Array; gzip?: Uint8Array };

// A process that makes several apps on the same folders (the tests make one per test file)
// reads and compresses each folder once; a changed file list, size or time reads it again.
const loaded = new Map<string, { signature: string; files: Map<string, Entry> }>();

/** A folder in memory, with brotli and gzip variants of the text files. */
export function loadFolder(dir: string): Map<string, Entry> {
  if (!existsSync(dir)) return new Map();
  const names = (readdirSync(dir, { recursive: true }) as string[]).filter((name) => TYPES[extname(name)]).sort();
  const signature = names.map((name) => {
    const s = statSync(join(dir, name));
    return `${name}:${s.size}:${s.mtimeMs}`;
  }).join("|");
  const cached = loaded.get(dir);
  if (cached?.signature === signature) return cached.files;
  const files = readFolder(dir, names);
  loaded.set(dir, { signature, files });
  return files;
}

function readFolder(dir: string, names: string[]): Map<string, Entry> {
  const files = new Map<string, Entry>();
  for (const name of names) {
    const type = TYPES[extname(name)]!;
    const raw = new Uint8Array(readFileSync(join(dir, name)));
    const entry: Entry = { type, raw };
    if (!type.startsWith("image/png") && !type.startsWith("image/webp") && raw.byteLength > 512) {
      entry.br = encode(raw, "br");
      entry.gzip = encode(raw, "gzip");
    }
    files.set(name.split("\\").join("/"), entry);
  }
  return files;
}

function serve(files: Map<string, Entry>, path: string, request: Request, cacheControl: string): Response | undefined {
  const entry = files.get(path);
  if (!entry) return undefined;
  const encoding = pickEncoding(request.headers.get("accept-encoding"));
  const body = (encoding && entry[encoding]) || entry.raw;
  const headers: Record<string, string> = { "Content-Type": entry.type, "Cache-Control": cacheControl, Vary: "Accept-Encoding" };
  if (body !== entry.raw) headers["Content-Encoding"] = encoding!;
  return new Response(body as Uint8Array<ArrayBuffer>, { headers });
}

/**
 * A stable alias's cache time: the embed loader (/embed.js) sits in other sites' pages, so it
 * cannot change its URL with each build; a new build reaches them within five minutes.
 */
export const ALIAS_CACHE_CONTROL = "public, max-age=300";

/**
 * /assets: content-hashed island bundles and CSS, cached for a year (immutable).
 * /static: images under content-hashed names (what pages link), cached for a year
 * (immutable), and under their stable names (what a game's image URL may hold), for a day.
 * `aliases`: stable paths answered with the bytes of a built file (its /assets URL), briefly cached.
 */
export const assets = (distDir: string, aliases: Record<string, string | undefined> = {}) => {
  const built = loadFolder(join(distDir, "assets"));
  const statics = loadFolder(STATIC_DIR);
  const hashed = new Map([...staticHashed].flatMap(([name, h]) => (statics.has(name) ? [[h, statics.get(name)!] as const] : [])));
  let app = new Elysia({ name: "assets" });
  for (const [path, target] of Object.entries(aliases)) {
    const file = target?.startsWith("/assets/") ? target.slice("/assets/".length) : undefined;
    app = app.get(path, ({ request, status }) =>
      (file && serve(built, file, request, ALIAS_CACHE_CONTROL)) || status(404, { message: "Not found" })) as never;
  }
  return app
    .get("/assets/*", ({ params, request, status }) =>
      serve(built, params["*"], request, "public, max-age=31536000, immutable") ?? status(404, { message: "Not found" }))
    .get("/static/*", ({ params, request, status }) =>
      serve(hashed, params["*"], request, "public, max-age=31536000, immutable")
      ?? serve(statics, params["*"], request, "public, max-age=86400") ?? status(404, { message: "Not found" }));
};
