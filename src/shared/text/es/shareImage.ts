// Spanish: ../en/shareImage.ts
import type { shareImageText } from "../en/shareImage";
import type { Translation } from "../../i18n/translation";

export default {
  shareImage: {
    alt: "{what}, {when} / {otherZone}{places, select, null {} other {. {places}}}",
  },
} satisfies Translation<typeof shareImageText>;
