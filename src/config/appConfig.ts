import type { BlockList } from "node:net";
import { availableParallelism } from "node:os";
import { z } from "zod";
import { opsConfig, opsEnvShape, type OpsConfig } from "./opsConfig";
import { passwordSchema } from "../shared/schemas/auth";
import { announceConfig, announceEnvShape, type AnnounceConfig } from "./announceConfig";
import { mailConfig, mailEnvShape, type MailConfig } from "./mailConfig";
import { KINDS, perKind, RUN_KINDS } from "../kinds/registry";
import { parseRange, proxyList } from "../http/clientAddress";
import type { RunKind } from "../shared/enums";
import { embedOriginsSchema } from "../shared/schemas/embed";
import { DEV_DATA_ENCRYPTION_KEY, DEV_JWT_SECRET, secretProblem } from "./secretRules";

/** Plain-http identity providers are accepted only on this machine (a local test provider). */
export function isLoopbackHttp(issuer: string): boolean {
  const u = new URL(issuer);
  return u.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname);
}

// Environment parsed once at start-up. Production refuses to start without secrets.

/** What production needs on top: real secrets and the public origin. */
function productionRules(
  env: { JWT_SECRET?: string; DATA_ENCRYPTION_KEY?: string; STOREFRONT_WEBHOOK_SECRET?: string; PUBLIC_ORIGIN?: string; ANNOUNCE_ALLOW_LOOPBACK_HTTP: boolean },
  ctx: z.RefinementCtx,
): void {
  for (const name of ["JWT_SECRET", "DATA_ENCRYPTION_KEY"] as const) {
    const problem = secretProblem(name, env[name]);
    if (problem) ctx.addIssue({ code: "custom", path: [name], message: problem });
  }
  // Optional (unset: the order webhook answers 404), but when set as strong as the others.
  if (env.STOREFRONT_WEBHOOK_SECRET) {
    const problem = secretProblem("STOREFRONT_WEBHOOK_SECRET", env.STOREFRONT_WEBHOOK_SECRET);
    if (problem) ctx.addIssue({ code: "custom", path: ["STOREFRONT_WEBHOOK_SECRET"], message: problem });
  }
  // Invite links and the sign-in redirect are built from it, never from a request's Host.
  if (!env.PUBLIC_ORIGIN) {
    ctx.addIssue({ code: "custom", path: ["PUBLIC_ORIGIN"], message: "PUBLIC_ORIGIN is required when NODE_ENV=production" });
  }
  // Posting to this machine over plain http is for a test receiver only.
  if (env.ANNOUNCE_ALLOW_LOOPBACK_HTTP) {
    ctx.addIssue({ code: "custom", path: ["ANNOUNCE_ALLOW_LOOPBACK_HTTP"], message: "ANNOUNCE_ALLOW_LOOPBACK_HTTP is for development and tests only: use ANNOUNCE_ALLOWED_HOSTS for a relay" });
  }
}

/** Each run kind's storefront page: its descriptor names the variable (STOREFRONT_RAID_URL, …) and the default. */
const storefrontEnvShape = Object.fromEntries(KINDS.map((k) => [RUN_KINDS[k].storefront.env, z.url().default(RUN_KINDS[k].storefront.url)]));

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default(".data"),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres://").optional(),
    JWT_SECRET: z.string().optional(),
    // Seals stored secrets (webhook URLs), so a backup without it does not reveal them.
    DATA_ENCRYPTION_KEY: z.string().optional(),
    // Signs the storefront's order webhook (POST /api/storefront/orders); unset, that route answers 404.
    STOREFRONT_WEBHOOK_SECRET: z.string().optional(),
    // The demo accounts' password follows the one password rule too.
    SEED_PASSWORD: passwordSchema.default("Runboard123"),
    PUBLIC_ORIGIN: z.url().optional(),
    REUSE_PORT: z.stringbool().default(false),
    // Reverse proxies whose X-Forwarded-For is believed: addresses or CIDR ranges, comma-separated.
    TRUSTED_PROXIES: z.string().default("").transform((v, ctx) => {
      const entries = v.split(",").map((e) => e.trim()).filter(Boolean);
      const bad = entries.find((e) => !parseRange(e));
      if (bad) ctx.addIssue({ code: "custom", message: `"${bad}" is not an address or a CIDR range (e.g. 10.0.0.0/8, ::1)` });
      return entries;
    }),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    // Audit events older than this many days are pruned (docs/decisions/21-audit-trail.md).
    AUDIT_RETENTION_DAYS: z.coerce.number({ error: "AUDIT_RETENTION_DAYS must be a whole number of days from 1" }).int("AUDIT_RETENTION_DAYS must be a whole number of days from 1")
      .min(1, "AUDIT_RETENTION_DAYS must be a whole number of days from 1").max(36_500, "AUDIT_RETENTION_DAYS must be at most 36500").default(365),
    WORKERS: z.union([z.literal("auto"), z.coerce.number().int().min(1).max(64)], { error: "WORKERS must be a number from 1 to 64 or auto" }).default(1),
    // Who may frame the calendar embeds (/embed/*): CSP frame-ancestors sources, space-separated.
    EMBED_ORIGINS: embedOriginsSchema.default(["*"]),
    ...storefrontEnvShape,
    ...opsEnvShape,
    ...announceEnvShape,
    ...mailEnvShape,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production") productionRules(env, ctx);
    // Tokens and codes must not cross a network in the clear.
    if (env.OIDC_ISSUER && new URL(env.OIDC_ISSUER).protocol !== "https:" && !isLoopbackHttp(env.OIDC_ISSUER)) {
      ctx.addIssue({ code: "custom", path: ["OIDC_ISSUER"], message: "OIDC_ISSUER must use https (plain http only on localhost, 127.0.0.1 or [::1])" });
    }
    if (workerCount(env.WORKERS) > 1 && !env.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["WORKERS"], message: "WORKERS above 1 needs DATABASE_URL: PGlite runs inside one process and cannot be shared" });
    }
  });

export type Env = z.infer<typeof schema>;

/** `auto` is one process per core. */
function workerCount(w: number | "auto"): number {
  return w === "auto" ? availableParallelism() : w;
}

export type Config = {
  env: Env["NODE_ENV"];
  production: boolean;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  /** DATA_ENCRYPTION_KEY: the secret stored webhook URLs are sealed under (src/ops/sealedText.ts). */
  dataKey: string;
  seedPassword: string;
  /** The site's origin (scheme, host, port): PUBLIC_ORIGIN, or http://localhost:PORT outside production. */
  publicOrigin: string;
  /** Let other processes listen on the same port (a deliberate multi-process setup only). */
  reusePort: boolean;
  storefront: Record<RunKind, string>;
  /** STOREFRONT_WEBHOOK_SECRET: the key of the order webhook's signatures; absent, the webhook is off (404). */
  storefrontWebhookSecret?: string;
  oidc?: { issuer: string; clientId: string; clientSecret?: string };
  /** Processes serving the port (PostgreSQL only). */
  workers: number;
  /** Reverse proxies whose X-Forwarded-For names the client (src/http/clientAddress.ts); null: none. */
  trustedProxies: BlockList | null;
  /** Days an audit event is kept before the pruning job deletes it. */
  auditRetentionDays: number;
  ops: OpsConfig;
  /** EMBED_ORIGINS: the frame-ancestors sources of /embed/* pages (every other page: 'none'). */
  embedOrigins: string[];
  /** Discord announcement delivery (src/announce). */
  announce: AnnounceConfig;
  /** Outgoing mail (src/mail). */
  mail: MailConfig;
};

export function parseConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings in .env files mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    env: env.NODE_ENV,
    production: env.NODE_ENV === "production",
    port: env.PORT,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    // Development gets a fixed secret so sessions survive `bun --watch` restarts.
    jwtSecret: env.JWT_SECRET ?? DEV_JWT_SECRET,
    dataKey: env.DATA_ENCRYPTION_KEY ?? DEV_DATA_ENCRYPTION_KEY,
    seedPassword: env.SEED_PASSWORD,
    publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`,
    // Sharing the port is deliberate: asked for, or implied by several workers.
    reusePort: env.REUSE_PORT || workerCount(env.WORKERS) > 1,
    trustedProxies: proxyList(env.TRUSTED_PROXIES),
    storefront: perKind((k) => (env as Record<string, unknown>)[RUN_KINDS[k].storefront.env] as string),
    storefrontWebhookSecret: env.STOREFRONT_WEBHOOK_SECRET,
    oidc: env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET }
      : undefined,
    workers: workerCount(env.WORKERS),
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    ops: opsConfig(env),
    embedOrigins: env.EMBED_ORIGINS,
    announce: announceConfig(env),
    mail: mailConfig(env),
  };
}
