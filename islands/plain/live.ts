// The run page's live updates, without React (docs/decisions/29-live-pages.md): one
// EventSource on /live/runs/{displayId} moves the run's time, shows its places and booking
// state, and says when the run is no longer offered; `reset` refetches the page and takes
// its state from there. Texts come from the page locale's catalogue (T.live).
import { announcement } from "../components/liveAnnouncement";
import { cardTime } from "../../src/domain/cardTime";
import type { Availability, Timezone } from "../../src/shared/enums";
import { availabilityClass, availabilityText } from "../../src/shared/availabilityText";
import { T } from "../../src/shared/text";

type State = { availability: Availability; spotsLeft: number | null; startsAt: number };

const root = document.querySelector<HTMLElement>("[data-live]");
if (root && typeof EventSource !== "undefined") {
  const id = root.dataset.label ?? "";
  const zones = (root.dataset.zones ?? "CET EST").split(" ") as [Timezone, Timezone];
  const announce = root.querySelector<HTMLElement>("[data-live-announce]")!;
  const stateLine = document.querySelector<HTMLElement>("[data-live-state]");
  const gone = root.querySelector<HTMLElement>("[data-live-gone]")!;
  const book = document.querySelector<HTMLElement>("[data-live-book]");
  const when = document.querySelector<HTMLElement>("[data-when]");
  const read = (el: HTMLElement): State => ({
    availability: el.dataset.availability as Availability, spotsLeft: el.dataset.spotsLeft ? Number(el.dataset.spotsLeft) : null, startsAt: Number(el.dataset.start),
  });
  let state = read(root);

  const paint = (next: State) => {
    const said = announcement(id, state.availability, next.availability, next.spotsLeft);
    if (said) announce.textContent = said;
    if (next.startsAt !== state.startsAt) {
      const [main, alt] = zones.map((z) => cardTime(next.startsAt, z));
      const time = document.querySelector<HTMLTimeElement>(".run-page__time time");
      if (time) {
        time.dateTime = main!.iso;
        time.textContent = `${main!.date}, ${main!.time}`;
      }
      const other = document.querySelector<HTMLElement>("[data-live-alt]");
      if (other) other.textContent = `${alt!.date}, ${alt!.time}`;
      if (when) when.dataset.start = String(next.startsAt); // the countdown reads it on its next tick
    }
    root.dataset.availability = next.availability;
    root.dataset.spotsLeft = next.spotsLeft === null ? "" : String(next.spotsLeft);
    root.dataset.start = String(next.startsAt);
    const bookable = next.availability === "open" || next.availability === "few";
    if (book) book.hidden = !bookable;
    if (stateLine) {
      // The same badge the server rendered (islands/components/SpotsBadge.tsx), by the same rule.
      const said = availabilityText(next, T.calendar.availability);
      const badge = document.createElement("span");
      badge.className = availabilityClass(next);
      badge.dataset.availability = next.availability;
      badge.textContent = said;
      stateLine.replaceChildren(...(said === null ? [] : [badge]));
      stateLine.hidden = said === null;
    }
    state = next;
  };
  const leave = () => {
    if (!gone.hidden) return;
    gone.hidden = false;
    if (book) book.hidden = true;
    announce.textContent = T.live.gone({ id });
  };

  const source = new EventSource(root.dataset.live!);
  source.addEventListener("run", (e) => {
    const data = JSON.parse((e as MessageEvent).data) as { availability: Availability; spotsLeft: number | null; startsAt: string };
    paint({ availability: data.availability, spotsLeft: data.spotsLeft, startsAt: Date.parse(data.startsAt) });
  });
  source.addEventListener("removed", () => {
    leave();
    source.close(); // nothing more will come for it
  });
  source.addEventListener("reset", async () => {
    try {
      // no-cache: the page's stale-while-revalidate would hand back the very copy being corrected.
    const res = await fetch(location.pathname, { headers: { accept: "text/html" }, cache: "no-cache" });
      if (res.status === 410 || res.status === 404) return leave();
      const fresh = new DOMParser().parseFromString(await res.text(), "text/html").querySelector<HTMLElement>("[data-live]");
      if (fresh) paint(read(fresh));
    } catch {
      // offline: the next reconnect resets again
    }
  });
  paint(state);
}
