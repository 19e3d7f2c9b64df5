import { afterEach, expect, test } from "bun:test";
import { act } from "react";
import { screen, waitFor } from "@testing-library/react";
import { renderDocument } from "../render/document";
import { Island } from "./island";
import { hydrateIslands } from "../../islands/runtime/hydrate";
import { registry } from "../../islands/runtime/registry";
import type { Manifest } from "../render/manifest";
import { stubApi } from "../testing/apiStub";

const manifest: Manifest = {
  client: "/assets/client-x.js", css: "/assets/app-x.css", clientImports: ["/assets/chunk-r.js"],
  islands: { LogoutButton: ["/assets/LogoutButton-x.js", "/assets/chunk-r.js"] },
};

afterEach(() => { document.body.innerHTML = ""; });

test("a page without islands emits no script tag", () => {
  const html = renderDocument({ title: "t", manifest, body: <p>static</p> });
  expect(html).not.toContain("<script");
  expect(html).not.toContain("modulepreload");
});

test("a page with an island loads the client entry and preloads only what that island needs", () => {
  const html = renderDocument({ title: "t", manifest, body: <Island name="LogoutButton" props={{}} /> });
  expect(html).toContain('<script type="module" src="/assets/client-x.js"></script>');
  expect(html).toContain('<link rel="modulepreload" href="/assets/LogoutButton-x.js">');
  expect(html.match(/chunk-r\.js/g)?.length).toBe(1);
  expect(html).toContain('data-island="LogoutButton" data-island-id="i0"');
  expect(html).toContain('<script type="application/json" data-island-props="i0">{}</script>');
});

test("server-rendered island hydrates without errors and responds to a click", async () => {
  const html = renderDocument({ title: "t", manifest, body: <main><Island name="LogoutButton" props={{ className: "button" }} /></main> });
  document.body.innerHTML = html.slice(html.indexOf("<body>") + 6, html.indexOf("</body>"));
  const serverButton = screen.getByRole("button", { name: "Logout" });

  // The answer never comes, so the page does not navigate away.
  const calls = stubApi({ "POST /api/auth/logout": () => new Promise(() => {}) });

  await act(() => hydrateIslands(document, registry));
  // Hydration reused the server's node rather than replacing it.
  expect(screen.getByRole("button", { name: "Logout" })).toBe(serverButton);
  await act(async () => serverButton.click());
  await waitFor(() => expect(screen.getByRole("button", { name: "Logging out..." })).toBeTruthy());
  expect((screen.getByRole("button", { name: "Logging out..." }) as HTMLButtonElement).disabled).toBe(true);
  expect(calls).toEqual([{ method: "POST", path: "/api/auth/logout", body: undefined }]);
});
