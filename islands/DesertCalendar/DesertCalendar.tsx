import { useMemo, useState } from "react";
import type { ZoneChoice } from "../../src/domain/calendarFilters";
import {
  DEFAULT_DESERT_FILTERS, filterDesertRuns, serializeDesertFilters, toggleFeat, toggleFeatMode,
  type DesertCalendarRun, type DesertFilters, type FeatFilter,
} from "../../src/kinds/desert/filters";
import { inPlace, useCalendarText, useCalendarView } from "../components/calendarState";
import { CalendarFrame } from "../components/CalendarFrame";
import { CalendarBar, ChoiceLinks, FilterForm, FiltersDisclosure, OpenOnlyFilter, ZoneLinks } from "../components/CalendarControls";
import { CardFrame, Row, RunGrid, TooltipBadge, type CardProps } from "../components/RunCard";
import { useContactDialog } from "../components/ContactHost";
import { calendarStream, useLiveRuns } from "../components/liveRuns";
import { LiveBar } from "../components/LiveBar";
import { Subscribe } from "../components/Subscribe";
import type { CalendarIslandProps, KindCalendarText } from "../../src/kinds/calendarAdapter";
import type { DesertCalendarText } from "../../src/kinds/desert/calendar";

export type DesertCalendarProps = CalendarIslandProps<"desert", DesertFilters, object, DesertCalendarText>;
/** The common calendar texts and this kind's. */
const useText = () => useCalendarText() as KindCalendarText<DesertCalendarText>;

/** Desert Perpetual card: completion type and the 'N Feat(s) Run' / 'No Feats Run' badge. */
function DesertRunCard({ run, ...rest }: CardProps<DesertCalendarRun>) {
  const t = useText();
  return (
    <CardFrame {...rest} label={run.label} title={t.desertTitle} startsAt={run.startsAt} booster={run.booster} state={run}
      rows={<Row term={t.completionType}>{t.labels.desertCompletion[run.completion]}</Row>}
      extra={run.feats.length
        ? (
          <TooltipBadge className="badge--accent" label={t.featsRun[run.feats.length] ?? ""}>
            {t.activeFeats}
            <ul className="tooltip__list">{run.feats.map((f) => <li key={f}>{f}</li>)}</ul>
          </TooltipBadge>
        )
        : <span className="badge badge--muted">{t.noFeatsRun}</span>} />
  );
}

/** The Desert Perpetual calendar: zone, completion type, the feat filter and the runs. */
export default function DesertCalendar({ path, runs: initialRuns, liveSince, filters: initial, zone: initialZone, feedUrl, text: t, embed }: DesertCalendarProps) {
  const [filters, setFilters] = useState(initial);
  // The stream corrects the (cached) page's runs in place: places, states, runs leaving and joining.
  const live = useLiveRuns(initialRuns, liveSince, calendarStream(path, serializeDesertFilters(filters)),
    (run) => filterDesertRuns([run], filters).length);
  const runs = live.runs;
  // Desert runs have no region: CET unless another zone is chosen.
  const { zone, setZone, search } = useCalendarView(path, initialZone, serializeDesertFilters(filters), "CET");
  const shown = useMemo(() => filterDesertRuns(runs, filters), [runs, filters]);
  const contact = useContactDialog(zone);
  const href = (f: DesertFilters, z?: ZoneChoice) => path + search(serializeDesertFilters(f), "CET", z);
  const active = (filters.completion === DEFAULT_DESERT_FILTERS.completion ? 0 : 1) + (typeof filters.feats === "string" || filters.feats.length ? 1 : 0)
    + (filters.open ? 1 : 0);
  const setFeats = (feats: FeatFilter) => setFilters((f) => ({ ...f, feats }));
  const modes = [{ value: "all", label: t.allFeatsRun }, { value: "none", label: t.noFeatsRun }] as const;

  return (
    <CalendarFrame text={t} embed={embed}>
      <CalendarBar>
        <ZoneLinks zone={zone} onChoose={setZone} href={(z) => href(filters, z)} />
        <Subscribe feedUrl={feedUrl} filters={serializeDesertFilters(filters)} />
      </CalendarBar>
      <FiltersDisclosure active={active}>
        <div className="toolbar">
          <ChoiceLinks label={t.completionType} value={filters.completion}
            choices={t.choices.desertCompletions.map((c) => ({ value: c, label: t.labels.desertCompletion[c] }))}
            href={(completion) => href({ ...filters, completion })} onChoose={(completion) => setFilters((f) => ({ ...f, completion }))} />
          {/* Without JavaScript the checkbox applies through this small form; the hidden fields keep the rest. */}
          <FilterForm path={path} label={t.openOnly} zone={zone} defaultZone="CET" className="filter-form"
            hidden={serializeDesertFilters({ ...filters, open: false })}>
            <OpenOnlyFilter on={!!filters.open} onChange={(open) => setFilters((f) => ({ ...f, open }))} />
          </FilterForm>
        </div>
        {/* Without JavaScript the checkboxes apply through this form; the hidden fields keep the rest. */}
        <FilterForm path={path} label={t.feats} zone={zone} defaultZone="CET" hidden={serializeDesertFilters({ ...filters, feats: [] })}>
          <ChoiceLinks label={t.feats} value={typeof filters.feats === "string" ? filters.feats : null} choices={modes}
            href={(mode) => href({ ...filters, feats: toggleFeatMode(filters.feats, mode) })}
            onChoose={(mode) => setFeats(toggleFeatMode(filters.feats, mode))} />
          <div className="filter-group">
            {/* biome-ignore lint/a11y/useSemanticElements: a labelled checkbox row laid out like the other filters; a fieldset's legend cannot take that layout */}
            <div className="checkbox-list" role="group" aria-label={t.feats}>
              {t.choices.feats.map((feat) => (
                <label key={feat} title={t.labels.feat[feat]}>
                  <input type="checkbox" name="feat" value={feat}
                    checked={typeof filters.feats !== "string" && filters.feats.includes(feat)}
                    onChange={() => setFeats(toggleFeat(filters.feats, feat))} />
                  <span>{feat} <span className="muted feat-note">({t.labels.feat[feat]})</span></span>
                </label>
              ))}
            </div>
          </div>
          <a className="button button--ghost button--small" href={href({ ...filters, feats: [] })}
            onClick={inPlace(() => setFeats([]))}>{t.clearAll}</a>
        </FilterForm>
      </FiltersDisclosure>
      <LiveBar live={live} />
      <RunGrid runs={shown} empty={t.empty}
        reset={active ? { href: href(DEFAULT_DESERT_FILTERS), onReset: () => setFilters(DEFAULT_DESERT_FILTERS) } : null}>
        {shown.map((run) => (
          <DesertRunCard key={run.id} run={run} zone={zone}
            onContact={(el) => contact.show({ kind: "desert", run }, el)} />
        ))}
      </RunGrid>
      {contact.dialog}
    </CalendarFrame>
  );
}
