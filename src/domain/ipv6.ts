/**
 * An IPv6 address as its 8 16-bit groups: `::` expanded, a dotted IPv4 tail as the last two
 * groups, a zone id (`%eth0`) dropped; null when it is not an IPv6 address.
 */
export function ipv6Groups(address: string): number[] | null {
  const a = address.trim().toLowerCase().replace(/%.*$/, "");
  const halves = a.split("::");
  if (halves.length > 2 || !a.includes(":")) return null;
  const split = (s: string): string[] | null => {
    const out: string[] = [];
    for (const g of s ? s.split(":") : []) {
      if (/^\d{1,3}(\.\d{1,3}){3}$/.test(g)) {
        const n = g.split(".").reduce((v, p) => v * 256 + Number(p), 0);
        out.push((n >>> 16).toString(16), (n & 0xffff).toString(16));
      } else out.push(g);
    }
    return out;
  };
  const head = split(halves[0]!);
  const tail = halves.length === 2 ? split(halves[1]!) : [];
  if (!head || !tail) return null;
  const gap = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (gap < 0 || (halves.length === 2 && gap === 0)) return null;
  const all = [...head, ...Array<string>(gap).fill("0"), ...tail];
  if (all.length !== 8 || !all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => Number.parseInt(g, 16));
}
