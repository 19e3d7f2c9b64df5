import { expect, test } from "bun:test";
import { visitorAddress } from "./visitorAddress";

test("an IPv6 address counts as its /64, however it is written", () => {
  const net = "2001:db8:1:2::/64";
  for (const a of ["2001:db8:1:2::1", "2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2:a:b:c:d", "2001:db8:1:2::1.2.3.4", "2001:db8:1:2::9%eth0"]) {
    expect(visitorAddress(a)).toBe(net);
  }
  expect(visitorAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  expect(visitorAddress("::1")).toBe("0:0:0:0::/64");
  expect(visitorAddress("fe80::1")).toBe("fe80:0:0:0::/64");
});

test("IPv4 stays itself, mapped into IPv6 too; what is not an address is kept as given", () => {
  expect(visitorAddress("203.0.113.7")).toBe("203.0.113.7");
  expect(visitorAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
  expect(visitorAddress("unknown")).toBe("unknown");
  expect(visitorAddress("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
  expect(visitorAddress("1::2::3")).toBe("1::2::3");
});
