// The storefront's order webhook body and answer (POST /api/storefront/orders).
import { z } from "./zod";
import { T } from "../text";
import { textOf } from "./text";
import { ORDER_ID_MAX, ORDER_QUANTITY_MAX, ORDER_STATUSES } from "../storefront";

const S = T.storefront;

/** A run's display id: the game's prefix and the row id ('MOP-57', 'RUN-3'). */
export const displayIdField = textOf(S.run).regex(/^[A-Za-z0-9]{1,10}-[1-9]\d{0,9}$/, S.run);

export const storefrontOrderSchema = z.strictObject({
  orderId: textOf(S.orderId).min(1, S.orderId).max(ORDER_ID_MAX, S.orderId),
  run: displayIdField,
  quantity: z.number({ error: S.quantity }).int(S.quantity).min(1, S.quantity).max(ORDER_QUANTITY_MAX, S.quantity),
  status: z.enum(ORDER_STATUSES, { error: S.status }),
}, { error: T.validation.invalidRequest });
export type StorefrontOrder = z.infer<typeof storefrontOrderSchema>;

/**
 * What an order did, the same for its first delivery and every repeat: the places it added
 * (paid) or gave back (refund, cancellation) and, for a paid order beyond the places left,
 * how many it overbooked.
 */
export const orderResultSchema = z.strictObject({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  run: z.string(),
  /** Places this delivery moved: added by a paid order, negative for a refund or cancellation. */
  counted: z.number().int(),
  /** Places sold beyond what the run had left (a paid order only; 0 otherwise). */
  overbooked: z.number().int().min(0),
});
export type OrderResult = z.infer<typeof orderResultSchema>;
