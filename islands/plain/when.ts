// The run page's browser-only time lines, without React: "Your time: Sat 02:00 (Tokyo)" when
// the viewer's zone reads differently, and "Starts in 2 h 15 min", refreshed each minute. The
// same rules as the calendar cards (whenRules); texts come from the page locale's catalogue
// (only these messages ship). Without JavaScript the server's absolute times stand alone.
import { countdown, crossedIntoSoon, yourTime } from "../../src/domain/whenRules";
import { T } from "../../src/shared/text";
import type { ZoneChoice } from "../../src/domain/calendarFilters";

const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

for (const root of document.querySelectorAll<HTMLElement>("[data-when]")) {
  // Read at every paint: the live script (./live.ts) moves it when the run is rescheduled.
  const startsAtNow = () => Number(root.dataset.start);
  const zone = root.dataset.zone as ZoneChoice;
  const local = root.querySelector<HTMLElement>("[data-when-local]")!;
  const left = root.querySelector<HTMLElement>("[data-when-countdown]")!;
  const announce = root.querySelector<HTMLElement>("[data-when-announce]")!;
  let before: number | null = null;
  const paint = () => {
    const now = Date.now();
    const startsAt = startsAtNow();
    local.textContent = yourTime(startsAt, zone, viewerZone, T.calendar.when) ?? "";
    left.textContent = countdown(startsAt, now, T.calendar.when);
    // Announced once, when the run crosses into its last 15 minutes while the page is open.
    if (before !== null && crossedIntoSoon([{ startsAt }], before, now).length) {
      announce.textContent = T.calendar.when.announce({ id: root.dataset.label ?? "" });
    }
    before = now;
  };
  paint();
  const tick = () => setTimeout(() => { paint(); tick(); }, 60_000 - (Date.now() % 60_000) + 20);
  tick();
}
