// The contact dialog: the run's summary in the chosen zone, the rows and list its
// kind's descriptor gives (a raid run's class restrictions), and the booking link, which
// goes through /go/{displayId} (counted as a calendar click, then redirected to the game's
// storefront), and the run's .ics and Google Calendar links. Calendars load this module on first use, so the
// page's initial JavaScript stays small.
import { useId } from "react";
import { Dialog } from "./Dialog";
import { cardTime, type CardTime } from "../../src/domain/cardTime";
import { TIMEZONES } from "../../src/shared/enums";
import { RunWhen } from "./RunWhen";
import type { ZoneChoice } from "../../src/domain/calendarFilters";
import { contactList, contactRows, type ContactRun } from "../../src/kinds/registry";
import { T } from "../../src/shared/text";
import { canBook } from "../../src/domain/availability";
import { availabilityText } from "../../src/shared/availabilityText";
import { SpotsBadge } from "./SpotsBadge";
import { AddToCalendar } from "./AddToCalendar";
import { goPath } from "../../src/domain/bookingLink";
import { googleCalendarUrl, icsPath } from "../../src/kinds/runCalendarLinks";
import { useCalendarText, useMessages } from "./calendarState";

/** The kind's list after the rows (a raid run's class restrictions, one line each), if it has one. */
function List({ contact }: { contact: ContactRun }) {
  const list = contactList(contact);
  if (!list) return null;
  return (
    <div>
      <dt>{list.term}</dt>
      <dd>
        {list.items.length
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no id and are never reordered
          ? <ul className="contact-classes">{list.items.map((item, i) => <li key={i}>{item}</li>)}</ul>
          : list.empty}
      </dd>
    </div>
  );
}

/** In the viewer's own zone, the start in the product's zones too: support books in CET and EST. */
function SupportTime({ startsAt }: { startsAt: number }) {
  const quoted = TIMEZONES.map((z) => cardTime(startsAt, z)).map((t) => `${t.date}, ${t.time}`).join(" · ");
  return <div><dt>{T.contact.supportTime}</dt><dd>{quoted}</dd></div>;
}

export default function ContactDialog({ contact, when, zone, open, onClose }: {
  /** The run's start in the chosen zone (computed by the calendar, which has the zone). */
  contact: ContactRun; when: CardTime; zone: ZoneChoice; open: boolean; onClose: () => void;
}) {
  const label = contact.run.label;
  const newTabId = useId();
  // A full or closed run: its state takes the place of the booking link and the call to book.
  const bookable = canBook(contact.run.availability);
  const said = useMessages();
  const places = bookable ? availabilityText(contact.run, said.availability) : null;
  // Set by the calendar page when mail can be sent (src/shared/calendarText.ts).
  const { notify, prefix } = useCalendarText();
  return (
    <Dialog open={open} onClose={onClose} title={T.contact.title({ id: label })}
      footer={bookable
        ? <a className="button button--primary" href={goPath(label, "calendar")} target="_blank" rel="noopener" aria-describedby={newTabId}>{T.contact.openStore}</a>
        : (
          <>
            <SpotsBadge run={contact.run} text={said.availability} />
            {/* A full run's "Notify me" is a form on its page: one form, not a copy in the calendar's JavaScript. */}
            {contact.run.availability === "full" && notify
              ? <a className="button button--primary" href={`${prefix}/runs/${label}#alert-spot`}>{notify.dialog}</a>
              : null}
          </>
        )}>
      <dl className="run-card__rows contact-summary">
        <div><dt>{T.contact.date}</dt><dd>{when.date}</dd></div>
        <div><dt>{T.contact.time}</dt><dd><time dateTime={when.iso}>{when.time}</time><RunWhen startsAt={contact.run.startsAt} zone={zone} /></dd></div>
        {zone === "local" ? <SupportTime startsAt={contact.run.startsAt} /> : null}
        {contactRows(contact).map(([term, value]) => <div key={term}><dt>{term}</dt><dd>{value}</dd></div>)}
        <List contact={contact} />
        {places ? <div><dt>{T.contact.spots}</dt><dd><SpotsBadge run={contact.run} text={said.availability} /></dd></div> : null}
      </dl>
      {/* The dialog opens only in the browser: the page's own origin names the links in the event. */}
      <AddToCalendar links={{ ics: prefix + icsPath(label), google: googleCalendarUrl(contact, window.location.origin) }} />
      {bookable ? <div className="callout">
        <div>
          <h3>{T.contact.readyToBook}</h3>
          <p>{T.contact.readyText({ id: label })}</p>
          <p id={newTabId} className="muted">{T.contact.newTab}</p>
        </div>
      </div> : null}
    </Dialog>
  );
}
