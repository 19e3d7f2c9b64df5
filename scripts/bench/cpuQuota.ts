// CPU quotas for the scale-out bench: each server process gets the same share of core 0 in a
// cgroup of its own, and wrk runs on core 1, so "two processes against one" measures the app's
// scaling rather than how two cores shared with wrk happen to be split. Needs root and the cpu
// controller (cgroup v1 `/sys/fs/cgroup/cpu`, or v2 `cpu.max`).
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const V1 = "/sys/fs/cgroup/cpu";
const V2 = "/sys/fs/cgroup";
const PERIOD_US = 100_000;
const made: string[] = [];

/** Whether quotas can be set here (root, a cpu controller); otherwise why not. */
export function quotaProblem(): string | null {
  if (process.getuid?.() !== 0) return "needs root";
  if (existsSync(join(V1, "cpu.cfs_quota_us")) || existsSync(join(V2, "cgroup.controllers"))) return null;
  return "no cpu cgroup controller";
}

/** Moves `pid` (all its threads) into a new cgroup holding it to `percent` of one core. */
export function limitCpu(pid: number, name: string, percent: number): void {
  const quota = Math.round((PERIOD_US * percent) / 100);
  if (existsSync(join(V1, "cpu.cfs_quota_us"))) {
    const dir = join(V1, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "cpu.cfs_period_us"), String(PERIOD_US));
    writeFileSync(join(dir, "cpu.cfs_quota_us"), String(quota));
    writeFileSync(join(dir, "cgroup.procs"), String(pid));
    made.push(dir);
  } else {
    const dir = join(V2, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "cpu.max"), `${quota} ${PERIOD_US}`);
    writeFileSync(join(dir, "cgroup.procs"), String(pid));
    made.push(dir);
  }
}

/** The process's children (the supervisor's workers), from /proc. */
export function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return existsSync(file) ? readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

/** Removes the cgroups made here (their processes must have ended). */
export function removeQuotas(): void {
  for (const dir of made.splice(0)) {
    try {
      rmdirSync(dir);
    } catch {
      // still in use: the kernel removes nothing here; a later run reuses the name
    }
  }
}
