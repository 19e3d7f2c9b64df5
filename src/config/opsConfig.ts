import { z } from "zod";

// Operations settings, merged into the app's one zod environment schema (src/config/appConfig.ts).
export const opsEnvShape = {
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** /metrics answers only with `Authorization: Bearer <this>`; unset means no /metrics. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** How long SIGTERM/SIGINT waits for in-flight requests before closing anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
};

export type OpsConfig = {
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Readable lines instead of JSON (development). */
  prettyLogs: boolean;
  metricsToken?: string;
  shutdownGraceMs: number;
};

const opsEnv = z.object(opsEnvShape);
type OpsEnv = z.infer<typeof opsEnv> & { NODE_ENV: string };

export function opsConfig(env: OpsEnv): OpsConfig {
  return {
    // Tests stay quiet unless asked; development and production log requests.
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    prettyLogs: env.NODE_ENV === "development",
    metricsToken: env.METRICS_TOKEN,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
  };
}
