// The booking link of a run, /go/{displayId}, tagged with where it is shown so Insights can
// split clicks by source (docs/decisions/37-one-run-calendar-and-click-sources.md).
import type { ClickSource } from "../shared/enums";

/** `/go/{label}?source=…`; an embed's link also names the embedding page's origin. */
export function goPath(label: string, source: ClickSource, embedOrigin?: string | null): string {
  const path = `/go/${encodeURIComponent(label)}?source=${source}`;
  return embedOrigin ? `${path}&origin=${encodeURIComponent(embedOrigin)}` : path;
}
