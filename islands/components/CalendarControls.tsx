// Filter controls of the public calendars. Button groups are links to the filtered URL
// (they work without JavaScript; with it they filter in place); selects and checkboxes
// sit in a GET form whose submit button only shows without JavaScript.
import { useEffect, useId, useRef, type ReactNode } from "react";
import type { ZoneChoice } from "../../src/domain/calendarFilters";
import type { Timezone } from "../../src/shared/enums";
import { inPlace, useCalendarText, useHydrated, useMessages } from "./calendarState";
import { SegmentedGroup } from "./SegmentedGroup";

export type Choice<V extends string> = { value: V; label: string };
/** Choices whose label is the value itself (EU, US, 'EU Alliance', ...). */
export const plain = <V extends string>(values: readonly V[]): Choice<V>[] => values.map((v) => ({ value: v, label: v }));

/** A labelled segmented group of links; the current one carries aria-current. */
export function ChoiceLinks<V extends string>({ label, value, choices, href, onChoose }: {
  label: string; value: V | readonly V[] | null; choices: readonly Choice<V>[]; href: (v: V) => string; onChoose: (v: V) => void;
}) {
  const on = (v: V) => (typeof value === "string" ? value === v : !!value?.includes(v));
  return (
    <SegmentedGroup label={label} className="filter-group" labelClassName="filter-group__label">
      {choices.map((c) => (
        <a key={c.value} className="segmented__item" href={href(c.value)} aria-current={on(c.value) ? "true" : undefined}
          onClick={inPlace(() => onChoose(c.value))}>{c.label}</a>
      ))}
    </SegmentedGroup>
  );
}

/** A labelled select whose first option is 'All'. */
export function SelectFilter<V extends string>({ label, name, value, choices, onChange }: {
  label: string; name: string; value: V | "all"; choices: readonly Choice<V>[]; onChange: (v: V | "all") => void;
}) {
  const id = useId();
  const t = useCalendarText();
  return (
    <div className="filter-group">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} className="select" value={value} onChange={(e) => onChange(e.target.value as V | "all")}>
        <option value="all">{t.all}</option>
        {choices.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
      </select>
    </div>
  );
}

/**
 * The GET form around selects/checkboxes: hidden fields carry the rest of the view's state.
 * `className`: a toolbar of its own by default; `filter-form` sits inside another toolbar.
 */
export function FilterForm({ path, label, zone, defaultZone, hidden, className = "toolbar", children }: {
  path: string; label: string; zone: ZoneChoice; defaultZone: Timezone; hidden: readonly (readonly [string, string])[]; className?: string;
  children: ReactNode;
}) {
  const t = useCalendarText();
  const hydrated = useHydrated();
  return (
    <form className={className} method="get" action={path} aria-label={label}>
      {hidden.map(([k, v]) => <input key={k + v} type="hidden" name={k} value={v} />)}
      {zone === defaultZone ? null : <input type="hidden" name="tz" value={zone} />}
      {children}
      {hydrated ? null : <button type="submit" className="button button--primary">{t.applyFilters}</button>}
    </form>
  );
}

/**
 * "Only runs with free spots" (?open=1): a checkbox inside the calendar's GET form, so it
 * applies with the form's button without JavaScript and in place with it.
 */
export function OpenOnlyFilter({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const t = useCalendarText();
  return (
    <div className="filter-group open-only">
      <label>
        <input type="checkbox" name="open" value="1" checked={on} onChange={(e) => onChange(e.target.checked)} />
        <span>{t.openOnly}</span>
      </label>
    </div>
  );
}

/**
 * The CET/EST selector; `href` keeps the current filters in each zone's link. Its third
 * choice, the viewer's own zone, exists only with JavaScript, so it appears after hydration.
 */
export function ZoneLinks({ zone, onChoose, href }: { zone: ZoneChoice; onChoose: (z: ZoneChoice) => void; href: (z: ZoneChoice) => string }) {
  const t = useCalendarText();
  const hydrated = useHydrated();
  const choices: Choice<ZoneChoice>[] = plain<ZoneChoice>(t.choices.timezones);
  if (hydrated) choices.push({ value: "local", label: t.localZone });
  return <ChoiceLinks label={t.timezone} value={zone} choices={choices} href={href} onChoose={onChoose} />;
}

/**
 * The zone switch and Subscribe, outside the filters disclosure: on a phone they stay in
 * view while the filters are folded away, and on a wide screen they take one short row.
 */
export function CalendarBar({ children }: { children: ReactNode }) {
  return <div className="calendar-bar">{children}</div>;
}

/**
 * The filter controls behind a 'Filters (n active)' disclosure on narrow screens, so the
 * first run shows without scrolling on a phone; on wide screens CSS keeps them open and
 * hides the summary. A native <details>, so it works without JavaScript. Where CSS cannot
 * (no ::details-content) the summary stays, and on a wide screen the panel opens here.
 */
export function FiltersDisclosure({ active, children }: { active: number; children: ReactNode }) {
  const t = useCalendarText();
  const { filtersActive } = useMessages();
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    const summary = details?.querySelector("summary");
    if (!details || !summary || details.open || !window.matchMedia("(min-width: 640px)").matches) return;
    if (getComputedStyle(summary).display !== "none") details.open = true;
  }, []);
  return (
    <details className="filters" ref={ref}>
      <summary className="button button--ghost filters__summary">{active ? filtersActive({ n: active }) : t.filters}</summary>
      {children}
    </details>
  );
}
