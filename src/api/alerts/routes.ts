import { Elysia } from "elysia";
import type { AppContext } from "../../http/context";
import { doc, redirectAnswer, replies } from "../../http/contract";
import { clientIp } from "../../http/clientAddress";
import { RATE_LIMITS, consumeAll, limitKey } from "../../http/rateLimit";
import { mailAvailable } from "../../config/mailConfig";
import { alertAcceptedSchema, alertFormSchema, alertRequestSchema, type AlertRequest } from "../../shared/schemas/alerts";
import { apiErrorSchema } from "../../shared/schemas/responses";
import { ALERT_FORM_PARAM, type AlertFormResult } from "../../shared/alerts";
import { DomainError } from "../../domain/errors";
import { T } from "../../shared/text";
import { localHref } from "../../shared/i18n/href";
import { requestAlert } from "./service";
import { requestIdOf } from "../../ops/redact";

const A = T.alerts;

type Outcome = "sent" | "limited" | "unavailable";

/**
 * One sign-up, the same steps for the API and the form post: mail must be possible, the
 * client address and the email must be within their limits, then the service stores the
 * alert and queues its confirmation (or not, within 10 minutes of the last): the caller
 * learns nothing about the address either way.
 */
async function signUp(deps: AppContext, input: AlertRequest, ip: string, request: Request): Promise<Outcome> {
  if (!mailAvailable(deps.config)) return "unavailable";
  const now = deps.clock();
  const allowed = await consumeAll(deps.db, [
    [limitKey("alert-ip", ip), RATE_LIMITS.alertSignUpIp],
    [limitKey("alert-email", input.email), RATE_LIMITS.alertSignUpEmail],
  ], now);
  if (!allowed) return "limited";
  // A visitor: no actor id, and never the address.
  await requestAlert(deps.db, deps, input, { actorId: null, requestId: requestIdOf(request), at: now });
  return "sent";
}

/** `back` with `?alert=<flag>` and a fragment (its own, else `#alert`), so the page shows the result by its form. */
export function backWith(back: string, flag: AlertFormResult): string {
  let url = new URL(back, "http://local");
  // The path as resolved decides, not as written: dot segments can turn `/.//evil.example`
  // into `//evil.example`, which a browser reads as another site.
  if (/^\/[/\\]/.test(url.pathname)) url = new URL("/", "http://local");
  url.searchParams.set(ALERT_FORM_PARAM, flag);
  return url.pathname + url.search + (url.hash || "#alert");
}

/** Which flag a refused form post returns with: the address's own, or the generic one. */
function refusalFlag(issues: readonly { path: readonly PropertyKey[] }[]): AlertFormResult {
  return issues[0]?.path[0] === "email" ? "email" : "invalid";
}

/**
 * Visitor alerts (docs/decisions/34-visitor-alerts.md): POST /api/alerts for scripts and
 * islands, POST /alerts for plain forms (303 back to the page with `?alert=<flag>`).
 * No session: anyone may ask; the confirmation mail is the consent.
 */
export const alertRoutes = (deps: AppContext) =>
  new Elysia({ name: "alert-routes" })
    .post("/api/alerts", async ({ body, request, server, set }) => {
      const outcome = await signUp(deps, body, clientIp(server, request, deps.config.trustedProxies), request);
      if (outcome === "unavailable") {
        set.status = 503;
        return { message: T.mail.unavailable };
      }
      if (outcome === "limited") {
        set.status = 429;
        return { message: A.rateLimited };
      }
      set.status = 202;
      return { message: A.accepted };
    }, {
      body: alertRequestSchema,
      response: replies({ 202: alertAcceptedSchema, 503: apiErrorSchema }, 400, 429),
      detail: doc("Alerts", "Ask for a visitor alert (spot, new-runs or reminder); a confirmation mail is the consent, and the answer is the same whether the address is known"),
    })
    .post("/alerts", async ({ body, request, server, redirect }) => {
      // Whatever arrived (a form, JSON, nothing): its fields, or none.
      const read = alertFormSchema.safeParse(body ?? {});
      const form = read.success ? read.data : {};
      const back = (read.success && read.data.back) || localHref("/");
      const parsed = alertRequestSchema.safeParse(form);
      if (!parsed.success) return redirect(backWith(back, refusalFlag(parsed.error.issues)), 303);
      try {
        return redirect(backWith(back, await signUp(deps, parsed.data, clientIp(server, request, deps.config.trustedProxies), request)), 303);
      } catch (err) {
        // A run or calendar that cannot take this alert: said on the page, like a field error.
        if (err instanceof DomainError && err.kind === "invalid") return redirect(backWith(back, "invalid"), 303);
        throw err;
      }
    }, {
      response: replies({ 303: redirectAnswer }),
      detail: doc("Alerts", "The same sign-up as a plain form post (no JavaScript): a 303 back to `back` with ?alert=sent|email|invalid|limited|unavailable", { 303: "Back to the form's page with ?alert=<flag>" }),
    });
