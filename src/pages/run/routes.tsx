import { Elysia } from "elysia";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { RATE_LIMITS } from "../../http/rateLimit";
import { clientIp } from "../../http/clientAddress";
import { visitorAddress } from "../../domain/visitorAddress";
import { readPath } from "../../readModel/readPath";
import { publicFile, publicPage } from "../../public/publicResponse";
import { lookupRun, publicRuns } from "../../readModel/runPages";
import { liveRuns } from "../../readModel/liveViews";
import { ClickDedupe, countClick, isCountable, type ClickFrom } from "../../api/clicks/bookingClicks";
import { goQuery } from "../../shared/schemas/clicks";
import type { Viewer } from "../../shared/types";
import { hereOf, pageResponse } from "../pageResponse";
import { notFoundPage } from "../notFound";
import { calendarLink, runEvent } from "./structuredData";
import { runDescription, runName } from "../../kinds/runNames";
import { RunPage, runGonePage } from "./page";
import { NO_ALERTS, alertOffers, alertResultOf, withAlertResult } from "../alertForm";
import { T } from "../../shared/text";
import { localHref } from "../../shared/i18n/href";
import { metrics } from "../../ops/metrics";
import { mailAvailable } from "../../config/mailConfig";
import { absolute } from "../../render/meta";
import { bookingClosesAt, canBook } from "../../domain/availability";
import type { RunKind } from "../../shared/enums";
import { cutoffOf } from "../../readModel/runIndex";
import type { PublicSnapshot } from "../../readModel/model";
import type { PublicRun } from "../../readModel/runPages";
import { FEED_TYPE, feedSlug, runContact, runIcs, withAlarm } from "../calendar/icalFeed";
import { googleCalendarUrl, icsPath } from "../../kinds/runCalendarLinks";
import { alarmOf } from "../../shared/schemas/calendarAlarm";
import { DomainError } from "../../domain/errors";
import { runCardRoutes } from "./cardRoutes";
import { CARD_SIZE, cardContent, cardPath } from "./cardContent";

/** When booking the page's run closes (its game's cutoff before its start), epoch ms. */
const closesAt = (snap: PublicSnapshot, page: PublicRun) =>
  bookingClosesAt(Date.parse(page.run.startsAt), cutoffOf(snap.runIndex, page.run.gameId));

/** Where `/go` sends a visitor: the kind's storefront with the run and our campaign tags. */
export function storefrontUrl(base: string, displayId: string | null): string {
  const url = new URL(base);
  if (displayId) url.searchParams.set("run", displayId);
  url.searchParams.set("utm_source", "runboard");
  url.searchParams.set("utm_medium", "calendar");
  return url.href;
}

/**
 * /runs/{displayId}: a public page from the read model through the page cache (same change
 * rules as the calendars); 410 for a run that is no longer offered, 404 for an id never issued.
 * /go/{displayId}: the booking redirect, counting clicks (src/api/clicks/bookingClicks.ts); for a
 * full or closed run, 303 to its page instead, uncounted.
 */
export const runPageRoutes = (deps: AppContext) => {
  const origin = deps.config.publicOrigin;
  const dedupe = new ClickDedupe(RATE_LIMITS.bookingClicks.limit);
  const alerts = mailAvailable(deps.config);

  async function runPage(request: Request, viewer: Viewer | null, displayId: string) {
    const snap = await readPath(deps).model.get();
    const found = lookupRun(snap, displayId);
    if (found.state === "unknown") return pageResponse(request, deps.manifest, viewer, notFoundPage(viewer, hereOf(request)));
    if (found.state === "gone") return pageResponse(request, deps.manifest, viewer, runGonePage(viewer, found.calendar, hereOf(request)));
    const { page } = found;
    const path = `/runs/${displayId}`;
    const url = absolute(origin, path);
    const image = page.game.imageUrl ? absolute(origin, page.game.imageUrl) : null;
    // A plain alert form post returns with ?alert=<flag>: its own cached variant (src/pages/alertForm.tsx).
    const alertResult = alerts ? alertResultOf(new URL(request.url)) : null;
    const now = deps.clock().getTime();
    const offers = alerts ? alertOffers(page.run, now) : NO_ALERTS;
    const contact = runContact(snap, page);
    const addToCalendar = contact && { ics: localHref(icsPath(displayId)), google: googleCalendarUrl(contact, origin) };
    return publicPage(deps, request, viewer, snap, withAlertResult(path, alertResult), () => {
      // Link previews get the share image of exactly this state of the run (docs/decisions/36-share-images.md).
      const card = cardContent(page);
      const preview = { url: absolute(origin, cardPath(displayId, card.key)), ...CARD_SIZE, alt: card.alt };
      return {
        title: `${T.run.title({ what: runName(page.run), id: displayId })} · ${T.app.name}`,
        description: runDescription(page.run),
        meta: { url, image: preview, type: "article", jsonLd: runEvent(page, origin, image, deps.config.storefront[page.run.kind], closesAt(snap, page)) },
        plain: offers.notify || offers.remind ? ["share", "when", "live", "alerts"] : ["share", "when", "live"],
        // The share link is the page in its own language, like its canonical link.
        body: <RunPage viewer={null} page={page} url={absolute(origin, localHref(path))} calendarHref={localHref(calendarLink(snap, page))} addToCalendar={addToCalendar}
          live={liveRuns(snap, { kind: "run", displayId }, now)[0]!} liveSince={readPath(deps).live.position()} alerts={offers} alertResult={alertResult} />,
      };
    });
  }

  /**
   * /runs/{displayId}.ics: the run as one event (the feeds' UID and description, a reminder by
   * `?alarm=`), cached like the feeds; 404 for an id never issued, 410 for a run no longer offered.
   */
  async function runFile(request: Request, displayId: string) {
    const snap = await readPath(deps).model.get();
    const found = lookupRun(snap, displayId);
    const contact = found.state === "public" ? runContact(snap, found.page) : null;
    if (found.state !== "public" || !contact) {
      const gone = found.state === "gone";
      return new Response(gone ? T.runCalendar.gone : T.runCalendar.notFound, { status: gone ? 410 : 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    const alarm = alarmOf(new URL(request.url).searchParams);
    if (!alarm.ok) throw new DomainError("invalid", alarm.message);
    return publicFile(deps, request, snap, withAlarm(icsPath(displayId), alarm.minutes), FEED_TYPE,
      () => runIcs(contact, found.page.run, origin, alarm.minutes), `attachment; filename="${displayId}.ics"`);
  }

  async function go(request: Request, server: Parameters<typeof clientIp>[0], displayId: string) {
    // Never fails: an unknown source is `other`, a bad embed origin is dropped (the visitor is sent on regardless).
    const from = goQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
    let target: { kind: RunKind; id: number } | null = null;
    let kind: RunKind = "raid";
    try {
      const snap = await readPath(deps).model.get();
      const run = publicRuns(snap).get(displayId)?.run;
      // A full or closed run cannot be booked: its page says so, and no click is counted.
      if (run && !canBook(run.availability)) {
        metrics.bookings.skipped();
        return new Response(null, { status: 303, headers: { Location: localHref(`/runs/${encodeURIComponent(displayId)}`), "Cache-Control": "no-store" } });
      }
      if (run) target = { kind: run.kind, id: run.id };
      kind = run?.kind ?? snap.runIndex.prefixes.get(displayId.split("-")[0]!) ?? kind;
    } catch (err) {
      deps.logger?.warn({ err: String(err) }, "booking redirect without the read model");
    }
    if (!target || !isCountable(request)) metrics.bookings.skipped();
    else await count(visitorAddress(clientIp(server, request, deps.config.trustedProxies)), target, from);
    return new Response(null, {
      status: 302,
      headers: { Location: storefrontUrl(deps.config.storefront[kind], target ? displayId : null), "Cache-Control": "no-store" },
    });
  }

  /**
   * Counts a click unless this address already clicked the run this hour or has used its
   * hourly share. The visitor is sent on whatever happens here.
   */
  async function count(address: string, target: { kind: RunKind; id: number }, from: ClickFrom) {
    const now = deps.clock();
    const verdict = dedupe.admit(address, `${target.kind}:${target.id}`, now);
    if (verdict === "repeat") return metrics.bookings.repeat();
    if (verdict === "limited") return metrics.bookings.limited();
    metrics.bookings.counted();
    await countClick(deps.db, target.kind, target.id, now, from)
      .catch((err) => deps.logger?.warn({ err: String(err) }, "booking click not counted"));
  }

  return new Elysia({ name: "run-pages" })
    // Before the session plugin: a share image is the same for everyone.
    .use(runCardRoutes(deps))
    .use(session(deps))
    // Async, so Elysia awaits it inside its error handling (a bad ?alarm= is a 400, not an escape).
    .get("/runs/:displayId", async ({ request, viewer, params }) => {
      // Null when the path is not valid percent-encoding: the run page's 404 then.
      const ics = feedSlug((params.displayId as string | null) ?? "");
      return ics === null ? runPage(request, viewer, params.displayId) : runFile(request, ics);
    })
    .get("/go/:displayId", ({ request, server, params }) => go(request, server, params.displayId))
    .head("/go/:displayId", ({ request, server, params }) => go(request, server, params.displayId));
};
