import { ipv6Groups } from "./ipv6";

/**
 * The address a visitor is counted and rate-limited under: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address as its IPv4), an IPv6 address as its /64 prefix, since one
 * subscriber usually holds a whole /64 and can pick a new address in it at will. Anything
 * that does not parse as an address is kept as given.
 */
export function visitorAddress(address: string): string {
  const a = address.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  if (mapped) return mapped[1]!;
  const groups = ipv6Groups(a);
  if (!groups) return a;
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}
