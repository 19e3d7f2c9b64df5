// The storefront's order webhook (POST /api/storefront/orders): its address, its signature
// header and the closed value sets of its body, shared by the route, the origin check and
// the tests (docs/decisions/28-storefront-orders.md).

export const STOREFRONT_ORDERS_PATH = "/api/storefront/orders";
/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as Stripe signs its webhooks. */
export const SIGNATURE_HEADER = "runboard-signature";
/** A signature whose timestamp is further than this from our clock is refused (replays of old deliveries). */
export const SIGNATURE_TOLERANCE_S = 5 * 60;

export const ORDER_STATUSES = ["paid", "refunded", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** An order that takes places back: a refund or a cancellation. */
export const isReversal = (s: OrderStatus): boolean => s !== "paid";

/** Why an order was recorded without touching its run (answered 409). */
export const ORDER_REFUSALS = ["started", "cancelled", "deleted"] as const;
export type OrderRefusal = (typeof ORDER_REFUSALS)[number];

export const ORDER_ID_MAX = 100;
export const ORDER_QUANTITY_MAX = 50;
