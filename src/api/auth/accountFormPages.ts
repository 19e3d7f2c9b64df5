import { safeReturnTo } from "../../domain/access";
import { withQuery, type FormPages } from "../../http/formPost";
import type { AppDeps } from "../../http/context";

/** Where "then log in" goes: the identity provider's page when there is one, else /auth. */
export const loginPath = (deps: Pick<AppDeps, "config">) => (deps.config.oidc ? "/login" : "/auth");

const token = (params: Record<string, string>) => encodeURIComponent(params.token ?? "");

/**
 * The account forms that work without JavaScript, by the API route they post to: a failed
 * post goes back to this page with its error (src/http/formPost.ts). A new no-JS form adds
 * its route here.
 */
export const ACCOUNT_FORM_PAGES: FormPages = {
  "/api/auth/login": ({ body }) => {
    const returnTo = typeof body.returnTo === "string" ? safeReturnTo(body.returnTo, "") : "";
    return withQuery("/auth", { returnTo: returnTo || undefined });
  },
  // The /auth?invite= form sends a password; the /invite form only a nickname.
  "/api/accept-invite/:token": ({ params, body }) =>
    body.password !== undefined ? `/auth?invite=${token(params)}` : `/invite/${token(params)}`,
  "/api/auth/register/:token": ({ params }) => `/register/${token(params)}`,
  "/api/complete-profile": () => "/complete-profile",
  "/api/complete-profile-with-invite/:token": ({ params }) => `/welcome?token=${token(params)}`,
  "/api/auth/reset/:token": ({ params }) => `/reset/${token(params)}`,
  "/api/auth/password": () => "/account",
  "/api/auth/preferences": () => "/account",
  "/api/auth/forgot": () => "/forgot",
};
