// Row ids in JSON bodies (the forms' schemas load this in the browser, so it holds nothing else).
import { z } from "./zod";

/** PostgreSQL's integer maximum: a larger id can name no row, and the driver would refuse it. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id in a JSON body, whose every failure (missing, null, wrong type) reads `message`. */
export const idField = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
