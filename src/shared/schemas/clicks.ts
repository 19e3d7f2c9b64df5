// The booking redirect's query, /go/{displayId}?source=…&origin=… A booking link must never
// break for a visitor: an unknown source is recorded as `other` and a bad origin is dropped,
// nothing here answers 4xx (docs/decisions/37-one-run-calendar-and-click-sources.md).
import { z } from "./zod";
import { CLICK_SOURCES, EMBED_ORIGIN_MAX } from "../enums";

/** An http(s) page address reduced to its origin (scheme, host, port), or null for anything else. */
export const embedOrigin = z.string().max(EMBED_ORIGIN_MAX).transform((value, ctx) => {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.origin.length > EMBED_ORIGIN_MAX) {
    ctx.addIssue({ code: "custom", message: "not an http(s) origin" });
    return z.NEVER;
  }
  return url.origin;
});

export const goQuery = z.object({
  source: z.enum(CLICK_SOURCES).catch("other"),
  origin: embedOrigin.nullable().catch(null),
}).transform(({ source, origin }) => ({ source, origin: source === "embed" ? origin ?? null : null }));
export type GoQuery = z.infer<typeof goQuery>;
