// The embed loader (/embed.js, docs/decisions/35-embeds.md), for other sites' pages: turns each
// <div data-runboard-calendar="slug" data-filters="…" data-theme="dark"> into an iframe of
// /embed/calendars/{slug} once it nears the viewport, passes the page's origin for booking
// attribution, and sizes the iframe to the height the embed posts. Until then (or without
// JavaScript) the div keeps its plain link to the calendar. A classic script: the IIFE keeps its
// names out of the page's globals, and a second copy of the tag finds every div already taken.
import { EMBED_HEIGHT_MESSAGE, EMBED_THEMES, localeEmbedPath, type EmbedHeightMessage } from "../../src/shared/embed";

(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  if (!script?.src) return;
  const runboard = new URL(script.src).origin;
  const frames: HTMLIFrameElement[] = [];

  // Only our own origin, and only the frame that sent it: no other window can resize a frame.
  addEventListener("message", (e: MessageEvent<EmbedHeightMessage>) => {
    if (e.origin !== runboard || e.data?.type !== EMBED_HEIGHT_MESSAGE) return;
    const height = Number(e.data.height);
    const frame = frames.find((f) => f.contentWindow === e.source);
    if (frame && height > 0) frame.style.height = `${Math.min(Math.ceil(height), 50_000)}px`;
  });

  const load = (el: HTMLElement) => {
    const query = new URLSearchParams(el.dataset.filters ?? "");
    const theme = el.dataset.theme as (typeof EMBED_THEMES)[number];
    if (EMBED_THEMES.includes(theme)) query.set("theme", theme);
    if (/^https?:$/.test(location.protocol)) query.set("origin", location.origin);
    // data-locale (the calendar page's language when the snippet was copied) picks /{locale}/embed/….
    const frame = document.createElement("iframe");
    frame.src = `${runboard}${localeEmbedPath(el.dataset.runboardCalendar!, el.dataset.locale)}?${query}`;
    frame.title = el.textContent?.trim() || el.dataset.runboardCalendar!;
    frame.style.cssText = "display:block;width:100%;height:640px;border:0";
    // The calendar's Subscribe control copies its feed URL (a cross-origin frame must be allowed to).
    frame.allow = "clipboard-write";
    frames.push(frame);
    el.replaceChildren(frame);
  };

  const near = "IntersectionObserver" in window
    ? new IntersectionObserver((entries, io) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        io.unobserve(entry.target);
        load(entry.target as HTMLElement);
      }
    }, { rootMargin: "600px 0px" })
    : null;
  for (const el of document.querySelectorAll<HTMLElement>("[data-runboard-calendar]:not([data-runboard-taken])")) {
    el.dataset.runboardTaken = "";
    if (near) near.observe(el);
    else load(el);
  }
})();
