// The images under src/render/static, each also served under a content-hashed name
// (/static/images/wow.3f9c1a2b.svg) that can be cached immutably: pages link the hashed
// name, while the stable name a game's image URL may hold keeps working (cached a day).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const STATIC_DIR = resolve(import.meta.dir, "static");

/** 'images/wow.svg' -> 'images/wow.<8 hex of its SHA-256>.svg'. */
function hashedNames(dir: string): Map<string, string> {
  const names = new Map<string, string>();
  if (!existsSync(dir)) return names;
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const file = join(dir, name);
    if (!/\.\w+$/.test(name) || !existsSync(file)) continue;
    const path = name.split("\\").join("/");
    const hash = createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 8);
    names.set(path, path.replace(/(\.\w+)$/, `.${hash}$1`));
  }
  return names;
}

export const staticHashed = hashedNames(STATIC_DIR);

/** The hashed URL of one of our static files; any other URL (or null) as it is. */
export function staticUrl<U extends string | null>(url: U): U {
  if (!url?.startsWith("/static/")) return url;
  const hashed = staticHashed.get(url.slice("/static/".length));
  return (hashed ? `/static/${hashed}` : url) as U;
}
