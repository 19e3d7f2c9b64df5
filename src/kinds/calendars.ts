// The run kinds' public calendar parts (pages and feeds only; the calendar islands load
// their own filter rules, so each island bundles only its kind's).
import type { RunKind } from "../shared/enums";
import type { CalendarAdapter } from "./calendarAdapter";
import { challengeCalendar } from "./challenge/calendar";
import { desertCalendar } from "./desert/calendar";
import { raidCalendar } from "./raid/calendar";

export const CALENDARS: { [K in RunKind]: CalendarAdapter<K> } = { raid: raidCalendar, challenge: challengeCalendar, desert: desertCalendar };
