// A real OpenID Connect provider (oidc-provider, its development sign-in form) on a free
// loopback port, for `bun test` and the browser suite. Any password signs in as the
// account whose id is typed into the form's login field.
import { createServer } from "node:http";
import Provider from "oidc-provider";
import { freePort } from "./net";

export type TestAccounts = Record<string, Record<string, unknown>>;
export type TestProvider = { issuer: string; clientId: string; clientSecret: string; close: () => Promise<void> };

/** Starts the provider with one confidential client that returns to `appOrigin`. */
export async function startTestProvider(appOrigin: string, accounts: TestAccounts): Promise<TestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "runboard";
  const clientSecret = "runboard-test-secret";
  const provider = new Provider(issuer, {
    clients: [{
      client_id: clientId, client_secret: clientSecret, redirect_uris: [`${appOrigin}/api/callback`],
      post_logout_redirect_uris: [`${appOrigin}/`], token_endpoint_auth_method: "client_secret_post",
    }],
    findAccount: (_ctx: unknown, id: string) => accounts[id]
      ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) }
      : undefined,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    cookies: { keys: ["oidc-test-cookie-key"] },
    // First-party client: no consent screen.
    async loadExistingGrant(ctx: any) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  // Its pages import a web font from the internet; without it an offline browser logs no error.
  provider.use(async (ctx: any, next: () => Promise<void>) => {
    await next();
    if (typeof ctx.body === "string") ctx.body = ctx.body.replace(/@import url\(https:\/\/fonts\.googleapis\.com[^)]*\);/g, "");
  });
  const server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    issuer, clientId, clientSecret,
    // Stops listening and drops open connections at once (no graceful wait for idle keep-alives).
    close: async () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
