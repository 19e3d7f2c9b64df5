import { expect, test } from "bun:test";
import { parseConfig } from "./config";

const withIssuer = (issuer: string) => () => parseConfig({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: "runboard" });

test("a plain-http identity provider is accepted only on a loopback host", () => {
  for (const ok of ["https://id.example.com", "http://localhost:8080", "http://127.0.0.1:9000", "http://[::1]:9000"]) {
    expect(withIssuer(ok)().oidc?.issuer).toBe(ok);
  }
  for (const bad of ["http://id.example.com", "http://10.0.0.5", "http://localhost.example.com"]) {
    expect(withIssuer(bad)).toThrow("OIDC_ISSUER must use https (plain http only on localhost, 127.0.0.1 or [::1])");
  }
});
