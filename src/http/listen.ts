import type { Config } from "../config";
import { SERVER_BODY_LIMIT } from "./body";

/**
 * What the server passes to Bun.serve. Port sharing only when REUSE_PORT asks for it: by
 * default a second instance on the same port fails to start instead of silently taking
 * half the traffic.
 */
export function listenOptions(config: Pick<Config, "port" | "reusePort">, hostname: string) {
  return { port: config.port, hostname, reusePort: config.reusePort, maxRequestBodySize: SERVER_BODY_LIMIT };
}
