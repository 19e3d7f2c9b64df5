// Plain data shapes shared by the server (pages, API) and the islands.
import type { z } from "zod";
import type { Role, UserStatus } from "./enums";
import type { AnyLocale } from "./i18n/locales";
import type { gameRowSchema, gameWithChildrenSchema } from "./schemas/responses";

/** What the header and islands know about the signed-in person. */
export type Viewer = {
  id: number;
  email: string;
  role: Role;
  status: UserStatus;
  nickname: string | null;
  firstName: string | null;
  lastName: string | null;
  boosterId: string | null;
  /** The booster record's numeric id (null for staff). */
  boosterRecordId: number | null;
  /** The language of the staff console, dashboard, account pages and the person's mails. */
  locale: AnyLocale;
};

export type GameRow = z.infer<typeof gameRowSchema>;
export type GameWithChildren = z.infer<typeof gameWithChildrenSchema>;
export type GameCard = GameRow & { availableRuns: number; childGames: (GameRow & { availableRuns: number })[] };

/** Staff choose any booster and may set a run's status; a booster's form is fixed to themself. */
export type PanelMode = "admin" | "booster";
