import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hostsFor, localEnvironment, parseHostsMeta } from "../../protocol/provider.ts";
import { sdkPath } from "../../protocol/version.ts";
import { createConnectHostApp } from "./connect.ts";
import { connectHostCsp } from "./csp.ts";

function builtHost() {
  const dist = mkdtempSync(join(tmpdir(), "connect-host-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(
    join(dist, "data-layer.html"),
    '<script type="module" src="./assets/dl.js"></script>',
  );
  writeFileSync(
    join(dist, "frame.html"),
    '<script type="module" src="./assets/frame.js"></script>',
  );
  writeFileSync(join(dist, "assets", "dl.js"), "export {};");
  writeFileSync(join(dist, "secret.txt"), "not an asset");
  const hosts = localEnvironment();
  return { app: createConnectHostApp({ hosts, distDir: dist }), hosts };
}

describe("the connect host", () => {
  it("serves each frame page under a strict CSP: no inline script, no eval", async () => {
    const { app } = builtHost();
    const res = await app.request("/frame.html");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("tells its pages the other hosts of this environment, from the server's own configuration", async () => {
    const dist = mkdtempSync(join(tmpdir(), "connect-host-"));
    writeFileSync(join(dist, "frame.html"), "<html><head><title>f</title></head></html>");
    const hosts = localEnvironment({ api: 5200 });
    const html = await (
      await createConnectHostApp({ hosts, distDir: dist }).request("/frame.html")
    ).text();
    const content = /<meta name="[a-z]+-hosts" content="([^"]+)">/.exec(html)?.[1] ?? "";
    expect(parseHostsMeta(content.replace(/&quot;/g, '"'))).toMatchObject({
      api: "http://127.0.0.1:5200",
    });
  });

  it("allows loopback font stylesheets only when the connect host itself is local", async () => {
    const { app } = builtHost();
    expect((await app.request("/frame.html")).headers.get("content-security-policy")).toContain(
      "font-src 'self' https: data: http://localhost:*",
    );
    const dist = mkdtempSync(join(tmpdir(), "connect-host-"));
    writeFileSync(join(dist, "frame.html"), "<html><head></head></html>");
    const prod = createConnectHostApp({ hosts: hostsFor("prod"), distDir: dist });
    const csp = (await prod.request("/frame.html")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("font-src 'self' https: data:;");
    expect(csp).not.toContain("http://localhost");
  });

  it("loads no stylesheet from another origin into any page (issue 14 item 12): only the data layer may fetch a font stylesheet", async () => {
    const { app } = builtHost();
    for (const page of ["/frame.html", "/data-layer.html"]) {
      const csp = (await app.request(page)).headers.get("content-security-policy") ?? "";
      expect(csp, page).toMatch(/style-src 'self'(;|$)/);
    }
    const frame = (await app.request("/frame.html")).headers.get("content-security-policy");
    const dataLayer = (await app.request("/data-layer.html")).headers.get(
      "content-security-policy",
    );
    expect(frame).not.toMatch(/connect-src[^;]*https:/);
    expect(dataLayer).toMatch(/connect-src [^;]*https:/);
  });

  it("lets only the data-layer page connect to the API origins", async () => {
    const { app, hosts } = builtHost();
    const dataLayer = (await app.request("/data-layer.html")).headers.get(
      "content-security-policy",
    );
    const frame = (await app.request("/frame.html")).headers.get("content-security-policy");
    expect(dataLayer).toMatch(new RegExp(`connect-src 'self' [^;]*${hosts.api}`));
    expect(frame).toMatch(/connect-src 'self'(;|$)/);
  });

  it("serves hashed assets with long caching and nothing outside assets/", async () => {
    const { app } = builtHost();
    const asset = await app.request("/assets/dl.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toContain("text/javascript");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await app.request("/assets/..%2Fsecret.txt")).status).toBe(404);
    expect((await app.request("/secret.txt")).status).toBe(404);
    expect((await app.request("/assets/missing.js")).status).toBe(404);
  });

  it("says how to build a page that is not built yet", async () => {
    const { app } = builtHost();
    const res = await app.request("/popup.html");
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("npm run build");
  });
  it("the sign-in popup reaches the API host (its sign-in call) and nothing else, and is never framed", () => {
    const hosts = localEnvironment();
    const csp = connectHostCsp("popup", hosts);
    expect(csp).toContain(`connect-src 'self' ${hosts.api};`);
    expect(csp).not.toContain(hosts.files);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self';");
  });
});

describe("issue 14 item 13: the connect host's small items", () => {
  it("a malformed escape in an asset or SDK path answers 400, not 500", async () => {
    const { app } = builtHost();
    expect((await app.request("/assets/%E0%A4%A.js")).status).toBe(400);
    expect((await app.request("/assets/%zz.js")).status).toBe(400);
    expect((await app.request(`${sdkPath}%E0%A4%A.js`)).status).toBe(400);
  });

  it("serves the internal UI library page only where SPEC.md §6 honours internal things", async () => {
    const dist = mkdtempSync(join(tmpdir(), "connect-host-"));
    writeFileSync(join(dist, "ui-library.html"), "<html><head></head></html>");
    writeFileSync(join(dist, "frame.html"), "<html><head></head></html>");
    const local = createConnectHostApp({ hosts: localEnvironment(), distDir: dist });
    expect((await local.request("/ui-library.html")).status).toBe(200);
    const production = createConnectHostApp({ hosts: hostsFor("prod"), distDir: dist });
    expect((await production.request("/ui-library.html")).status).toBe(404);
    expect((await production.request("/frame.html")).status).toBe(200);
  });

  it("refuses a body over 16 KB with a typed 413 before serving anything", async () => {
    const { app } = builtHost();
    const r = await app.request("/frame.html", { method: "POST", body: "x".repeat(17 * 1024) });
    expect(r.status).toBe(413);
    const answer = (await r.json()) as { error: { type: string; code: string } };
    expect(answer.error).toMatchObject({ type: "invalid_request_error", code: "body_too_large" });
  });
});
