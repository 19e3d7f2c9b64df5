// OpenID Connect authorization-code flow with PKCE, state and nonce (openid-client v6).
import * as client from "openid-client";
import { isLoopbackHttp, type Config } from "../../config/appConfig";

export type OidcSettings = NonNullable<Config["oidc"]>;

// Discovery once per issuer and client; a failed discovery is retried on the next login.
const configurations = new Map<string, Promise<client.Configuration>>();

export function oidcConfiguration(s: OidcSettings): Promise<client.Configuration> {
  const key = `${s.issuer}\n${s.clientId}`;
  let found = configurations.get(key);
  if (!found) {
    found = client.discovery(
      new URL(s.issuer), s.clientId, s.clientSecret ? { client_secret: s.clientSecret } : undefined,
      s.clientSecret ? client.ClientSecretPost(s.clientSecret) : client.None(),
      { execute: isLoopbackHttp(s.issuer) ? [client.allowInsecureRequests] : [], timeout: 10 },
    );
    found.catch(() => configurations.delete(key));
    configurations.set(key, found);
  }
  return found;
}

/** What the browser must bring back to the callback (kept in a signed cookie). */
export type LoginChecks = { verifier: string; state: string; nonce: string };

/**
 * The provider's authorization URL. `reauthenticate` (set after a logout on this browser)
 * asks the provider to sign the person in again rather than reuse its own session, so the
 * next person at a shared computer does not silently get the previous account.
 */
export async function beginLogin(
  s: OidcSettings, redirectUri: string, opts: { reauthenticate?: boolean } = {},
): Promise<{ url: string; checks: LoginChecks }> {
  const config = await oidcConfiguration(s);
  const checks = { verifier: client.randomPKCECodeVerifier(), state: client.randomState(), nonce: client.randomNonce() };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
    code_challenge_method: "S256",
    state: checks.state,
    nonce: checks.nonce,
    ...(opts.reauthenticate ? { prompt: "login" } : {}),
  });
  return { url: url.href, checks };
}

/**
 * RP-initiated logout: the provider's end-session URL for the session that `idToken`
 * started, returning to `postLogoutRedirectUri`; null when the provider offers none.
 */
export async function endSessionUrl(s: OidcSettings, idToken: string, postLogoutRedirectUri: string): Promise<string | null> {
  const config = await oidcConfiguration(s);
  if (!config.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: postLogoutRedirectUri }).href;
}

export type ExternalIdentity = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
};

/** Who signed in, and the raw ID token (kept, sealed, for the provider logout's id_token_hint). */
export type ExternalLogin = { identity: ExternalIdentity; idToken: string };

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** Redeems the authorization response at `callbackUrl` and returns who signed in. Throws on any protocol error. */
export async function finishLogin(s: OidcSettings, callbackUrl: URL, checks: LoginChecks): Promise<ExternalLogin> {
  const config = await oidcConfiguration(s);
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.verifier, expectedState: checks.state, expectedNonce: checks.nonce, idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken || !tokens.id_token) throw new Error("no ID token");
  let claims: Record<string, unknown> = { ...idToken };
  // Many providers put email only in the UserInfo response.
  if (!str(claims.email)) claims = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)) };
  const identity = {
    issuer: idToken.iss,
    subject: idToken.sub,
    email: str(claims.email)?.toLowerCase() ?? null,
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    firstName: str(claims.given_name),
    lastName: str(claims.family_name),
  };
  return { identity, idToken: tokens.id_token };
}
