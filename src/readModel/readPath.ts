// The public read path of one app: change feed, read model, page cache and session cache,
// made once per createApp() deps (every plugin gets the same deps object).
import type { AppContext, AppDeps } from "../http/context";
import { publicScope } from "../api/games/scope";
import { newChangeFeed, trackCommits, Tracker, type ChangeFeed } from "../../db/changes";
import { PublicModel } from "./model";
import { PageCache, TargetKeys } from "../http/pageCache";
import { SessionCache } from "../http/sessionCache";
import { LiveHub } from "./liveHub";

export type ReadPath = {
  feed: ChangeFeed; model: PublicModel; pages: PageCache; sessions: SessionCache; keys: TargetKeys;
  /** The live pages' streams (src/readModel/liveHub.ts). */
  live: LiveHub;
};

const paths = new WeakMap<AppDeps, ReadPath>();

export function readPath(deps: AppDeps | AppContext): ReadPath {
  // Inside the app, the context carries the one createApp made from its deps.
  if ("readPath" in deps) return deps.readPath as ReadPath;
  let path = paths.get(deps);
  if (!path) {
    const feed = deps.feed ?? newChangeFeed();
    trackCommits(deps.db); // marks queued in a transaction apply after its commit
    const model = new PublicModel({
      db: deps.db, scope: publicScope(deps), clock: deps.clock, tracker: new Tracker(feed, "public"),
      onStale: (err, staleForMs) => deps.logger?.warn({ err: String(err), staleForMs }, "database unavailable: serving the last public snapshot"),
    });
    const live = new LiveHub({ model, feed, clock: deps.clock });
    path = { feed, model, pages: new PageCache(deps.pageCache), sessions: new SessionCache(feed), keys: new TargetKeys(), live };
    paths.set(deps, path);
  }
  return path;
}

/**
 * The read path's readiness check: the public read model is loaded (a new process loads it
 * on the first probe, so a balancer sends it traffic only once public pages can be served).
 */
export function readModelChecks(deps: AppDeps) {
  return { readModel: () => readPath(deps).model.get() };
}
