// OpenID Connect authorization-code flow with PKCE, state and nonce (openid-client v6).
import * as client from "openid-client";
import type { Config } from "../../config";

export type OidcSettings = NonNullable<Config["oidc"]>;

/** Plain-http issuers are accepted only on this machine (a local test provider). */
export function isLocalHttp(issuer: string): boolean {
  const u = new URL(issuer);
  return u.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname);
}

// Discovery once per issuer and client; a failed discovery is retried on the next login.
const configurations = new Map<string, Promise<client.Configuration>>();

export function oidcConfiguration(s: OidcSettings): Promise<client.Configuration> {
  const key = `${s.issuer}\n${s.clientId}`;
  let found = configurations.get(key);
  if (!found) {
    found = client.discovery(
      new URL(s.issuer), s.clientId, s.clientSecret ? { client_secret: s.clientSecret } : undefined,
      s.clientSecret ? client.ClientSecretPost(s.clientSecret) : client.None(),
      { execute: isLocalHttp(s.issuer) ? [client.allowInsecureRequests] : [], timeout: 10 },
    );
    found.catch(() => configurations.delete(key));
    configurations.set(key, found);
  }
  return found;
}

/** What the browser must bring back to the callback (kept in a signed cookie). */
export type LoginChecks = { verifier: string; state: string; nonce: string };

export async function beginLogin(s: OidcSettings, redirectUri: string): Promise<{ url: string; checks: LoginChecks }> {
  const config = await oidcConfiguration(s);
  const checks = { verifier: client.randomPKCECodeVerifier(), state: client.randomState(), nonce: client.randomNonce() };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
    code_challenge_method: "S256",
    state: checks.state,
    nonce: checks.nonce,
  });
  return { url: url.href, checks };
}

export type ExternalIdentity = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
};

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** Redeems the authorization response at `callbackUrl` and returns who signed in. Throws on any protocol error. */
export async function finishLogin(s: OidcSettings, callbackUrl: URL, checks: LoginChecks): Promise<ExternalIdentity> {
  const config = await oidcConfiguration(s);
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.verifier, expectedState: checks.state, expectedNonce: checks.nonce, idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new Error("no ID token");
  let claims: Record<string, unknown> = { ...idToken };
  // Many providers put email only in the UserInfo response.
  if (!str(claims.email)) claims = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)) };
  return {
    issuer: idToken.iss,
    subject: idToken.sub,
    email: str(claims.email)?.toLowerCase() ?? null,
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    firstName: str(claims.given_name),
    lastName: str(claims.family_name),
  };
}
