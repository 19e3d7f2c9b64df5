// The frame of every calendar island: its texts and, on an embed page, the embed's options
// (the cards' booking links read them) and the height the embedding page sizes its iframe to
// (docs/decisions/35-embeds.md). Part of the calendar's own chunk, so an embed page loads
// no script the calendar page does not.
import { useEffect, type ReactNode } from "react";
import { EMBED_HEIGHT_MESSAGE, type EmbedHeightMessage, type EmbedOptions } from "../../src/shared/embed";
import type { CalendarText } from "../../src/shared/calendarText";
import { CalendarTextContext, EmbedContext } from "./calendarState";

/**
 * Posts the document's height to the parent whenever it changes. The target is the
 * embedding page's origin when the loader named it; a height is no secret, so an iframe
 * pasted by hand (no origin) posts to any parent.
 */
function postHeight(target: string | null): () => void {
  let last = -1;
  const post = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    parent.postMessage({ type: EMBED_HEIGHT_MESSAGE, height } satisfies EmbedHeightMessage, target ?? "*");
  };
  const observer = new ResizeObserver(post);
  observer.observe(document.documentElement);
  post();
  return () => observer.disconnect();
}

export function CalendarFrame({ text, embed, children }: { text: CalendarText; embed: EmbedOptions | undefined; children: ReactNode }) {
  const target = embed?.parentOrigin ?? null;
  const framed = !!embed;
  useEffect(() => (framed && parent !== window ? postHeight(target) : undefined), [framed, target]);
  return (
    <CalendarTextContext value={text}>
      <EmbedContext value={embed ?? null}>{children}</EmbedContext>
    </CalendarTextContext>
  );
}
