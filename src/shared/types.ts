// Plain data shapes shared by the server (pages, API) and the islands.
import type { Role, UserStatus } from "./enums";

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
};

export type GameRow = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  imageUrl: string | null;
  prefix: string | null;
  parentGameId: number | null;
  isActive: boolean;
  visible: boolean;
  devVisible: boolean;
  displayOrder: number;
};

export type GameWithChildren = GameRow & { childGames: GameRow[] };
export type GameCard = GameRow & { availableRuns: number; childGames: (GameRow & { availableRuns: number })[] };
