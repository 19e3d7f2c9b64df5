// Layout the shared stylesheet does not cover yet (a two-column field grid, bare fieldsets,
// the date picker's grid): small inline styles, kept in one place.
import type { CSSProperties } from "react";

/** Two columns when there is room, one on a phone. */
export const FORM_GRID: CSSProperties = { display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(15rem, 1fr))", gap: "1rem" };
/** A fieldset that groups without the browser's frame. */
export const BARE_FIELDSET: CSSProperties = { border: 0, padding: 0, margin: 0, minWidth: 0 };

/** react-day-picker dressed in the app's buttons (its own stylesheet is not loaded). */
export const DAY_PICKER_CLASSES = {
  button_previous: "button button--ghost button--icon button--small",
  button_next: "button button--ghost button--icon button--small",
  day_button: "button button--ghost button--small",
  selected: "is-selected",
  today: "is-today",
};
export const DAY_PICKER_STYLES: Record<string, CSSProperties> = {
  root: { position: "relative", width: "max-content", maxWidth: "100%" },
  nav: { position: "absolute", top: 0, right: 0, display: "flex", gap: ".25rem" },
  month_caption: { display: "flex", alignItems: "center", height: "32px", fontWeight: 700, marginBottom: ".5rem" },
  month_grid: { borderCollapse: "collapse" },
  weekday: { width: "2.5rem", fontSize: ".75rem", fontWeight: 600, color: "var(--muted)", paddingBottom: ".25rem" },
  day: { padding: "1px", textAlign: "center" },
  day_button: { width: "2.375rem", height: "2.375rem", minHeight: 0, padding: 0, justifyContent: "center", fontVariantNumeric: "tabular-nums" },
};
/** The selected day's colours are in styles.css (`.is-selected`): they must reach its button. */
export const DAY_PICKER_MODIFIER_STYLES: Record<string, CSSProperties> = {
  today: { fontWeight: 800, textDecoration: "underline" },
};

const flag = { width: 20, height: 14, viewBox: "0 0 20 14", focusable: false, style: { borderRadius: 2, flex: "none" } } as const;
/** The region buttons' flags (SVG: not every system has flag emoji). */
export const EuFlag = () => (
  <svg {...flag} aria-hidden="true">
    <rect width="20" height="14" fill="#003399" />
    {Array.from({ length: 12 }, (_, i) => {
      const a = (i / 12) * Math.PI * 2;
      // biome-ignore lint/suspicious/noArrayIndexKey: the flag's twelve stars are fixed
      return <circle key={i} cx={10 + 4.2 * Math.cos(a)} cy={7 + 4.2 * Math.sin(a)} r="0.75" fill="#ffcc00" />;
    })}
  </svg>
);
export const UsFlag = () => (
  <svg {...flag} aria-hidden="true">
    <rect width="20" height="14" fill="#fff" />
    {[0, 2, 4, 6, 8, 10, 12].map((y) => <rect key={y} y={y} width="20" height="1" fill="#b22234" />)}
    <rect width="9" height="7" fill="#3c3b6e" />
  </svg>
);
