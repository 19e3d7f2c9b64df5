// A game's settings the owner changes in the Games tab, validated the same in the island and the API.
import { z } from "./zod";
import { BOOKING_CUTOFF_MAX } from "../enums";
import { T } from "../text";

const V = T.validation;

/** Minutes before a run starts when booking closes (0: at the start; at most a day). */
export const bookingCutoffField = z.number({ error: V.bookingCutoffInvalid }).int(V.bookingCutoffInvalid).min(0, V.bookingCutoffInvalid).max(BOOKING_CUTOFF_MAX, V.bookingCutoffInvalid);

export const bookingCutoffSchema = z.object({ bookingCutoffMinutes: bookingCutoffField });
