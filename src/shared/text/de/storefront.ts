// German: ../en/storefront.ts
import type { storefrontText } from "../en/storefront";
import type { Translation } from "../../i18n/translation";

export default {
  storefront: {
    badSignature: "Runboard-Signature fehlt oder ist ungültig",
    staleSignature: "Zeitstempel der Runboard-Signature liegt mehr als 5 Minuten von jetzt entfernt",
    badJson: "Body muss JSON sein",
    orderId: "orderId muss 1 bis 100 Zeichen ohne Steuerzeichen lang sein",
    run: "run muss eine Run-ID wie MOP-57 sein",
    quantity: "quantity muss eine ganze Zahl von 1 bis 50 sein",
    status: "status muss paid, refunded oder cancelled sein",
    unknownRun: "Kein Run {run}",
    otherRun: "Bestellung {orderId} wurde für Run {run} bezahlt",
    refused: {
      started: "Der Run hat begonnen: Bestellung gespeichert, keine Plätze geändert",
      cancelled: "Der Run wurde abgesagt: Bestellung gespeichert, keine Plätze geändert",
      deleted: "Der Run wurde gelöscht: Bestellung gespeichert, keine Plätze geändert",
    },
    overbooked: "Um {n, plural, one {# Platz} other {# Plätze}} überbucht",
    actor: "Shop",
  },
} satisfies Translation<typeof storefrontText>;
