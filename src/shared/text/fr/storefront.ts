// French: ../en/storefront.ts
import type { storefrontText } from "../en/storefront";
import type { Translation } from "../../i18n/translation";

export default {
  storefront: {
    badSignature: "Runboard-Signature absente ou invalide",
    staleSignature: "L’horodatage de Runboard-Signature est à plus de 5 minutes de l’heure actuelle",
    badJson: "Le corps doit être du JSON",
    orderId: "orderId doit faire de 1 à 100 caractères, sans caractères de contrôle",
    run: "run doit être un ID de run, par exemple MOP-57",
    quantity: "quantity doit être un nombre entier de 1 à 50",
    status: "status doit valoir paid, refunded ou cancelled",
    unknownRun: "Aucun run {run}",
    otherRun: "La commande {orderId} a été payée pour le run {run}",
    refused: {
      started: "Le run a commencé : la commande est enregistrée, aucune place n’a changé",
      cancelled: "Le run a été annulé : la commande est enregistrée, aucune place n’a changé",
      deleted: "Le run a été supprimé : la commande est enregistrée, aucune place n’a changé",
    },
    overbooked: "Surréservé de {n, plural, one {# place} other {# places}}",
    actor: "Boutique",
  },
} satisfies Translation<typeof storefrontText>;
