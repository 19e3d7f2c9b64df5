// By default a second instance on a taken port fails to start instead of
// silently sharing it; REUSE_PORT is the deliberate multi-process switch.
import { expect, test } from "bun:test";
import { parseConfig } from "../config/appConfig";
import { listenOptions } from "./listen";

const fetch = () => new Response("ok");

test("a second server on the same port fails by default", () => {
  const first = Bun.serve({ ...listenOptions(parseConfig({ PORT: "0" }), "127.0.0.1"), fetch });
  try {
    const again = listenOptions({ ...parseConfig({}), port: first.port! }, "127.0.0.1");
    expect(again.reusePort).toBe(false);
    expect(() => Bun.serve({ ...again, fetch })).toThrow();
  } finally {
    first.stop(true);
  }
});

test("REUSE_PORT=true lets two servers share the port", () => {
  const config = parseConfig({ PORT: "0", REUSE_PORT: "true" });
  const first = Bun.serve({ ...listenOptions(config, "127.0.0.1"), fetch });
  try {
    const second = Bun.serve({ ...listenOptions({ ...config, port: first.port! }, "127.0.0.1"), fetch });
    expect(second.port).toBe(first.port);
    second.stop(true);
  } finally {
    first.stop(true);
  }
});
