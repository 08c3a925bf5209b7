import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Context, Hono } from "hono";
import { describe, expect, it } from "vitest";
import { localEnvironment, tagName } from "../../protocol/provider.ts";
import { stateOf } from "../htmx/fragments.ts";
import { serverRenders } from "../react-ssr/render.tsx";
import { frameworkExamples, mountFrameworkExamples } from "./frameworks.ts";
import { configMetaName, type PageConfig } from "./pages.ts";
import type { SandboxAccount } from "./sandbox.ts";

// The framework examples' routes on the example platform's backend: their pages, their
// builds, and the HTMX fragments (the browser tests are test/e2e/frameworks.e2e.ts).

const account: SandboxAccount = {
  id: "acct_1",
  label: "Driver one",
  type: "custom",
  state: "complete",
};

function setup(signedIn = true) {
  const examplesDir = mkdtempSync(join(tmpdir(), "oriel-examples-"));
  for (const name of Object.keys(frameworkExamples)) {
    mkdirSync(join(examplesDir, name, "assets"), { recursive: true });
    writeFileSync(join(examplesDir, name, "assets", "main.js"), `export const app = "${name}";`);
    writeFileSync(join(examplesDir, name, "secret.txt"), "not served");
  }
  const app = new Hono();
  mountFrameworkExamples(app, {
    examplesDir,
    embedding: (render) => async (c: Context) =>
      signedIn ? c.html(render(account)) : c.redirect("/", 303),
    pageConfig: (a, components): PageConfig => ({
      publishableKey: "pk_test_1",
      connectOrigin: localEnvironment().connect,
      components,
      account: { id: a.id, label: a.label },
    }),
  });
  return app;
}

describe("the framework examples on the example platform", () => {
  it("each page loads its app's build from /<name>/assets and carries the page config for the payouts list", async () => {
    const app = setup();
    for (const [name, { entry }] of Object.entries(frameworkExamples)) {
      const html = await (await app.request(`/${name}`)).text();
      expect(html).toContain(`<script type="module" src="/${name}/assets/${entry}"></script>`);
      expect(html).toContain(`<meta name="${configMetaName}"`);
      expect(html).toContain("&quot;components&quot;:[&quot;payouts-list&quot;]");
    }
  });

  it("a page for a browser that has not signed in is whatever the platform's embedding says (here: the picker)", async () => {
    const app = setup(false);
    expect((await app.request("/vue")).status).toBe(303);
  });

  it("serves an app's build files by type, and nothing outside its assets directory", async () => {
    const app = setup();
    const file = await app.request("/svelte/assets/main.js");
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toContain("text/javascript");
    expect(await file.text()).toBe('export const app = "svelte";');
    expect((await app.request("/svelte/assets/missing.js")).status).toBe(404);
    expect((await app.request("/svelte/assets/..%2Fsecret.txt")).status).toBe(404);
    expect((await app.request("/svelte/assets/%2E%2E/secret.txt")).status).toBe(404);
  });

  it("the server-rendered React page holds the app's markup with an empty list container, and the render calls no fetchClientSecret", async () => {
    const app = setup();
    const before = { ...serverRenders };
    const html = await (await app.request("/react-ssr")).text();
    expect(html).toContain('<div id="root"><h1>Payouts</h1>');
    expect(html).toContain('<div class="payouts"></div>');
    expect(html).not.toContain(`<${tagName("payouts-list")}`);
    expect(serverRenders.renders).toBe(before.renders + 1);
    // Nothing is left to run later either.
    await new Promise((done) => setTimeout(done, 50));
    expect(serverRenders.fetchClientSecretCalls).toBe(0);
  });

  it("the HTMX page shows the list with recent-payouts from its state; /htmx/payouts answers the slot and the controls out of band", async () => {
    const app = setup();
    const tag = tagName("payouts-list");
    const page = await (await app.request("/htmx")).text();
    expect(page).toContain(`<div id="payouts-slot"><${tag} id="payouts" recent-payouts="false">`);
    expect(page).toContain(`hx-trigger="loaderstart from:#payouts-slot"`);
    expect(page).not.toMatch(/hx-on|js:/);

    const recent = await (await app.request("/htmx/payouts?shown=true&recent=true")).text();
    expect(recent).toContain(`<${tag} id="payouts" recent-payouts="true">`);
    expect(recent).toMatch(/<button[^>]*hx-swap-oob="outerHTML">Hide payouts<\/button>/);
    expect(recent).toMatch(/<input type="hidden" id="shown" name="shown" value="true" hx-swap-oob/);

    const hidden = await (await app.request("/htmx/payouts?shown=false")).text();
    expect(hidden).not.toContain(`<${tag}`);
    expect(hidden).toMatch(/<button[^>]*hx-vals='\{"shown": "true"\}'[^>]*>Show payouts<\/button>/);
  });

  it("the HTMX event log answers one line per known event, and 404 for any other", async () => {
    const app = setup();
    expect(await (await app.request("/htmx/events/loaderstart")).text()).toBe(
      `<li>loaderstart ${tagName("payouts-list")}</li>`,
    );
    expect((await app.request("/htmx/events/click")).status).toBe(404);
  });

  it("the HTMX state reads shown (default on) and recent (default off) from a query", () => {
    expect(stateOf({})).toEqual({ shown: true, recent: false });
    expect(stateOf({ shown: "false", recent: "true" })).toEqual({ shown: false, recent: true });
    expect(stateOf({ shown: "no", recent: "yes" })).toEqual({ shown: true, recent: false });
  });
});
