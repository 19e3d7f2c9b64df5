// "Add to your calendar" for one run: its .ics (any calendar app; the feeds' UID, so a later
// subscription does not duplicate it) and Google Calendar's prefilled event. Plain links, so
// they work without JavaScript; shown on the run page and in the contact dialog.
import { T } from "../../src/shared/text";

export type CalendarLinks = { ics: string; google: string };

export function AddToCalendar({ links }: { links: CalendarLinks }) {
  return (
    <div className="row">
      <a className="button button--ghost button--small" href={links.ics} download>{T.runCalendar.ics}</a>
      <a className="button button--ghost button--small" href={links.google} target="_blank" rel="noopener">{T.runCalendar.google}</a>
    </div>
  );
}
