import { useId, type ReactNode } from "react";

/**
 * A row of segmented buttons or links named by the visible label before it (the run forms'
 * choices, the run panels' and insights' zone switch, the calendars' filters).
 */
export function SegmentedGroup({ label, className, labelClassName, children }: {
  label: string; className: string; labelClassName: string; children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <span className={labelClassName} id={id}>{label}</span>
      {/* biome-ignore lint/a11y/useSemanticElements: a segmented control labelled by the span above; a fieldset's legend cannot take that layout */}
      <div className="segmented" role="group" aria-labelledby={id}>{children}</div>
    </div>
  );
}
