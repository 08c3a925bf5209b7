import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hostsFor, localEnvironment, provider } from "../../protocol/provider.ts";
import { sdkPath, sdkVersion } from "../../protocol/version.ts";
import { createConnectHostApp } from "./connect.ts";

/** A built connect host with a built SDK beside it (dist/connect, dist/sdk). */
function built(hosts = localEnvironment()) {
  const dist = mkdtempSync(join(tmpdir(), "connect-sdk-"));
  mkdirSync(join(dist, "connect"));
  mkdirSync(join(dist, "sdk", "classic"), { recursive: true });
  writeFileSync(join(dist, "sdk", `${provider.id}.js`), "var x=1;");
  writeFileSync(join(dist, "sdk", "classic", "session-AbCd1234.js"), "export {};");
  writeFileSync(join(dist, "sdk", "classic", "chunks.json"), "{}");
  writeFileSync(join(dist, "secret.js"), "not the SDK");
  return createConnectHostApp({ hosts, distDir: join(dist, "connect") });
}

describe("the connect host serves the platform SDK at its versioned path", () => {
  it("the version is package.json's", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(sdkVersion).toBe(pkg.version);
    expect(sdkPath).toBe(`/v${pkg.version}/`);
  });

  it("the classic script and its chunks load cross-origin as scripts and ES modules (CORS)", async () => {
    const app = built();
    for (const path of [`${provider.id}.js`, "classic/session-AbCd1234.js"]) {
      const res = await app.request(`${sdkPath}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/javascript");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("hashed chunks are immutable; a released version's entry too, a local build's entry is revalidated", async () => {
    const local = built();
    expect(
      (await local.request(`${sdkPath}classic/session-AbCd1234.js`)).headers.get("cache-control"),
    ).toContain("immutable");
    expect((await local.request(`${sdkPath}${provider.id}.js`)).headers.get("cache-control")).toBe(
      "no-cache",
    );
    const prod = built({ ...hostsFor("prod"), platform: "https://platform.example" });
    expect(
      (await prod.request(`${sdkPath}${provider.id}.js`)).headers.get("cache-control"),
    ).toContain("immutable");
  });

  it("nothing else: other versions, other files, paths out of the SDK directory", async () => {
    const app = built();
    expect((await app.request(`/v0.0.0-other/${provider.id}.js`)).status).toBe(404);
    expect((await app.request(`${sdkPath}classic/chunks.json`)).status).toBe(404);
    expect((await app.request(`${sdkPath}..%2Fsecret.js`)).status).toBe(404);
    // A malformed escape is the client's error (issue 14 item 13).
    expect((await app.request(`${sdkPath}%E0%A4%A`)).status).toBe(400);
    expect((await app.request(`${sdkPath}missing.js`)).status).toBe(404);
  });
});
