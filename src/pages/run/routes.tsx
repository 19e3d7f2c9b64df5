import { Elysia } from "elysia";
import type { AppContext } from "../../http/context";
import { session } from "../../http/sessionGuard";
import { RATE_LIMITS } from "../../http/rateLimit";
import { clientIp } from "../../http/clientAddress";
import { visitorAddress } from "../../domain/visitorAddress";
import { readPath } from "../../readModel/readPath";
import { publicPage } from "../../public/publicResponse";
import { lookupRun, publicRuns } from "../../readModel/runPages";
import { liveRuns } from "../../readModel/liveViews";
import { ClickDedupe, countClick, isCountable } from "../../api/clicks/bookingClicks";
import type { Viewer } from "../../shared/types";
import { pageResponse } from "../pageResponse";
import { notFoundPage } from "../notFound";
import { calendarLink, runEvent } from "./structuredData";
import { runDescription, runName } from "../../kinds/runNames";
import { RunPage, runGonePage } from "./page";
import { NO_ALERTS, alertOffers, alertResultOf, withAlertResult } from "../alertForm";
import { T } from "../../shared/text";
import { metrics } from "../../ops/metrics";
import { mailAvailable } from "../../config/mailConfig";
import { absolute } from "../../render/meta";
import { bookingClosesAt, canBook } from "../../domain/availability";
import type { RunKind } from "../../shared/enums";
import { cutoffOf } from "../../readModel/runIndex";
import type { PublicSnapshot } from "../../readModel/model";
import type { PublicRun } from "../../readModel/runPages";

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
    if (found.state === "unknown") return pageResponse(request, deps.manifest, viewer, notFoundPage(viewer));
    if (found.state === "gone") return pageResponse(request, deps.manifest, viewer, runGonePage(viewer, found.calendar));
    const { page } = found;
    const path = `/runs/${displayId}`;
    const url = absolute(origin, path);
    const image = page.game.imageUrl ? absolute(origin, page.game.imageUrl) : null;
    // A plain alert form post returns with ?alert=<flag>: its own cached variant (src/pages/alertForm.tsx).
    const alertResult = alerts ? alertResultOf(new URL(request.url)) : null;
    const now = deps.clock().getTime();
    const offers = alerts ? alertOffers(page.run, now) : NO_ALERTS;
    return publicPage(deps, request, viewer, snap, withAlertResult(path, alertResult), () => ({
      title: `${T.run.title(runName(page.run), displayId)} · ${T.app.name}`,
      description: runDescription(page.run),
      meta: { url, image, type: "article", jsonLd: runEvent(page, origin, image, deps.config.storefront[page.run.kind], closesAt(snap, page)) },
      plain: offers.notify || offers.remind ? ["share", "when", "live", "alerts"] : ["share", "when", "live"],
      body: <RunPage viewer={null} page={page} url={url} calendarHref={calendarLink(snap, page)}
        live={liveRuns(snap, { kind: "run", displayId }, now)[0]!} liveSince={readPath(deps).live.position()} alerts={offers} alertResult={alertResult} />,
    }));
  }

  async function go(request: Request, server: Parameters<typeof clientIp>[0], displayId: string) {
    let target: { kind: RunKind; id: number } | null = null;
    let kind: RunKind = "raid";
    try {
      const snap = await readPath(deps).model.get();
      const run = publicRuns(snap).get(displayId)?.run;
      // A full or closed run cannot be booked: its page says so, and no click is counted.
      if (run && !canBook(run.availability)) {
        metrics.bookings.skipped();
        return new Response(null, { status: 303, headers: { Location: `/runs/${encodeURIComponent(displayId)}`, "Cache-Control": "no-store" } });
      }
      if (run) target = { kind: run.kind, id: run.id };
      kind = run?.kind ?? snap.runIndex.prefixes.get(displayId.split("-")[0]!) ?? kind;
    } catch (err) {
      deps.logger?.warn({ err: String(err) }, "booking redirect without the read model");
    }
    if (!target || !isCountable(request)) metrics.bookings.skipped();
    else await count(visitorAddress(clientIp(server, request, deps.config.trustedProxies)), target);
    return new Response(null, {
      status: 302,
      headers: { Location: storefrontUrl(deps.config.storefront[kind], target ? displayId : null), "Cache-Control": "no-store" },
    });
  }

  /**
   * Counts a click unless this address already clicked the run this hour or has used its
   * hourly share. The visitor is sent on whatever happens here.
   */
  async function count(address: string, target: { kind: RunKind; id: number }) {
    const now = deps.clock();
    const verdict = dedupe.admit(address, `${target.kind}:${target.id}`, now);
    if (verdict === "repeat") return metrics.bookings.repeat();
    if (verdict === "limited") return metrics.bookings.limited();
    metrics.bookings.counted();
    await countClick(deps.db, target.kind, target.id, now)
      .catch((err) => deps.logger?.warn({ err: String(err) }, "booking click not counted"));
  }

  return new Elysia({ name: "run-pages" })
    .use(session(deps))
    .get("/runs/:displayId", ({ request, viewer, params }) => runPage(request, viewer, params.displayId))
    .get("/go/:displayId", ({ request, server, params }) => go(request, server, params.displayId))
    .head("/go/:displayId", ({ request, server, params }) => go(request, server, params.displayId));
};
