// Generated from the src/kinds/<kind>/calendar modules by src/render/kindRegistries.ts on every
// build and test run. Do not edit: add a kind folder instead.
import { raidCalendar } from "./raid/calendar";
import { challengeCalendar } from "./challenge/calendar";
import { desertCalendar } from "./desert/calendar";

export const CALENDARS = { raid: raidCalendar, challenge: challengeCalendar, desert: desertCalendar } as const;
