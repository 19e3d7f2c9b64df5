import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../http/context";
import { pageResponse, type PageResult } from "../pageResponse";
import { alertTokenSchema } from "../../shared/schemas/alerts";
import { T } from "../../shared/text";
import { localHref } from "../../shared/i18n/href";
import {
  confirmAlerts, confirmState, managedAlerts, removeManagedAlert, unsubscribe, unsubscribeState,
} from "../../api/alerts/service";
import { AlertNotice, ConfirmPage, ManagePage, UnsubscribePage } from "./AlertPages";

const A = T.alerts;
// These pages carry tokens and one person's alerts: never stored by any cache, never indexed.
// same-origin: the token in the path never reaches another site in a Referer, and the
// buttons' POSTs still carry an Origin (with no-referrer, browsers send "Origin: null").
const NO_STORE = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
const titled = (title: string) => `${title} · ${T.app.name}`;
const removeBody = z.object({ alert: z.coerce.number().int().positive() });

/** A token as it came in the path: one of ours by shape, else null (an invalid link, never a 400). */
const tokenOf = (raw: string): string | null => (alertTokenSchema.safeParse(raw).success ? raw : null);

const notice = (title: string, text: string, status = 200): PageResult => ({ title: titled(title), status, body: <AlertNotice title={title} text={text} /> });

/**
 * The pages of an alert mail's links: confirm (GET shows, POST confirms), unsubscribe (GET
 * shows a button; POST ends the alert, and is what a mail client's one-click button sends,
 * from anywhere: src/http/origin.ts lets it through) and manage (every alert of the address,
 * each removable). Every link and form stays under the page's language prefix (/de/alerts/...).
 */
export const alertPageRoutes = (deps: AppContext) => {
  const page = (request: Request, p: PageResult) => pageResponse(request, deps.manifest, null, p, NO_STORE);
  // Built per request (T speaks the request's language when read), and every action and link
  // below keeps the URL's locale prefix, so the page after a button is in the same language.
  const invalidConfirm = () => notice(A.confirm.invalidTitle, A.confirm.invalid, 404);
  const invalidLink = (text: string) => notice(A.confirm.invalidTitle, text, 404);
  return new Elysia({ name: "alert-pages" })
    .get("/alerts/confirm/:token", async ({ params, request }) => {
      const token = tokenOf(params.token);
      const state = token ? await confirmState(deps, token, deps.clock()) : { state: "invalid" as const };
      if (state.state === "invalid") return page(request, invalidConfirm());
      if (state.state === "nothing") return page(request, notice(A.confirm.doneTitle, A.confirm.nothing));
      return page(request, { title: titled(A.confirm.title), body: <ConfirmPage action={localHref(`/alerts/confirm/${token}`)} waiting={state.waiting} /> });
    })
    .post("/alerts/confirm/:token", async ({ params, request }) => {
      const token = tokenOf(params.token);
      const n = token ? await confirmAlerts(deps, token, deps.clock()) : null;
      if (n === null) return page(request, invalidConfirm());
      return page(request, notice(A.confirm.doneTitle, n ? A.confirm.done({ n }) : A.confirm.nothing));
    })
    .get("/alerts/unsubscribe/:token", async ({ params, request }) => {
      const token = tokenOf(params.token);
      const state = token ? await unsubscribeState(deps, token, deps.clock()) : { state: "invalid" as const };
      if (state.state === "invalid") return page(request, invalidLink(A.unsubscribe.invalid));
      if (state.state === "gone") return page(request, notice(A.unsubscribe.goneTitle, A.unsubscribe.gone));
      return page(request, {
        title: titled(A.unsubscribe.title),
        body: <UnsubscribePage action={localHref(`/alerts/unsubscribe/${token}`)} alert={state.alert} manage={localHref(`/alerts/manage/${token}`)} />,
      });
    })
    .post("/alerts/unsubscribe/:token", async ({ params, request }) => {
      const token = tokenOf(params.token);
      const done = token ? await unsubscribe(deps, token, deps.clock()) : null;
      if (done === null) return page(request, invalidLink(A.unsubscribe.invalid));
      return page(request, done === "done" ? notice(A.unsubscribe.doneTitle, A.unsubscribe.done) : notice(A.unsubscribe.goneTitle, A.unsubscribe.gone));
    })
    .get("/alerts/manage/:token", async ({ params, request, query }) => {
      const token = tokenOf(params.token);
      const list = token ? await managedAlerts(deps, token, deps.clock()) : null;
      if (list === null) return page(request, invalidLink(A.manage.invalid));
      if (!list.length) return page(request, notice(A.manage.title, A.manage.empty));
      return page(request, { title: titled(A.manage.title), body: <ManagePage action={localHref(`/alerts/manage/${token}`)} list={list} removed={query.removed === "1"} /> });
    })
    .post("/alerts/manage/:token", async ({ params, request, body }) => {
      const token = tokenOf(params.token);
      const parsed = removeBody.safeParse(body);
      const done = token && parsed.success ? await removeManagedAlert(deps, token, parsed.data.alert, deps.clock()) : null;
      if (done === null) return page(request, invalidLink(A.manage.invalid));
      if (done === "empty") return page(request, notice(A.manage.title, A.manage.empty));
      return new Response(null, { status: 303, headers: { Location: localHref(`/alerts/manage/${token}?removed=1`), ...NO_STORE } });
    });
};
