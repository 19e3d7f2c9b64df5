import type { Db } from "../../db/client";
import type { Config } from "../config/appConfig";
import type { Manifest } from "../render/manifest";
import type { ChangeFeed } from "../../db/changes";
import type { Viewer } from "../shared/types";
import type { SessionCache } from "./sessionCache";
import type { PageCacheLimits } from "./pageCache";
import type { Logger } from "../ops/logger";
import type { ShareImages } from "../render/shareImages";

/** What every plugin of the app is built from (createApp's input). */
export type AppDeps = {
  db: Db;
  config: Config;
  /** Current time; tests pass a fixed clock. */
  clock: () => Date;
  manifest: Manifest;
  /** The change feed (server.ts attaches PostgreSQL LISTEN to it); a local one by default. */
  feed?: ChangeFeed;
  /** Bounds of the public page cache (tests and the bench shrink them). */
  pageCache?: PageCacheLimits;
  /** Request and operations log; made from `config.ops` when absent (tests pass a capturing one). */
  logger?: Logger;
  /** The runs' rendered share images; one per app when absent (tests pass one to count renders). */
  shareImages?: ShareImages;
};

/**
 * What createApp builds once from the deps and hands to every plugin. The platform declares
 * only the parts it uses: the session plugin reads the read path's session cache and resolves
 * sessions through the auth service, both made higher up.
 */
export type AppContext = AppDeps & {
  /** The public read path (src/readModel/readPath.ts), of which the session plugin uses the session cache. */
  readPath: { sessions: SessionCache };
  /** The viewer of a live session row whose secret matches. */
  resolveSession: (db: Db, sessionId: number, secret: string, now: Date) => Promise<Viewer | null>;
};
