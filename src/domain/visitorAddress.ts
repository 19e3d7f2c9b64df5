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
  if (!a.includes(":")) return a;
  const groups = a.split("::");
  if (groups.length > 2) return a;
  // A dotted IPv4 tail stands for the last two groups.
  const split = (s: string) => (s ? s.split(":") : []).flatMap((g) => (g.includes(".") ? ["0", "0"] : [g]));
  const head = split(groups[0]!);
  const tail = groups.length === 2 ? split(groups[1]!) : [];
  const gap = groups.length === 2 ? 8 - head.length - tail.length : 0;
  if (gap < 0 || (groups.length === 2 && gap === 0)) return a;
  const all = [...head, ...Array<string>(gap).fill("0"), ...tail];
  if (all.length !== 8 || !all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return a;
  return `${all.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16)).join(":")}::/64`;
}
