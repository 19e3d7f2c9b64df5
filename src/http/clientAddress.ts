// Who is asking: the socket's peer, or, when that peer is a reverse proxy listed in
// TRUSTED_PROXIES, the client it forwarded in X-Forwarded-For. Rate limits and booking clicks
// key on this address, so a header a client writes itself is believed only from a listed proxy.
import { BlockList, isIP } from "node:net";
import { socketRequest } from "./body";

type Server = { requestIP(r: Request): { address: string } | null } | null | undefined;

const family = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");

/** An address or CIDR range (`10.0.0.0/8`, `fd00::/8`) as [address, prefix], or null when it is neither. */
export function parseRange(entry: string): [string, number] | null {
  const [address = "", bits, ...rest] = entry.trim().split("/");
  const kind = isIP(address);
  const max = kind === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (!kind || rest.length || !Number.isInteger(prefix) || prefix < 0 || prefix > max || (bits !== undefined && !/^\d+$/.test(bits))) return null;
  return [address, prefix];
}

/** The trusted proxies as a list to check peers against (entries already validated by the config). */
export function proxyList(entries: readonly string[]): BlockList | null {
  if (!entries.length) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = parseRange(entry)!;
    list.addSubnet(address, prefix, family(address));
  }
  return list;
}

const trusts = (list: BlockList, address: string) => isIP(address) !== 0 && list.check(address, family(address));

/**
 * The caller's address. From a trusted proxy: the rightmost X-Forwarded-For hop that is not
 * itself a trusted proxy (each proxy appends the address it saw, so hops left of that are the
 * client's own words); anything else: the socket's peer.
 */
export function clientIp(server: Server, request: Request, trusted: BlockList | null = null): string {
  let peer: string;
  try {
    peer = server?.requestIP(socketRequest(request))?.address ?? "unknown";
  } catch {
    return "unknown";
  }
  if (!trusted || !trusts(trusted, peer)) return peer;
  const hops = (request.headers.get("x-forwarded-for") ?? "").split(",").map((h) => h.trim());
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!isIP(hop)) break;
    client = hop;
    if (!trusts(trusted, hop)) break;
  }
  return client;
}
