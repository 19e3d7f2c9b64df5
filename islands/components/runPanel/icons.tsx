// Inline icons for the row actions (no icon font; the button carries the accessible name).
const common = {
  width: 18, height: 18, viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2,
  strokeLinecap: "round", strokeLinejoin: "round", focusable: false,
} as const;

export const EditIcon = () => (
  <svg {...common} aria-hidden="true"><path d="M12 20h9" /><path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" /></svg>
);
export const DuplicateIcon = () => (
  <svg {...common} aria-hidden="true"><rect x="9" y="9" width="13" height="13" rx="2" /><path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" /></svg>
);
export const DeleteIcon = () => (
  <svg {...common} aria-hidden="true"><path d="M3 6h18" /><path d="M8 6V4h8v2" /><path d="M19 6l-1 14H6L5 6" /><path d="M10 11v6M14 11v6" /></svg>
);
export const PlusIcon = () => (
  <svg {...common} aria-hidden="true"><path d="M12 5v14M5 12h14" /></svg>
);
/** A calendar with an arrow: "the same run next week". */
export const NextWeekIcon = () => (
  <svg {...common} aria-hidden="true"><rect x="3" y="4" width="18" height="17" rx="2" /><path d="M3 9h18M8 2v4M16 2v4" /><path d="M9 15h6M13 13l2 2-2 2" /></svg>
);
/** A clock with a back arrow: "this run's history" (the Activity tab filtered to it). */
export const HistoryIcon = () => (
  <svg {...common} aria-hidden="true"><path d="M3 12a9 9 0 1 0 3-6.7L3 8" /><path d="M3 3v5h5" /><path d="M12 7v5l3 2" /></svg>
);
