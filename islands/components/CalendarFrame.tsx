// The frame of every calendar island: its texts and, on an embed page, the embed's options
// (the cards' booking links read them) and the height the embedding page sizes its iframe to
// (docs/decisions/35-embeds.md). Part of the calendar's own chunk, so an embed page loads
// no script the calendar page does not; kept small, since every calendar page carries it.
import { useEffect, type ReactNode } from "react";
import { EMBED_HEIGHT_MESSAGE, type EmbedHeightMessage, type EmbedOptions } from "../../src/shared/embed";
import type { CalendarText } from "../../src/shared/calendarText";
import { CalendarTextContext, EmbedContext } from "./calendarState";

export function CalendarFrame({ text, embed = null, children }: { text: CalendarText; embed?: EmbedOptions | null; children: ReactNode }) {
  useEffect(() => {
    // Fires once on observe and then on every change of the document's height. The target is the
    // embedding page's origin when the loader named it; a height is no secret, so an iframe pasted
    // by hand (no origin) posts to any parent. The frame lives as long as the page: no disconnect;
    // the loader rounds the height up.
    if (embed) new ResizeObserver(([e]) => parent.postMessage(
      { type: EMBED_HEIGHT_MESSAGE, height: e!.contentRect.height } satisfies EmbedHeightMessage, embed.parentOrigin ?? "*",
    )).observe(document.documentElement);
  }, [embed]);
  return (
    <CalendarTextContext value={text}>
      <EmbedContext value={embed}>{children}</EmbedContext>
    </CalendarTextContext>
  );
}
