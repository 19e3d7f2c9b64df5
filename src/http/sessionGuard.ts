import { Elysia } from "elysia";
import { jwt } from "@elysiajs/jwt";
import type { AppContext } from "./context";
import { SESSION_COOKIE } from "../shared/sessionCookie";
import { ROLES, type Role } from "../shared/enums";
import type { Viewer } from "../shared/types";
import { T } from "../shared/text";
import { canAct } from "../domain/permissions";
import { isFormPost } from "./formPost";
import { requestIdOf } from "../ops/redact";
import type { AuditContext } from "../shared/audit";
import { preferLocale } from "./locale";

/** Session cookies are HS256; verification accepts nothing else (no algorithm switching). */
export const SESSION_JWT_ALG = "HS256";

type SessionState = { viewer: Viewer | null; sessionId: number | null };
type SessionCtx = {
  request: Request;
  cookie: Record<string, { value?: unknown } | undefined>;
  sessionJwt: { verify(token?: string, options?: { algorithms: string[] }): Promise<Record<string, unknown> | false> };
};

const NO_SESSION: SessionState = { viewer: null, sessionId: null };
// One lookup per request, however many hooks ask (the parse-stage guard and the derive).
const looked = new WeakMap<Request, Promise<SessionState>>();

function sessionOf(deps: AppContext, ctx: SessionCtx): Promise<SessionState> {
  let found = looked.get(ctx.request);
  if (!found) {
    found = lookUp(deps, ctx);
    looked.set(ctx.request, found);
  }
  return found;
}

async function lookUp(deps: AppContext, { cookie, sessionJwt }: SessionCtx): Promise<SessionState> {
  const token = cookie[SESSION_COOKIE]?.value;
  if (typeof token !== "string" || !token) return NO_SESSION;
  // Cached per cookie; the change feed empties the cache on logout, deactivation, deletion.
  return deps.readPath.sessions.resolve(token, deps.clock().getTime(), async () => {
    const payload = await sessionJwt.verify(token, { algorithms: [SESSION_JWT_ALG] });
    if (!payload || typeof payload.sid !== "number" || typeof payload.sec !== "string") return NO_SESSION;
    const viewer = await deps.resolveSession(deps.db, payload.sid, payload.sec, deps.clock());
    // The JWT expires with its session row: the cached viewer must not outlive either.
    const expiresAt = typeof payload.exp === "number" ? payload.exp * 1000 : undefined;
    return { viewer, sessionId: viewer ? payload.sid : null, expiresAt };
  });
}

/** Who a guard lets through: these roles, and (unless `anyStatus`) only accounts that may act. */
type Need = { roles: readonly Role[]; anyStatus?: boolean };

/**
 * The API's one access rule, shared by the guards below: no session is 401; a pending
 * account (domain `canAct`) or a role outside `roles` is 403.
 */
export function refusal(viewer: Viewer | null, need: Need): { status: 401 | 403; message: string } | null {
  if (!viewer) return { status: 401, message: T.validation.unauthorized };
  if (!need.anyStatus && !canAct(viewer)) return { status: 403, message: T.validation.profileIncomplete };
  if (!need.roles.includes(viewer.role)) return { status: 403, message: T.validation.forbidden };
  return null;
}

/**
 * Resolves the signed-in person from the session cookie on every request (a JWT naming
 * the user_sessions row and carrying its secret), and offers the `signedIn`, `account` and
 * `roles` guards, which answer before the body is parsed or validated.
 */
export const session = (deps: AppContext) =>
  new Elysia({ name: "session" })
    .use(jwt({ name: "sessionJwt", secret: deps.config.jwtSecret, alg: SESSION_JWT_ALG }))
    .derive({ as: "global" }, async ({ request, cookie, sessionJwt, set }) => {
      const state = await sessionOf(deps, { request, cookie, sessionJwt });
      // Pages without a locale in their URL (staff console, dashboard, account pages) speak the
      // account's language; public pages and API answers keep theirs (src/http/locale.ts).
      preferLocale(state.viewer?.locale, !deps.config.production);
      // Every write records who, which request and when (src/api/audit); the id is the one
      // the request log names, echoed even when nothing logs.
      const requestId = requestIdOf(request);
      set.headers["x-request-id"] ??= requestId;
      const audit: AuditContext = { actorId: state.viewer?.id ?? null, requestId, at: deps.clock() };
      return { ...state, audit };
    })
    /** The guard the named ones below are made of. */
    .macro("guard", (need: Need) => ({
      // Lets tests list every protected route and its rule from `app.routes`.
      detail: { tags: [`access:${need.roles.join(",")}${need.anyStatus ? ";pending" : ""}`] },
      // Elysia parses and validates before `beforeHandle`, so the check sits earlier: a
      // refused caller's body is never read (null = "body handled")...
      async parse({ request, cookie, sessionJwt }) {
        if (refusal((await sessionOf(deps, { request, cookie, sessionJwt })).viewer, need)) return null;
      },
      // ...and the answer comes after parse, before validation.
      async transform({ request, cookie, sessionJwt, status, set }) {
        const refused = refusal((await sessionOf(deps, { request, cookie, sessionJwt })).viewer, need);
        // A browser's plain form post whose session has ended goes to sign-in, which says why.
        if (refused?.status === 401 && isFormPost(request)) {
          set.headers.location = "/auth?notice=signin";
          return status(303, "") as never;
        }
        // Elysia answers a status returned by a transform hook; its types only say void.
        if (refused) return status(refused.status, { message: refused.message }) as never;
      },
      // Handlers behind the guard get a non-null viewer. (The transform has refused anyone
      // else already; these answers only tell the route's types about 401 and 403.)
      resolve({ viewer, status }) {
        const refused = refusal(viewer, need);
        if (refused?.status === 401) return status(401, { message: refused.message });
        if (refused?.status === 403) return status(403, { message: refused.message });
        return { viewer: viewer! };
      },
    }))
    // (A nested guard's resolve does not reach the route's types; each named one repeats it.)
    /** Signed in with an active account (any role); 401 or 403 otherwise. */
    .macro("signedIn", { guard: { roles: ROLES }, resolve: ({ viewer }) => ({ viewer: viewer! }) })
    /** Signed in, pending or active: only for completing one's own profile. */
    .macro("account", { guard: { roles: ROLES, anyStatus: true }, resolve: ({ viewer }) => ({ viewer: viewer! }) })
    /** Signed in with an active account and one of these roles; 401 or 403 otherwise. */
    .macro("roles", (roles: readonly Role[]) => ({ guard: { roles }, resolve: ({ viewer }: { viewer: Viewer | null }) => ({ viewer: viewer! }) }));
