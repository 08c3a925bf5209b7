import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { hostsFor, localEnvironment, parseHostsMeta } from "../../protocol/provider.ts";
import { sdkPath } from "../../protocol/version.ts";
import { createConnectHostApp } from "./connect.ts";
import { connectHostCsp } from "./csp.ts";
import { dashboardStylesheet } from "./dashboard-pages.ts";

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

  it("opens the data layer's connection to the API host before its first call (issue 13)", async () => {
    const dist = mkdtempSync(join(tmpdir(), "connect-host-"));
    for (const page of ["data-layer.html", "frame.html"])
      writeFileSync(join(dist, page), "<html><head><title>p</title></head></html>");
    const hosts = localEnvironment();
    const app = createConnectHostApp({ hosts, distDir: dist });
    const html = await (await app.request("/data-layer.html")).text();
    expect(html).toContain(
      `<link rel="preconnect" href="${new URL(hosts.api).origin}" crossorigin>`,
    );
    expect(await (await app.request("/frame.html")).text()).not.toContain("preconnect");
  });

  it("serves precompressed brotli or gzip by Accept-Encoding, varying on it, cached immutably (issue 13)", async () => {
    const dist = mkdtempSync(join(tmpdir(), "connect-host-"));
    mkdirSync(join(dist, "assets"));
    const code = `export const x = "${"a".repeat(2000)}";`;
    const file = join(dist, "assets", "view-AbCd1234.js");
    writeFileSync(file, code);
    writeFileSync(`${file}.br`, brotliCompressSync(code));
    writeFileSync(`${file}.gz`, gzipSync(code));
    writeFileSync(join(dist, "assets", "plain-AbCd1234.js"), code);
    const app = createConnectHostApp({ hosts: localEnvironment(), distDir: dist });
    const get = (path: string, encoding?: string) =>
      app.request(path, encoding === undefined ? {} : { headers: { "Accept-Encoding": encoding } });

    const br = await get("/assets/view-AbCd1234.js", "gzip, deflate, br, zstd");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("content-type")).toContain("text/javascript");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(code);

    const gz = await get("/assets/view-AbCd1234.js", "gzip, br;q=0");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("vary")).toBe("Accept-Encoding");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(code);

    for (const none of [undefined, "identity"]) {
      const plain = await get("/assets/view-AbCd1234.js", none);
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(plain.headers.get("vary")).toBe("Accept-Encoding");
      expect(await plain.text()).toBe(code);
    }
    // An asset without siblings is sent as it is; a sibling is never served by its own name.
    const noSibling = await get("/assets/plain-AbCd1234.js", "br, gzip");
    expect(noSibling.headers.get("content-encoding")).toBeNull();
    expect(await noSibling.text()).toBe(code);
    expect((await get("/assets/view-AbCd1234.js.br", "br")).status).toBe(404);
  });

  it("serves the shared site script the sign-in popup loads, from dist/site beside it", async () => {
    const { app } = builtHost();
    const missing = await app.request("/site.js");
    expect(missing.status).toBe(503);
    expect(await missing.text()).toContain("npm run build");
    const root = mkdtempSync(join(tmpdir(), "connect-site-"));
    mkdirSync(join(root, "connect"));
    mkdirSync(join(root, "site"));
    writeFileSync(join(root, "site", "site.js"), "export const site = 1;");
    const built = createConnectHostApp({
      hosts: localEnvironment(),
      distDir: join(root, "connect"),
    });
    const res = await built.request("/site.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/javascript");
    expect(await res.text()).toBe("export const site = 1;");
  });

  it("serves the dashboard host's own stylesheet for the hosted dashboard preview", async () => {
    const { app } = builtHost();
    const res = await app.request("/dashboard.css");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/css");
    expect(await res.text()).toBe(dashboardStylesheet);
  });

  it("says how to build a page that is not built yet", async () => {
    const { app } = builtHost();
    const res = await app.request("/popup.html");
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("npm run build");
  });
  it("the sign-in popup reaches the API host and the marketing host (consent) and nothing else, and is never framed", () => {
    const hosts = localEnvironment();
    const csp = connectHostCsp("popup", hosts);
    expect(csp).toContain(`connect-src 'self' ${hosts.api} ${hosts.marketing};`);
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

  it("serves the mobile entry page on every host, production included, never framed and framing only its own origin", async () => {
    const dist = mkdtempSync(join(tmpdir(), "connect-host-"));
    writeFileSync(join(dist, "entry.html"), "<html><head></head></html>");
    const production = createConnectHostApp({ hosts: hostsFor("prod"), distDir: dist });
    const res = await production.request("/entry.html");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("script-src 'self';");
    // Every other page frames nothing.
    expect(connectHostCsp("frame", hostsFor("prod"))).toContain("frame-src 'none'");
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
