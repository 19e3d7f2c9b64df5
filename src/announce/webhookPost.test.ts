import { expect, test } from "bun:test";
import { BLOCKED, failureCategory, isBlockedAddress } from "./webhookPost";

test("loopback, private, link-local, unique-local, metadata and other non-public addresses are blocked; public ones are not", () => {
  const blocked = [
    "127.0.0.1", "127.8.9.10", "0.0.0.0", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1",
    "224.0.0.1", "255.255.255.255", "::1", "::", "fd00::1", "fc00::1", "fe80::1", "fd00:ec2::254", "ff02::1",
    "::ffff:127.0.0.1", "::ffff:10.1.2.3", "::ffff:a9fe:a9fe", "64:ff9b::a9fe:a9fe", "2001:db8::1", "not an address",
  ];
  const open = ["162.159.128.233", "8.8.8.8", "172.32.0.1", "192.169.0.1", "2606:4700::6810:84e5", "::ffff:162.159.128.233", "64:ff9b::808:808"];
  expect(blocked.filter((a) => !isBlockedAddress(a))).toEqual([]);
  expect(open.filter((a) => isBlockedAddress(a))).toEqual([]);
});

test("a failed POST is recorded as a category, never the socket's message", () => {
  const err = (code: string, name = "Error") => Object.assign(new Error(`connect ${code} 10.0.0.1:5432`), { code, name });
  expect([
    err(BLOCKED), err("ECONNREFUSED"), err("ConnectionRefused"), err("ETIMEDOUT"), new DOMException("x", "TimeoutError"),
    err("CERT_HAS_EXPIRED"), err("DEPTH_ZERO_SELF_SIGNED_CERT"), err("ERR_TLS_CERT_ALTNAME_INVALID"), err("ENOTFOUND"), err("ECONNRESET"), "odd",
  ].map(failureCategory)).toEqual(["blocked address", "refused", "refused", "timeout", "timeout", "TLS", "TLS", "TLS", "DNS", "network", "network"]);
});
