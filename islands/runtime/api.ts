// Typed API client for islands: Eden treaty over the server's route types (type-only
// import, so no server code reaches the browser bundle).
import { treaty } from "@elysiajs/eden";
import type { App } from "../../src/app";
import { locale } from "../../src/shared/text";

const origin = typeof location === "undefined" ? "http://localhost" : location.origin;
/** Every call names the page's language, so the API's answers (errors above all) speak it. */
const headers = () => ({ "accept-language": locale() });
export const api = treaty<App>(origin, { fetch: { credentials: "include" }, headers });
/**
 * The same client leaving date-like strings as the strings the contract declares (Eden
 * turns 'YYYY-MM-DD' and ISO texts into Date objects unless told not to): the Insights
 * view's days are keys and labels, not instants.
 */
export const apiPlainDates = treaty<App>(origin, { fetch: { credentials: "include" }, headers, parseDate: false });

/** A failed call's message is "{status}: {body text or status text}". */
export function errorMessage(error: { status: number; value: unknown } | null | undefined, fallback: string): string {
  if (!error) return fallback;
  const v = error.value;
  if (v && typeof v === "object" && "message" in v && typeof v.message === "string") return v.message;
  if (typeof v === "string" && v) return v;
  return fallback;
}
