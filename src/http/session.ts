import { Elysia } from "elysia";
import { jwt } from "@elysiajs/jwt";
import type { AppDeps } from "./context";
import { SESSION_COOKIE, resolveSession } from "../api/auth/sessions";
import type { Role } from "../shared/enums";
import type { Viewer } from "../shared/types";
import { T } from "../shared/text";
import { readPath } from "../public/readPath";
import { canAct } from "../domain/permissions";

/**
 * Resolves the signed-in person from the session cookie on every request (a JWT naming
 * the user_sessions row and carrying its secret), and offers `auth` / `roles` guards.
 */
export const session = (deps: AppDeps) =>
  new Elysia({ name: "session" })
    .use(jwt({ name: "sessionJwt", secret: deps.config.jwtSecret, alg: "HS256" }))
    .derive({ as: "global" }, async ({ sessionJwt, cookie }): Promise<{ viewer: Viewer | null; sessionId: number | null }> => {
      const token = cookie[SESSION_COOKIE]?.value;
      if (typeof token !== "string" || !token) return { viewer: null, sessionId: null };
      // Cached per cookie; the change feed empties the cache on logout, deactivation, deletion.
      return readPath(deps).sessions.resolve(token, deps.clock().getTime(), async () => {
        const payload = await sessionJwt.verify(token);
        if (!payload || typeof payload.sid !== "number" || typeof payload.sec !== "string") return { viewer: null, sessionId: null };
        const viewer = await resolveSession(deps.db, payload.sid, payload.sec, deps.clock());
        return { viewer, sessionId: viewer ? payload.sid : null };
      });
    })
    .macro({
      /** Signed in with an active account (any role); 401 or 403 otherwise. */
      signedIn: {
        beforeHandle({ viewer, status }) {
          const refused = refusal(viewer, { activeOnly: true });
          if (refused) return status(refused.status, { message: refused.message });
        },
      },
      /** Signed in, pending or active: only for completing one's own profile. */
      account: {
        beforeHandle({ viewer, status }) {
          const refused = refusal(viewer, { activeOnly: false });
          if (refused) return status(refused.status, { message: refused.message });
        },
      },
      /** Signed in with an active account and one of these roles; 401 or 403 otherwise. */
      roles: (allowed: readonly Role[]) => ({
        beforeHandle({ viewer, status }) {
          const refused = refusal(viewer, { activeOnly: true, roles: allowed });
          if (refused) return status(refused.status, { message: refused.message });
        },
      }),
    });

/**
 * The API's one access rule, shared by the guards above: no session is 401; a pending
 * account (domain `canAct`) or a role outside `roles` is 403.
 */
export function refusal(
  viewer: Viewer | null, need: { activeOnly: boolean; roles?: readonly Role[] },
): { status: 401 | 403; message: string } | null {
  if (!viewer) return { status: 401, message: T.validation.unauthorized };
  if (need.activeOnly && !canAct(viewer)) return { status: 403, message: T.validation.profileIncomplete };
  if (need.roles && !need.roles.includes(viewer.role)) return { status: 403, message: T.validation.forbidden };
  return null;
}
