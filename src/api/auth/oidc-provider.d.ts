// oidc-provider ships no types; tests use it only as a local identity provider.
declare module "oidc-provider";
