// The storefront's order webhook: its refusals (read by the store's developers and logs) and
// the staff's overbooking warning. Our own wording.
import type { OrderRefusal } from "../../storefront";

export const storefrontText = {
  storefront: {
    badSignature: "Missing or invalid Runboard-Signature",
    staleSignature: "Runboard-Signature timestamp is more than 5 minutes from now",
    badJson: "Body must be JSON",
    orderId: "orderId must be 1 to 100 characters without control characters",
    run: "run must be a run id such as MOP-57",
    quantity: "quantity must be a whole number from 1 to 50",
    status: "status must be paid, refunded or cancelled",
    unknownRun: "No run {run}",
    otherRun: "Order {orderId} was paid for run {run}",
    refused: {
      started: "The run has started: the order is recorded, no places changed",
      cancelled: "The run was cancelled: the order is recorded, no places changed",
      deleted: "The run was deleted: the order is recorded, no places changed",
    } satisfies Record<OrderRefusal, string>,
    /** The run row's warning (staff tables). */
    overbooked: "Overbooked by {n, plural, one {# place} other {# places}}",
    actor: "Storefront",
  },
} as const;
