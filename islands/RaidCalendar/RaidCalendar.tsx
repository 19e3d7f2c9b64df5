import { useMemo, useState } from "react";
import { ALL, toSearch } from "../../src/domain/calendarFilters/common";
import {
  FILTER_CLASSES, factionsOf, filterRaidRuns, serializeRaidFilters, withRegion,
  type RaidCalendarRun, type RaidFilters, type RaidRefs,
} from "../../src/domain/calendarFilters/raid";
import type { Timezone } from "../../src/shared/enums";
import type { CalendarText } from "../../src/pages/calendar/text";
import { CalendarTextContext, inPlace, useCalendarText, useCalendarView } from "../components/calendarState";
import { ChoiceLinks, FilterForm, SelectFilter, ZoneLinks, plain } from "../components/CalendarControls";
import { CardFrame, Row, RunGrid, TooltipBadge, type CardProps } from "../components/RunCard";
import { useContactDialog } from "../components/ContactHost";
import { Subscribe } from "../components/Subscribe";

export type RaidCalendarProps = {
  /** The page's path; filter links and the URL are built on it. */
  path: string;
  /** Every public run of the game (filtered here, so filter changes need no request). */
  runs: RaidCalendarRun[];
  filters: RaidFilters;
  zone: Timezone;
  refs: RaidRefs;
  /** The game's subscription feed (absolute, no query). */
  feedUrl: string;
  text: CalendarText;
};

/** Raid card: difficulty badge, completion mode, gameplay type, faction and the class rule. */
function RaidRunCard({ run, raidName, ...rest }: CardProps<RaidCalendarRun> & { raidName: string }) {
  const t = useCalendarText();
  return (
    <CardFrame {...rest} label={run.label} title={raidName} startsAt={run.startsAt} booster={run.booster}
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
              {run.classes.map((c, i) => <li key={i}>{c.wowClass} ({c.specs.join(", ")}) · {c.serviceType}</li>)}
            </ul>
          </TooltipBadge>
        )
        : <span className="badge badge--success">{t.allClasses}</span>} />
  );
}

/** The raid calendar (game 1): zone, region, raid tabs, filters and the matching runs. */
export default function RaidCalendar({ path, runs, filters: initial, zone: initialZone, refs, feedUrl, text: t }: RaidCalendarProps) {
  const [filters, setFilters] = useState(initial);
  const [zone, setZone] = useCalendarView(path, initialZone, serializeRaidFilters(filters, refs));
  const shown = useMemo(() => filterRaidRuns(runs, filters), [runs, filters]);
  const contact = useContactDialog(zone);
  const href = (f: RaidFilters, z = zone) => path + toSearch(serializeRaidFilters(f, refs), z);
  const set = <K extends keyof RaidFilters>(key: K) => (value: RaidFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  const raidName = (id: number) => refs.raids.find((r) => r.id === id)?.name ?? "";

  return (
    <CalendarTextContext value={t}>
      <div className="toolbar">
        <ZoneLinks zone={zone} onChoose={setZone} href={(z) => href(filters, z)} />
        <ChoiceLinks label={t.region} value={filters.region} choices={plain(t.choices.regions)}
          href={(region) => href(withRegion(filters, region))} onChoose={(region) => setFilters((f) => withRegion(f, region))} />
      </div>
      {refs.raids.length
        ? (
          <nav className="tabs" aria-label={t.raid}>
            {refs.raids.map((r) => (
              <a key={r.id} className="tabs__tab" href={href({ ...filters, raidId: r.id })}
                aria-current={r.id === filters.raidId ? "page" : undefined}
                onClick={inPlace(() => set("raidId")(r.id))}>{r.name}</a>
            ))}
          </nav>
        )
        : null}
      {/* Without JavaScript the selects apply through this form; the hidden fields keep region, raid and zone. */}
      <FilterForm path={path} label={t.filters} zone={zone}
        hidden={serializeRaidFilters({ ...filters, difficulty: ALL, faction: ALL, wowClass: ALL, serviceType: ALL, gameplay: ALL }, refs)}>
        <SelectFilter label={t.difficulty} name="difficulty" value={filters.difficulty}
          choices={t.choices.difficulties.map((d) => ({ value: d, label: t.labels.difficulty[d] }))} onChange={set("difficulty")} />
        <SelectFilter label={t.factionsRealms} name="faction" value={filters.faction}
          choices={plain(factionsOf(refs, filters.region))} onChange={set("faction")} />
        <SelectFilter label={t.class} name="class" value={filters.wowClass} choices={plain(FILTER_CLASSES)} onChange={set("wowClass")} />
        <SelectFilter label={t.serviceType} name="service" value={filters.serviceType} choices={plain(t.choices.serviceTypes)} onChange={set("serviceType")} />
        <SelectFilter label={t.gameplayType} name="gameplay" value={filters.gameplay}
          choices={t.choices.gameplayTypes.map((g) => ({ value: g, label: t.labels.gameplayType[g] }))} onChange={set("gameplay")} />
      </FilterForm>
      <Subscribe feedUrl={feedUrl} filters={serializeRaidFilters(filters, refs)} />
      <RunGrid count={shown.length} empty={t.empty.raid}>
        {shown.map((run) => (
          <RaidRunCard key={run.id} run={run} raidName={raidName(run.raidId)} zone={zone}
            onContact={(el) => contact.show({ kind: "raid", run, raidName: raidName(run.raidId) }, el)} />
        ))}
      </RunGrid>
      {contact.dialog}
    </CalendarTextContext>
  );
}
