// A run's share image (/runs/{displayId}/card.png): a 1200×630 PNG that link previews show
// (Open Graph, Twitter, Discord). Laid out with satori (JSX and flexbox to SVG, text as paths)
// and rasterised by resvg, both plain npm packages; docs/decisions/36-share-images.md says why.
// Fonts and the games' art are read once, when this module loads (start-up), never per request.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import satori from "satori";
import { renderAsync } from "@resvg/resvg-js";
import { STATIC_DIR } from "./staticFiles";
import { encodeOpaquePng } from "./pngEncode";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Badge tones, as the pages colour a run's availability (styles.css --tone-*). */
export type CardTone = "success" | "warning" | "danger" | "muted";

/** Everything the image shows, as plain text: the image is a pure function of this. */
export type ShareCard = {
  /** A site path of one of our static images (the game's art), or null for none. */
  art: string | null;
  /** The run's display id, e.g. MOP-12. */
  label: string;
  title: string;
  /** What the run is: difficulty, region and the like. */
  subtitle: string;
  /** The start in the run's zone first, then in the other zone. */
  times: [string, string];
  /** Places left, Full or Booking closed; null when there is nothing to say. */
  availability: { text: string; tone: CardTone } | null;
  service: string;
  tagline: string;
};

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve("@fontsource/inter/package.json")), "files");
// Inter from @fontsource/inter (SIL Open Font License 1.1). satori reads WOFF, not WOFF2.
// Latin and Latin Extended, regular and bold: game and raid names are staff-typed text.
const FONTS = (["latin", "latin-ext"] as const).flatMap((subset) =>
  ([400, 700] as const).map((weight) => ({
    name: "Inter", weight, style: "normal" as const,
    data: readFileSync(join(FONT_DIR, `inter-${subset}-${weight}-normal.woff`)),
  })));

/** Our static images as data URLs, by site path ('/static/images/mop-raid.svg'). */
const ART: ReadonlyMap<string, string> = new Map(
  (readdirSync(join(STATIC_DIR, "images")) as string[]).filter((n) => /\.(svg|png)$/.test(n)).map((name) => {
    const type = name.endsWith(".svg") ? "image/svg+xml" : "image/png";
    return [`/static/images/${name}`, `data:${type};base64,${readFileSync(join(STATIC_DIR, "images", name)).toString("base64")}`];
  }),
);
const LOGO = ART.get("/static/images/logo.svg") ?? null;

/** Whether `path` names art the card can draw (only our own files: a card never fetches a URL). */
export const hasArt = (path: string | null): path is string => path !== null && ART.has(path);

/**
 * What the bytes depend on besides the card: the layout's version and the renderer's and
 * font's package versions. Part of every cache key, so an upgrade never serves old bytes.
 */
export const RENDERER_STAMP = [
  "layout-1 rgb-libdeflate-9",
  ...["satori", "@resvg/resvg-js", "@fontsource/inter"].map((p) => `${p}@${(require(`${p}/package.json`) as { version: string }).version}`),
].join(" ");

const TONE: Record<CardTone, { fg: string; bg: string }> = {
  success: { fg: "#0b2a1d", bg: "#3ecf8e" },
  warning: { fg: "#2a1c00", bg: "#f5b73b" },
  danger: { fg: "#ffffff", bg: "#c92a32" },
  muted: { fg: "#14161f", bg: "#b0b6c8" },
};

const ART_WIDTH = 520;

function Card({ card }: { card: ShareCard }) {
  const art = card.art ? ART.get(card.art) : undefined;
  return (
    <div style={{ width: CARD_WIDTH, height: CARD_HEIGHT, display: "flex", background: "#14161f", color: "#e8eaf2", fontFamily: "Inter" }}>
      {art
        ? <img src={art} width={ART_WIDTH} height={CARD_HEIGHT} style={{ objectFit: "cover" }} alt="" />
        : <div style={{ width: ART_WIDTH, height: CARD_HEIGHT, display: "flex", background: "#1d2030" }} />}
      <div style={{ display: "flex", flexDirection: "column", flex: 1, padding: "52px 56px 44px", borderLeft: "6px solid #ff6a1a" }}>
        <div style={{ display: "flex", fontSize: 26, color: "#9aa1b5", letterSpacing: 1 }}>{card.label}</div>
        {/* Block, for satori's lineClamp: a long name ends in an ellipsis on its second line. */}
        <div style={{ display: "block", fontSize: 58, fontWeight: 700, lineHeight: 1.1, marginTop: 10, lineClamp: 2 }}>{card.title}</div>
        <div style={{ display: "block", fontSize: 28, color: "#c9cedc", marginTop: 14, lineHeight: 1.3, lineClamp: 2 }}>{card.subtitle}</div>
        <div style={{ display: "flex", fontSize: 36, fontWeight: 700, marginTop: 30 }}>{card.times[0]}</div>
        <div style={{ display: "flex", fontSize: 28, color: "#9aa1b5", marginTop: 6 }}>{card.times[1]}</div>
        {card.availability
          ? (
            <div style={{ display: "flex", marginTop: 30 }}>
              <div style={{
                display: "flex", fontSize: 32, fontWeight: 700, padding: "8px 22px", borderRadius: 12,
                color: TONE[card.availability.tone].fg, background: TONE[card.availability.tone].bg,
              }}>
                {card.availability.text}
              </div>
            </div>
          )
          : null}
        <div style={{ display: "flex", alignItems: "center", marginTop: "auto" }}>
          {LOGO ? <img src={LOGO} width={44} height={44} alt="" /> : null}
          <div style={{ display: "flex", fontSize: 30, fontWeight: 700, marginLeft: 14 }}>{card.service}</div>
          <div style={{ display: "flex", fontSize: 24, color: "#9aa1b5", marginLeft: 16 }}>{card.tagline}</div>
        </div>
      </div>
    </div>
  );
}

/** The card as SVG (satori: layout and text shaping, glyphs as paths). */
export function shareCardSvg(card: ShareCard): Promise<string> {
  return satori(<Card card={card} />, { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: FONTS });
}

/**
 * The card as PNG bytes. resvg rasterises on libuv's thread pool (renderAsync), so the event
 * loop keeps answering other requests meanwhile; no system font is loaded (text is paths).
 * The pixels are encoded here rather than by resvg: a card is opaque, and RGB deflated by
 * libdeflate is about half the size (src/render/pngEncode.ts).
 */
export async function renderShareCard(card: ShareCard): Promise<Uint8Array<ArrayBuffer>> {
  const svg = await shareCardSvg(card);
  const image = await renderAsync(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
  return encodeOpaquePng(image.pixels, image.width, image.height);
}
