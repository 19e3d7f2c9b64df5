import type { Cookie } from "elysia";
import type { AppDeps } from "../../http/context";
import { clientIp } from "../../http/clientAddress";
import { createSession, endSession } from "./sessions";
import { SESSION_COOKIE } from "../../shared/sessionCookie";
import { seal, unseal } from "./seal";
import type { AuditContext } from "../../shared/audit";

type CookieJar = Record<string, Cookie<unknown>>;
type Signer = { sign(payload: { sid: number; sec: string; exp: number }): Promise<string> };
type Server = { requestIP(r: Request): { address: string } | null } | null;

/** The session cookie: script cannot read it, other sites do not send it on sub-requests. */
export function sessionCookieOptions(production: boolean, expires: Date) {
  return { httpOnly: true, sameSite: "lax" as const, path: "/", secure: production, expires };
}

// What the provider's ID token is sealed for (see seal.ts).
const ID_TOKEN_PURPOSE = "provider-id-token";

/**
 * Signs a user in: a new user_sessions row (ending the browser's previous one) and the
 * JWT cookie naming it, valid until the session expires. An external sign-in passes the
 * provider's ID token, kept sealed on the row for the provider logout.
 */
export async function startSession(
  deps: AppDeps,
  ctx: { cookie: CookieJar; sessionJwt: Signer; request: Request; server: Server; sessionId: number | null; audit: AuditContext },
  userId: number,
  idToken?: string,
): Promise<void> {
  if (ctx.sessionId) await endSession(deps.db, ctx.sessionId, ctx.audit);
  const s = await createSession(deps.db, {
    userId, userAgent: ctx.request.headers.get("user-agent"), ipAddress: clientIp(ctx.server, ctx.request, deps.config.trustedProxies), now: deps.clock(),
    sealedIdToken: idToken ? seal(deps.config.jwtSecret, ID_TOKEN_PURPOSE, idToken) : null, audit: ctx.audit,
  });
  const token = await ctx.sessionJwt.sign({ sid: s.id, sec: s.secret, exp: Math.floor(s.expiresAt.getTime() / 1000) });
  ctx.cookie[SESSION_COOKIE]!.set({ value: token, ...sessionCookieOptions(deps.config.production, s.expiresAt) });
}

/** Ends the session; returns the provider ID token it was started with, if any. */
export async function stopSession(deps: AppDeps, sessionId: number, audit: AuditContext): Promise<string | null> {
  const sealed = await endSession(deps.db, sessionId, audit);
  return sealed ? unseal(deps.config.jwtSecret, ID_TOKEN_PURPOSE, sealed) : null;
}

/** Expires the session cookie in the browser. */
export function clearSessionCookie(deps: AppDeps, cookie: CookieJar): void {
  cookie[SESSION_COOKIE]!.set({ value: "", maxAge: 0, ...sessionCookieOptions(deps.config.production, new Date(0)) });
}
