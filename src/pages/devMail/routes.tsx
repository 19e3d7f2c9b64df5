// /dev/mail: the development mailbox. Without SMTP_URL, development and tests write each mail
// as an .eml file under DATA_DIR/mail (src/mail/delivery.ts); these pages list and show them.
// Registered only outside production: in production the paths are the not-found page.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Elysia } from "elysia";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { mailDir } from "../../mail/delivery";
import { devMailFileSchema } from "../../shared/schemas/devMail";
import { pageResponse } from "../pageResponse";
import { devMailListPage, devMailMissing, devMailPage, type DevMailSummary } from "./DevMailPages";

/** The newest this many mails are listed (the folder is development's, it may grow). */
const LIST_LIMIT = 100;
const NO_STORE = { "Cache-Control": "no-store" };
// The HTML part is the mail's own markup: shown in a sandbox (no script, its own origin), images only inline or https.
const HTML_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data: https:";

/** mailparser is a development dependency: loaded only when a development page asks. */
const parse = async (raw: Buffer) => (await import("mailparser")).simpleParser(raw);

async function read(dir: string, file: string): Promise<Buffer | null> {
  if (!devMailFileSchema.safeParse(file).success) return null;
  return readFile(join(dir, file)).catch(() => null);
}

const addressText = (a: unknown): string => {
  const list = Array.isArray(a) ? a : a ? [a] : [];
  return list.map((x: { text?: string }) => x.text ?? "").join(", ");
};

export const devMailRoutes = (deps: AppContext) => {
  const app = new Elysia({ name: "dev-mail" });
  if (deps.config.production) return app;
  const dir = mailDir(deps.config.dataDir);
  return app
    .use(session(deps))
    .get("/dev/mail", async ({ request, viewer }) => {
      const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => devMailFileSchema.safeParse(f).success)
        .sort().reverse().slice(0, LIST_LIMIT);
      const mails: DevMailSummary[] = [];
      for (const file of files) {
        const raw = await read(dir, file);
        if (!raw) continue;
        const m = await parse(raw);
        mails.push({ file, at: m.date?.toISOString() ?? null, to: addressText(m.to), subject: m.subject ?? "" });
      }
      return pageResponse(request, deps.manifest, viewer, devMailListPage(viewer, dir, mails), NO_STORE);
    })
    .get("/dev/mail/:file", async ({ request, viewer, params }) => {
      const raw = await read(dir, params.file);
      if (!raw) return pageResponse(request, deps.manifest, viewer, devMailMissing(viewer), NO_STORE);
      const m = await parse(raw);
      return pageResponse(request, deps.manifest, viewer, devMailPage(viewer, {
        file: params.file, at: m.date?.toISOString() ?? null, to: addressText(m.to), subject: m.subject ?? "",
        headers: m.headerLines.map((h) => [h.line.slice(0, h.line.indexOf(":")), h.line.slice(h.line.indexOf(":") + 1).trim()] as [string, string]),
        text: m.text ?? "", hasHtml: typeof m.html === "string",
      }), NO_STORE);
    })
    .get("/dev/mail/:file/html", async ({ request, viewer, params }) => {
      const raw = await read(dir, params.file);
      const html = raw ? (await parse(raw)).html : false;
      if (typeof html !== "string") return pageResponse(request, deps.manifest, viewer, devMailMissing(viewer), NO_STORE);
      return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": HTML_POLICY, ...NO_STORE } });
    })
    .get("/dev/mail/:file/raw", async ({ request, viewer, params }) => {
      const raw = await read(dir, params.file);
      if (!raw) return pageResponse(request, deps.manifest, viewer, devMailMissing(viewer), NO_STORE);
      return new Response(new Uint8Array(raw), { headers: { "Content-Type": "message/rfc822", "Content-Disposition": `attachment; filename="${params.file}"`, ...NO_STORE } });
    });
};
