import { describe, expect, test } from "bun:test";
import { parseConfig } from "../config/appConfig";
import { clientIp, parseRange, proxyList } from "./clientAddress";

// A server whose socket peer is `peer` (Bun's requestIP when it listens).
const from = (peer: string) => ({ requestIP: () => ({ address: peer }) });
const request = (forwardedFor?: string) =>
  new Request("http://localhost/", { headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor } });

describe("the client address", () => {
  test("without trusted proxies it is the socket's peer: a forwarded header is the client's own words", () => {
    expect(clientIp(from("203.0.113.7"), request("198.51.100.1"))).toBe("203.0.113.7");
    expect(clientIp(from("127.0.0.1"), request("198.51.100.1"), null)).toBe("127.0.0.1");
  });

  test("from a trusted proxy it is the rightmost forwarded hop that is not a trusted proxy", () => {
    const trusted = proxyList(["127.0.0.1", "10.0.0.0/8", "fd00::/8"]);
    // The client wrote its own "1.2.3.4"; the proxy appended the address it saw.
    expect(clientIp(from("127.0.0.1"), request("1.2.3.4, 198.51.100.9"), trusted)).toBe("198.51.100.9");
    // Two proxies in a row: both are skipped.
    expect(clientIp(from("10.1.2.3"), request("198.51.100.9, 10.9.9.9"), trusted)).toBe("198.51.100.9");
    expect(clientIp(from("fd00::2"), request("2001:db8::1, fd00::5"), trusted)).toBe("2001:db8::1");
    // A proxy that forwarded nothing: the proxy itself.
    expect(clientIp(from("127.0.0.1"), request(), trusted)).toBe("127.0.0.1");
    // Junk left of the trusted hops: the nearest address before it.
    expect(clientIp(from("127.0.0.1"), request("not-an-address, 10.0.0.5"), trusted)).toBe("10.0.0.5");
  });

  test("a peer that is not a listed proxy is believed over any header it sends", () => {
    const trusted = proxyList(["10.0.0.0/8"]);
    expect(clientIp(from("203.0.113.7"), request("10.0.0.1"), trusted)).toBe("203.0.113.7");
  });

  test("no server (a test calling the app directly) is an unknown address", () => {
    expect(clientIp(null, request("198.51.100.1"), proxyList(["127.0.0.1"]))).toBe("unknown");
  });
});

describe("TRUSTED_PROXIES", () => {
  test("takes addresses and CIDR ranges, comma-separated; none by default", () => {
    expect(parseConfig({}).trustedProxies).toBeNull();
    const list = parseConfig({ TRUSTED_PROXIES: " 10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8" }).trustedProxies!;
    expect(["10.200.0.1", "127.0.0.1", "::1", "fd12::1"].map((a) => list.check(a, a.includes(":") ? "ipv6" : "ipv4"))).toEqual([true, true, true, true]);
    expect(list.check("11.0.0.1", "ipv4")).toBe(false);
  });

  test("refuses what is not an address or a range, naming it", () => {
    for (const bad of ["10.0.0.0/33", "proxy.internal", "10.0.0.0/8/1", "::1/129", "10.0.0.0/x"]) {
      expect(() => parseConfig({ TRUSTED_PROXIES: bad })).toThrow(`TRUSTED_PROXIES: "${bad}" is not an address or a CIDR range`);
    }
    expect(parseRange("192.168.0.0/16")).toEqual(["192.168.0.0", 16]);
  });
});
