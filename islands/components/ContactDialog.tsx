// The contact dialog (SPEC §2): the run's summary in the chosen zone, its class
// restrictions, and the booking link, which goes through /go/{displayId} (counted, then
// redirected to the game's storefront). Calendars load this module on first use, so the
// page's initial JavaScript stays small.
import { useId } from "react";
import { Dialog } from "./Dialog";
import type { CardTime } from "./calendarTime";
import { RunWhen } from "./RunWhen";
import type { ZoneChoice } from "../../src/domain/calendarFilters/common";
import type { ChallengeCalendarRun, DesertCalendarRun, RaidCalendarRun } from "../../src/domain/calendarFilters";
import { T } from "../../src/shared/text";

export type ContactRun =
  | { kind: "raid"; run: RaidCalendarRun; raidName: string }
  | { kind: "challenge"; run: ChallengeCalendarRun }
  | { kind: "desert"; run: DesertCalendarRun };

/** The run's details as [term, value] rows: the dialog lists them, calendar feeds describe events with them. */
export function summary(c: ContactRun): [string, string][] {
  const t = T.calendar;
  switch (c.kind) {
    case "raid": return [
      [t.raid, c.raidName],
      [t.difficulty, T.labels.difficulty[c.run.difficulty]],
      [t.faction, c.run.faction],
      [t.completionMode, c.run.mode ?? t.standard],
      [t.gameplayType, c.run.gameplay ? T.labels.gameplayType[c.run.gameplay] : t.notSpecified],
    ];
    case "challenge": return [
      [t.raid, t.challengeTitle],
      [t.faction, c.run.faction],
      [t.completionMode, c.run.mode],
    ];
    case "desert": return [
      [t.raid, t.desertTitle],
      [t.completionType, T.labels.desertCompletion[c.run.completion]],
      [t.feats, c.run.feats.length ? c.run.feats.join(", ") : t.noFeatsRun],
    ];
  }
}

/** A raid run's class restrictions, one line each: 'Paladin (Healer, Tank) · Full Gear Priority'. */
function Classes({ contact }: { contact: ContactRun }) {
  if (contact.kind !== "raid") return null;
  const classes = contact.run.classes;
  return (
    <div>
      <dt>{T.contact.classes}</dt>
      <dd>
        {classes.length
          // biome-ignore lint/suspicious/noArrayIndexKey: class restrictions have no id and are never reordered
          ? <ul className="contact-classes">{classes.map((c, i) => <li key={i}>{c.wowClass}{c.specs.length ? ` (${c.specs.join(", ")})` : ""} · {c.serviceType}</li>)}</ul>
          : T.contact.allClasses}
      </dd>
    </div>
  );
}

export default function ContactDialog({ contact, when, zone, open, onClose }: {
  /** The run's start in the chosen zone (computed by the calendar, which has the zone). */
  contact: ContactRun; when: CardTime; zone: ZoneChoice; open: boolean; onClose: () => void;
}) {
  const label = contact.run.label;
  const newTabId = useId();
  return (
    <Dialog open={open} onClose={onClose} title={T.contact.title(label)}
      footer={
        <a className="button button--primary" href={`/go/${label}`} target="_blank" rel="noopener" aria-describedby={newTabId}>{T.contact.openStore}</a>
      }>
      <dl className="run-card__rows contact-summary">
        <div><dt>{T.contact.date}</dt><dd>{when.date}</dd></div>
        <div><dt>{T.contact.time}</dt><dd><time dateTime={when.iso}>{when.time}</time><RunWhen startsAt={contact.run.startsAt} zone={zone} text={T.calendar.when} /></dd></div>
        {summary(contact).map(([term, value]) => <div key={term}><dt>{term}</dt><dd>{value}</dd></div>)}
        <Classes contact={contact} />
      </dl>
      <div className="callout">
        <div>
          <h3>{T.contact.readyToBook}</h3>
          <p>{T.contact.readyText(label)}</p>
          <p id={newTabId} className="muted">{T.contact.newTab}</p>
        </div>
      </div>
    </Dialog>
  );
}
