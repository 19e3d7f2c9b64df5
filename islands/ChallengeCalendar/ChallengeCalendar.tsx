import { useMemo, useState } from "react";
import type { ZoneChoice } from "../../src/domain/calendarFilters";
import {
  DEFAULT_CHALLENGE_FILTERS, challengeZone, filterChallengeRuns, serializeChallengeFilters, type ChallengeCalendarRun, type ChallengeFilters,
} from "../../src/kinds/challenge/filters";
import { useCalendarText, useCalendarView } from "../components/calendarState";
import { CalendarFrame } from "../components/CalendarFrame";
import { CalendarBar, ChoiceLinks, FilterForm, FiltersDisclosure, OpenOnlyFilter, ZoneLinks, plain } from "../components/CalendarControls";
import { CardFrame, Row, RunGrid, type CardProps } from "../components/RunCard";
import { useContactDialog } from "../components/ContactHost";
import { calendarStream, useLiveRuns } from "../components/liveRuns";
import { LiveBar } from "../components/LiveBar";
import { Subscribe } from "../components/Subscribe";
import type { CalendarIslandProps, KindCalendarText } from "../../src/kinds/calendarAdapter";
import type { ChallengeCalendarText } from "../../src/kinds/challenge/calendar";

export type ChallengeCalendarProps = CalendarIslandProps<"challenge", ChallengeFilters, object, ChallengeCalendarText>;
/** The common calendar texts and this kind's. */
const useText = () => useCalendarText() as KindCalendarText<ChallengeCalendarText>;

/** Challenge-mode card, titled '9/9 Gold Challenge Modes'. */
function ChallengeRunCard({ run, ...rest }: CardProps<ChallengeCalendarRun>) {
  const t = useText();
  return (
    <CardFrame {...rest} label={run.label} title={t.challengeTitle} startsAt={run.startsAt} booster={run.booster} state={run}
      badge={<span className="badge badge--info">{run.faction}</span>}
      rows={<>
        <Row term={t.faction}>{run.faction}</Row>
        <Row term={t.completionMode}>{run.mode}</Row>
      </>} />
  );
}

/** The 9/9 Gold Challenge Mode calendar: zone, faction and completion-mode buttons and the runs. */
export default function ChallengeCalendar({ path, runs: initialRuns, liveSince, filters: initial, zone: initialZone, feedUrl, text: t, embed }: ChallengeCalendarProps) {
  const [filters, setFilters] = useState(initial);
  // The stream corrects the (cached) page's runs in place: places, states, runs leaving and joining.
  const live = useLiveRuns(initialRuns, liveSince, calendarStream(path, serializeChallengeFilters(filters)),
    (run) => filterChallengeRuns([run], filters).length);
  const runs = live.runs;
  const active = serializeChallengeFilters(filters).length;
  const { zone, setZone, search } = useCalendarView(path, initialZone, serializeChallengeFilters(filters), challengeZone(filters));
  const shown = useMemo(() => filterChallengeRuns(runs, filters), [runs, filters]);
  const contact = useContactDialog(zone);
  const href = (f: ChallengeFilters, z?: ZoneChoice) => path + search(serializeChallengeFilters(f), challengeZone(f), z);

  return (
    <CalendarFrame text={t} embed={embed}>
      <CalendarBar>
        <ZoneLinks zone={zone} onChoose={setZone} href={(z) => href(filters, z)} />
        <Subscribe feedUrl={feedUrl} filters={serializeChallengeFilters(filters)} />
      </CalendarBar>
      <FiltersDisclosure active={active}>
        <div className="toolbar">
          <ChoiceLinks label={t.faction} value={filters.faction} choices={plain(t.choices.challengeFactions)}
            href={(faction) => href({ ...filters, faction })} onChoose={(faction) => setFilters((f) => ({ ...f, faction }))} />
          <ChoiceLinks label={t.completionMode} value={filters.mode} choices={plain(t.choices.challengeModes)}
            href={(mode) => href({ ...filters, mode })} onChoose={(mode) => setFilters((f) => ({ ...f, mode }))} />
          {/* Without JavaScript the checkbox applies through this small form; the hidden fields keep the rest. */}
          <FilterForm path={path} label={t.openOnly} zone={zone} defaultZone={challengeZone(filters)} className="filter-form"
            hidden={serializeChallengeFilters({ ...filters, open: false })}>
            <OpenOnlyFilter on={!!filters.open} onChange={(open) => setFilters((f) => ({ ...f, open }))} />
          </FilterForm>
        </div>
      </FiltersDisclosure>
      <LiveBar live={live} />
      <RunGrid runs={shown} empty={t.empty}
        reset={active ? { href: href(DEFAULT_CHALLENGE_FILTERS), onReset: () => setFilters(DEFAULT_CHALLENGE_FILTERS) } : null}>
        {shown.map((run) => (
          <ChallengeRunCard key={run.id} run={run} zone={zone}
            onContact={(el) => contact.show({ kind: "challenge", run }, el)} />
        ))}
      </RunGrid>
      {contact.dialog}
    </CalendarFrame>
  );
}
