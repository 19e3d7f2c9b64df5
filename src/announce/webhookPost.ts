// One webhook POST, connecting only to addresses outside this network: the host is resolved
// in the connection's own lookup and refused when any address is loopback, private,
// link-local, unique-local, cloud metadata or otherwise not public, so a name that resolves
// differently between a check and the connect cannot slip through. Redirects are not followed
// and certificates are verified (node's defaults).
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { ipv6Groups } from "../domain/ipv6";

/** The error a refused address gives (its `code`). */
export const BLOCKED = "EBLOCKED_ADDRESS";

const v4 = (a: string) => a.split(".").reduce((n, p) => n * 256 + Number(p), 0);
const V4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 3],
];

function blockedV4(a: string): boolean {
  const n = v4(a);
  return V4_BLOCKED.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(v4(base) / 2 ** (32 - bits)));
}

/** True for any address a webhook must not reach: everything but public unicast. */
export function isBlockedAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return blockedV4(address);
  if (kind !== 6) return true;
  const g = ipv6Groups(address)!; // isIP said it is one
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::/96) carry an IPv4 address.
  const embedded = `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) return g[5] === 0 && g[6] === 0 && g[7]! <= 1 ? true : blockedV4(embedded);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return blockedV4(embedded);
  return (g[0]! & 0xfe00) === 0xfc00 // unique-local fc00::/7 (AWS's fd00:ec2::254 metadata too)
    || (g[0]! & 0xffc0) === 0xfe80 // link-local fe80::/10
    || (g[0]! & 0xff00) === 0xff00 // multicast
    || (g[0] === 0x2001 && g[1] === 0x0db8) // documentation
    || (g[0] === 0x2001 && g[1]! < 0x200) // Teredo, benchmarking, ORCHID and other special-purpose blocks
    || g[0] === 0x0100; // discard-only
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const blocked = () => Object.assign(new Error("blocked address"), { code: BLOCKED });

/** A `lookup` for http(s).request that refuses a host when any of its addresses is blocked. */
function publicOnlyLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (!addresses.length || addresses.some((a) => isBlockedAddress(a.address))) return callback(blocked(), []);
    if (options?.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

export type Posted = { status: number; retryAfter: string | null; body: string };

/** Answer bodies beyond this are not read (Discord's are a few hundred bytes). */
const MAX_BODY = 65_536;

/**
 * A failed request whose bytes had all left this machine (`sent`): the receiver may have
 * acted on it. A POST that failed so is not repeated (docs/decisions/30).
 */
export const wasSent = (err: unknown): boolean => (err as { sent?: unknown } | null)?.sent === true;

/**
 * Sends `body` to `url` (POST, or PATCH for a message edit) and reads the answer. `anyAddress`
 * skips the address check: only for the plain-http loopback receiver the development and test
 * switch allows. A failure carries `sent: true` when the whole request had been written.
 */
export function postWebhook(
  url: URL, headers: Record<string, string>, body: string, o: { timeoutMs: number; anyAddress: boolean; method?: "POST" | "PATCH" },
): Promise<Posted> {
  return new Promise((resolve, reject) => {
    // A literal address is never looked up, so it is checked here.
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    if (!o.anyAddress && isIP(host) && isBlockedAddress(host)) return reject(blocked());
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(url, {
      method: o.method ?? "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      // A fresh connection each time: a pooled one the far end has closed would fail after the
      // request was written, and a POST failing so must count as possibly received (not repeated).
      agent: false,
      ...(o.anyAddress ? {} : { lookup: publicOnlyLookup as never }),
    }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        if (size < MAX_BODY) chunks.push(c);
        size += c.length;
      });
      res.on("end", () => {
        clearTimeout(timer);
        const retryAfter = res.headers["retry-after"];
        resolve({ status: res.statusCode ?? 0, retryAfter: typeof retryAfter === "string" ? retryAfter : null, body: Buffer.concat(chunks).toString("utf8") });
      });
      res.on("error", fail);
    });
    const timer = setTimeout(() => req.destroy(Object.assign(new Error("timed out"), { code: "ETIMEDOUT" })), o.timeoutMs);
    // Connected and flushed to the socket: Discord may have the request from here on.
    let connected = false;
    let sent = false;
    req.on("socket", (socket) => socket.once("connect", () => {
      connected = true;
    }));
    function fail(err: Error) {
      clearTimeout(timer);
      reject(Object.assign(err, { sent }));
    }
    req.on("finish", () => {
      sent = connected;
    });
    req.on("error", fail);
    req.end(body);
  });
}

/**
 * What a failed POST is recorded as: a category, never a socket message (which would name
 * the address, and tell an open port from a closed one).
 */
export function failureCategory(err: unknown): "blocked address" | "refused" | "timeout" | "TLS" | "DNS" | "network" {
  const e = err as { code?: unknown; name?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  const name = typeof e?.name === "string" ? e.name : "";
  if (code === BLOCKED) return "blocked address";
  if (code === "ECONNREFUSED" || code === "ConnectionRefused") return "refused";
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT" || name === "TimeoutError" || name === "AbortError") return "timeout";
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME_MISMATCH|ALTNAME/i.test(code)) return "TLS";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA" || code === "DNSException") return "DNS";
  return "network";
}
