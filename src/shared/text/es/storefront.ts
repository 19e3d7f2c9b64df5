// Spanish: ../en/storefront.ts
import type { storefrontText } from "../en/storefront";
import type { Translation } from "../../i18n/translation";

export default {
  storefront: {
    badSignature: "Falta Runboard-Signature o no es válida",
    staleSignature: "La marca de tiempo de Runboard-Signature se aleja más de 5 minutos de la hora actual",
    badJson: "El cuerpo debe ser JSON",
    orderId: "orderId debe tener de 1 a 100 caracteres sin caracteres de control",
    run: "run debe ser un ID de run como MOP-57",
    quantity: "quantity debe ser un número entero de 1 a 50",
    status: "status debe ser paid, refunded o cancelled",
    unknownRun: "No existe la run {run}",
    otherRun: "El pedido {orderId} se pagó para la run {run}",
    refused: {
      started: "La run ya empezó: el pedido queda registrado, no se cambió ninguna plaza",
      cancelled: "La run se canceló: el pedido queda registrado, no se cambió ninguna plaza",
      deleted: "La run se eliminó: el pedido queda registrado, no se cambió ninguna plaza",
    },
    overbooked: "Sobrevendida por {n, plural, one {# plaza} other {# plazas}}",
    actor: "Tienda",
  },
} satisfies Translation<typeof storefrontText>;
