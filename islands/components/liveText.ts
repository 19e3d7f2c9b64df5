// The live stream's texts for the calendars (announcements and the "n new runs" control):
// loaded by islands/components/liveRuns.ts with the first event that needs them, not with the
// page (most pages never get one).
import { T } from "../../src/shared/text";

export { announcement } from "./liveAnnouncement";
export const newRuns = (n: number) => T.live.newRuns({ n });
