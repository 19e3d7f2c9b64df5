import { useMemo, useState } from "react";
import { ALL, type ZoneChoice } from "../../src/domain/calendarFilters";
import {
  FILTER_CLASSES, activeRaidFilters, defaultRaidFilters, factionsOf, filterRaidRuns, raidTabCounts, raidZone, serializeRaidFilters, withRegion,
  type RaidCalendarRun, type RaidFilters, type RaidRefs,
} from "../../src/kinds/raid/filters";
import { inPlace, messagesOf, useCalendarText, useCalendarView } from "../components/calendarState";
import { CalendarFrame } from "../components/CalendarFrame";
import { CalendarBar, ChoiceLinks, FilterForm, FiltersDisclosure, OpenOnlyFilter, SelectFilter, ZoneLinks, plain } from "../components/CalendarControls";
import { CardFrame, Row, RunGrid, TooltipBadge, type CardProps } from "../components/RunCard";
import { useContactDialog } from "../components/ContactHost";
import { calendarStream, useLiveRuns } from "../components/liveRuns";
import { LiveBar } from "../components/LiveBar";
import { Subscribe } from "../components/Subscribe";
import type { CalendarIslandProps, KindCalendarText } from "../../src/kinds/calendarAdapter";
import type { RaidCalendarText } from "../../src/kinds/raid/calendar";

export type RaidCalendarProps = CalendarIslandProps<"raid", RaidFilters, { refs: RaidRefs }, RaidCalendarText>;
/** The common calendar texts and this kind's. */
const useText = () => useCalendarText() as KindCalendarText<RaidCalendarText>;

/** Raid card: difficulty badge, completion mode, gameplay type, faction and the class rule. */
function RaidRunCard({ run, raidName, ...rest }: CardProps<RaidCalendarRun> & { raidName: string }) {
  const t = useText();
  return (
    <CardFrame {...rest} label={run.label} title={raidName} startsAt={run.startsAt} booster={run.booster} state={run}
      badge={<span className={`badge difficulty--${run.difficulty}`}>{t.labels.difficulty[run.difficulty]}</span>}
      rows={<>
        <Row term={t.completionMode}>{run.mode ?? t.standard}</Row>
        <Row term={t.gameplayType}>{run.gameplay ? t.labels.gameplayType[run.gameplay] : t.notSpecified}</Row>
        <Row term={t.faction}>{run.faction}</Row>
      </>}
      extra={run.classes.length
        ? (
          <TooltipBadge className="badge--warning" label={t.classLimitation}>
            {t.availableClasses}
            <ul className="tooltip__list">
              {/* biome-ignore lint/suspicious/noArrayIndexKey: class restrictions have no id and are never reordered */}
              {run.classes.map((c, i) => <li key={i}>{c.wowClass} ({c.specs.join(", ")}) · {c.serviceType}</li>)}
            </ul>
          </TooltipBadge>
        )
        : <span className="badge badge--success">{t.allClasses}</span>} />
  );
}

/** The raid calendar (game 1): zone, region and the filters, raid tabs with their counts, and the matching runs. */
export default function RaidCalendar({ path, runs: initialRuns, liveSince, filters: initial, zone: initialZone, refs, feedUrl, text: t, embed }: RaidCalendarProps) {
  const [filters, setFilters] = useState(initial);
  // The stream corrects the (cached) page's runs in place: places, states, runs leaving and joining.
  const live = useLiveRuns(initialRuns, liveSince, calendarStream(path, serializeRaidFilters(filters, refs)),
    (run) => filterRaidRuns([run], filters).length);
  const runs = live.runs;
  const { zone, setZone, search } = useCalendarView(path, initialZone, serializeRaidFilters(filters, refs), raidZone(filters));
  const shown = useMemo(() => filterRaidRuns(runs, filters), [runs, filters]);
  const counts = useMemo(() => raidTabCounts(runs, filters), [runs, filters]);
  const contact = useContactDialog(zone);
  const href = (f: RaidFilters, z?: ZoneChoice) => path + search(serializeRaidFilters(f, refs), raidZone(f), z);
  const set = <K extends keyof RaidFilters>(key: K) => (value: RaidFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  const raidName = (id: number) => refs.raids.find((r) => r.id === id)?.name ?? "";
  const defaults = defaultRaidFilters(refs);
  const { tabRuns } = messagesOf(t);
  const isDefault = serializeRaidFilters(filters, refs).length === 0;

  return (
    <CalendarFrame text={t} embed={embed}>
      <CalendarBar>
        <ZoneLinks zone={zone} onChoose={setZone} href={(z) => href(filters, z)} />
        <Subscribe feedUrl={feedUrl} filters={serializeRaidFilters(filters, refs)} />
      </CalendarBar>
      <FiltersDisclosure active={(filters.region === defaults.region ? 0 : 1) + activeRaidFilters(filters)}>
        {/* Without JavaScript the selects apply through this form; the hidden fields keep region, raid and zone.
            The region links sit in the same row (they work as links with or without it). */}
        <FilterForm path={path} label={t.filters} zone={zone} defaultZone={raidZone(filters)}
          hidden={serializeRaidFilters({ ...filters, difficulty: ALL, faction: ALL, wowClass: ALL, serviceType: ALL, gameplay: ALL, open: false }, refs)}>
          <ChoiceLinks label={t.region} value={filters.region} choices={plain(t.choices.regions)}
            href={(region) => href(withRegion(filters, region))} onChoose={(region) => setFilters((f) => withRegion(f, region))} />
          <SelectFilter label={t.difficulty} name="difficulty" value={filters.difficulty}
            choices={t.choices.difficulties.map((d) => ({ value: d, label: t.labels.difficulty[d] }))} onChange={set("difficulty")} />
          <SelectFilter label={t.factionsRealms} name="faction" value={filters.faction}
            choices={plain(factionsOf(refs, filters.region))} onChange={set("faction")} />
          <SelectFilter label={t.class} name="class" value={filters.wowClass} choices={plain(FILTER_CLASSES)} onChange={set("wowClass")} />
          <SelectFilter label={t.serviceType} name="service" value={filters.serviceType} choices={plain(t.choices.serviceTypes)} onChange={set("serviceType")} />
          <SelectFilter label={t.gameplayType} name="gameplay" value={filters.gameplay}
            choices={t.choices.gameplayTypes.map((g) => ({ value: g, label: t.labels.gameplayType[g] }))} onChange={set("gameplay")} />
          <OpenOnlyFilter on={!!filters.open} onChange={set("open")} />
        </FilterForm>
      </FiltersDisclosure>
      {refs.raids.length
        ? (
          <nav className="tabs" aria-label={t.raid}>
            {refs.raids.map((r) => {
              const n = counts.get(r.id) ?? 0;
              return (
                <a key={r.id} className="tabs__tab" href={href({ ...filters, raidId: r.id })}
                  aria-current={r.id === filters.raidId ? "page" : undefined}
                  onClick={inPlace(() => set("raidId")(r.id))}
                  // The strip scrolls sideways on a phone: a tab reached by keyboard comes fully into view.
                  onFocus={(e) => e.currentTarget.scrollIntoView({ block: "nearest", inline: "nearest" })}>
                  {r.name}{" "}
                  <span className="tabs__count" aria-hidden="true">{n}</span>
                  <span className="visually-hidden">{" "}{tabRuns({ n })}</span>
                </a>
              );
            })}
          </nav>
        )
        : null}
      <LiveBar live={live} />
      <RunGrid runs={shown} empty={t.empty}
        reset={isDefault ? null : { href: href(defaults), onReset: () => setFilters(defaults) }}>
        {shown.map((run) => (
          <RaidRunCard key={run.id} run={run} raidName={raidName(run.raidId)} zone={zone}
            onContact={(el) => contact.show({ kind: "raid", run, raidName: raidName(run.raidId) }, el)} />
        ))}
      </RunGrid>
      {contact.dialog}
    </CalendarFrame>
  );
}
