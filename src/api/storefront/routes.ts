import { Elysia } from "elysia";
import type { AppContext } from "../../http/context";
import { doc, replies } from "../../http/contract";
import { checkSignature } from "../../http/storefrontSignature";
import { requestIdOf } from "../../ops/redact";
import { orderResultSchema, storefrontOrderSchema } from "../../shared/schemas/storefront";
import { SIGNATURE_HEADER, STOREFRONT_ORDERS_PATH } from "../../shared/storefront";
import type { AuditContext } from "../../shared/audit";
import { T } from "../../shared/text";
import { receiveOrder } from "./orders";
import { ConcurrentChangeError } from "../transaction";
import { apiErrorSchema } from "../../shared/schemas/responses";

const S = T.storefront;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** A delivery refused before its body was read as JSON: no secret (404), bad signature (401), stale or not JSON (400). */
class Refusal {
  constructor(readonly status: 400 | 401 | 404, readonly message: string) {}
}

/**
 * POST /api/storefront/orders: the storefront tells us an order was paid, refunded or
 * cancelled (docs/decisions/28-storefront-orders.md). No session and no Origin: the
 * signature over the raw body takes their place (src/http/origin.ts exempts this route), and
 * it is checked in the parse step, before anything reads the body as JSON. Without
 * STOREFRONT_WEBHOOK_SECRET the route does not exist (404).
 */
export const storefrontRoutes = (deps: AppContext) =>
  new Elysia({ name: "storefront-routes" })
    .post(STOREFRONT_ORDERS_PATH, async ({ body, request, set }) => {
      const requestId = requestIdOf(request);
      set.headers["x-request-id"] ??= requestId;
      const audit: AuditContext = { actorId: null, actorKind: "storefront", requestId, at: deps.clock() };
      let outcome: Awaited<ReturnType<typeof receiveOrder>>;
      try {
        outcome = await receiveOrder(deps.db, deps, body, audit);
      } catch (err) {
        // Still conflicting after the retries: nothing was recorded, so the store should try
        // again (a 5xx), where every other 409 of this route is final.
        if (!(err instanceof ConcurrentChangeError)) throw err;
        set.status = 503;
        set.headers["retry-after"] = "1";
        return { message: err.message };
      }
      // Stripe's name for it: this answer repeats an earlier delivery's, nothing changed.
      if (outcome.replayed) set.headers["idempotent-replayed"] = "true";
      if (outcome.refused) {
        set.status = 409;
        return { message: S.refused[outcome.refused] };
      }
      return outcome.result;
    }, {
      // Elysia makes anything thrown while parsing a generic 400, so a refusal is handed on as
      // the body and answered by the transform step, which runs before validation.
      async parse({ request }) {
        const secret = deps.config.storefrontWebhookSecret;
        if (!secret) return new Refusal(404, T.validation.notFound);
        const raw = new Uint8Array(await request.arrayBuffer());
        const check = checkSignature(secret, request.headers.get(SIGNATURE_HEADER), raw, deps.clock().getTime());
        if (check === "bad") return new Refusal(401, S.badSignature);
        if (check === "stale") return new Refusal(400, S.staleSignature);
        try {
          return JSON.parse(strictUtf8.decode(raw)) as unknown;
        } catch {
          return new Refusal(400, S.badJson);
        }
      },
      transform({ body, status }) {
        // Elysia answers a status returned by a transform hook; its types only say void.
        const refused: unknown = body;
        if (refused instanceof Refusal) return status(refused.status, { message: refused.message }) as never;
      },
      body: storefrontOrderSchema,
      response: replies({ 200: orderResultSchema, 503: apiErrorSchema }, 400, 401, 404, 409),
      detail: doc("Runs", "The storefront's order webhook: a paid order takes places, a refund or cancellation gives them back; signed with Runboard-Signature, idempotent per (orderId, status)"),
    });
