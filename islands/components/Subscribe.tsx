// The Subscribe control of a calendar page: a disclosure that works without JavaScript (links
// and a selectable field, islands/components/SubscribePanel.tsx). Its panel's code loads with
// the first open, hover or focus of the summary; until then React keeps the server's markup
// of the panel (an element whose inner HTML React leaves alone), and the copy button appears.
import { useState } from "react";
import { useCalendarText, useHydrated } from "./calendarState";
import type { SubscribePanel, SubscribeProps } from "./SubscribePanel";

type Panel = typeof SubscribePanel;
/**
 * The panel where it renders at once: the server's render of an island (src/pages/island.tsx)
 * gives it for that render only; the browser loads it on first use. Given per render, so no
 * other render in the process (a test of the browser's side, say) can find it or take it away.
 */
let given: Panel | undefined;
export function withPanel<T>(panel: Panel, render: () => T): T {
  given = panel;
  try {
    return render();
  } finally {
    given = undefined;
  }
}

export function Subscribe(props: SubscribeProps) {
  const t = useCalendarText().subscribe;
  const hydrated = useHydrated();
  const [Panel, setPanel] = useState(() => given);
  const load = () => void import("./SubscribePanel").then((m) => setPanel(() => m.SubscribePanel));
  return (
    // Focus and hover reach the details from its summary (the only part shown while it is closed).
    <details className="subscribe" onToggle={load} onFocus={load} onPointerEnter={load}>
      <summary className="button button--ghost">{t.title}</summary>
      {Panel
        ? <Panel {...props} hydrated={hydrated} />
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty: React keeps the server's panel until its code loads
        : <div className="subscribe__body" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />}
    </details>
  );
}
