// A run's places and booking state as a badge ("3 spots left", "Full", "Booking closed"): on
// the cards, in the contact dialog and on the run page; nothing for an open run without places.
import type { Bookable } from "../../src/domain/bookable";
import { availabilityClass, availabilityText } from "../../src/shared/availabilityText";
import { T } from "../../src/shared/text";

export function SpotsBadge({ run }: { run: Bookable }) {
  const said = availabilityText(run, T.calendar.availability);
  return said === null ? null : <span className={availabilityClass(run)} data-availability={run.availability}>{said}</span>;
}
