// wrk runs for the benchmarks, and the A/B comparison they report. On this shared 2-core
// machine one 4-second wrk run of the same server varies by ±15 % from the next, far more
// than the differences we measure (a few %). So a comparison keeps both servers running,
// measures them in short alternating runs (A B B A A B …: drift in the machine's speed
// falls on both alike), and reports the median of the per-pair ratios.
import { readFileSync } from "node:fs";

/** cpu: the server's CPU µs per request (with `pid`); wrkCpu: wrk's own. */
export type WrkResult = { rps: number; latency: string; requests: number; cpu?: number; wrkCpu: number; errors?: string };
/** `cpu`: run wrk on this core only (`taskset`), e.g. the one the server is not pinned to (see `pinned`). */
export type WrkOptions = { threads?: number; connections?: number; seconds?: number; headers?: Record<string, string>; script?: string; pid?: number; cpu?: number };

/** CPU time (user + system) a process has used so far, in µs (Linux, USER_HZ = 100). */
export function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 1e4;
}

/** Requests per second from wrk (and the mean latency); with `pid`, also that server's CPU time per request. */
export function wrk(url: string, o: WrkOptions = {}): WrkResult {
  const args = ["wrk", `-t${o.threads ?? 1}`, `-c${o.connections ?? 32}`, `-d${o.seconds ?? 4}s`, ...Object.entries(o.headers ?? {}).flatMap(([k, v]) => ["-H", `${k}: ${v}`])];
  if (o.script) args.push("-s", o.script);
  const cpu0 = o.pid ? cpuUs(o.pid) : 0;
  const ran = Bun.spawnSync([...(o.cpu === undefined ? [] : ["taskset", "-c", String(o.cpu)]), ...args, url]);
  const out = ran.stdout.toString();
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    latency: /Latency\s+(\S+)/.exec(out)?.[1] ?? "?",
    requests,
    cpu: o.pid && requests ? (cpuUs(o.pid) - cpu0) / requests : undefined,
    wrkCpu: requests ? Number(ran.resourceUsage.cpuTime.total) / requests : Number.NaN,
    errors: /Non-2xx or 3xx responses: (\d+)|Socket errors: .*/.exec(out)?.[0],
  };
}

/**
 * A command pinned to one core (`taskset`): a server on core 0 and wrk on core 1 no longer
 * fight over cores, so req/s measures one core's worth of server. (It does not remove the
 * run-to-run spread: this VM's speed itself varies, hence the alternating pairs.)
 */
export const pinned = (cmd: string[], cpu = 0) => (Bun.which("taskset") ? ["taskset", "-c", String(cpu), ...cmd] : cmd);

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export type Side = { url: string; pid: number; headers?: Record<string, string> };
export type Comparison = { a: WrkResult[]; b: WrkResult[]; rpsRatio: number; cpuRatio: number };

/**
 * `rounds` pairs of wrk runs against two running servers, alternating which goes first, after
 * a warm-up of each. rpsRatio: median of a.rps / b.rps over the pairs; cpuRatio: median of
 * b.cpu / a.cpu (above 1: A needs less CPU per request).
 */
export function compare(a: Side, b: Side, o: WrkOptions & { rounds?: number } = {}): Comparison {
  const run = (s: Side, seconds = o.seconds) => wrk(s.url, { ...o, seconds, headers: s.headers, pid: s.pid });
  run(a, 1); // warm-up: JIT, caches
  run(b, 1);
  const as: WrkResult[] = [];
  const bs: WrkResult[] = [];
  for (let i = 0; i < (o.rounds ?? 5); i++) {
    if (i % 2 === 0) {
      as.push(run(a));
      bs.push(run(b));
    } else {
      bs.push(run(b));
      as.push(run(a));
    }
  }
  return {
    a: as, b: bs,
    rpsRatio: median(as.map((x, i) => x.rps / bs[i]!.rps)),
    cpuRatio: median(as.map((x, i) => (bs[i]!.cpu ?? NaN) / (x.cpu ?? NaN))),
  };
}

/** "31,468" */
export const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
