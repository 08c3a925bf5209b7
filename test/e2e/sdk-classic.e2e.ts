import { serve } from "@hono/node-server";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provider } from "../../protocol/provider.ts";
import { sdkPath } from "../../protocol/version.ts";
import { launchChromium } from "./support/browser.ts";
import { startTestHosts } from "./support/hosts.ts";

// The classic script in real Chromium: a platform page on localhost with one <script src> to
// the connect host's versioned path and elements written as plain HTML. The script's lazy
// chunks must come from that same versioned path, as ES modules, cross-origin.

let hosts: Awaited<ReturnType<typeof startTestHosts>>;
let browser: Browser;

beforeAll(async () => {
  hosts = await startTestHosts();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await hosts?.close();
});

/** Serves one HTML page on localhost (a loopback address, as the other test hosts). */
function servePage(html: string, csp: string): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const server = serve(
      {
        fetch: () =>
          new Response(html, {
            headers: { "Content-Type": "text/html", "Content-Security-Policy": csp },
          }),
        hostname: "localhost",
        port: 0,
      },
      (info) =>
        resolve({
          url: `http://localhost:${info.port}/classic.html`,
          close: () => new Promise((done) => server.close(() => done())),
        }),
    );
  });
}

const tag = (name: string) => `${provider.tagPrefix}-${name}`;
const global = `${provider.name}Connect`;

describe("the classic script at <connect>/v<version>/", () => {
  it("a page with only the script tag and elements with attributes: chunks load from the versioned path; a bad attribute is a DOM event", async () => {
    const script = `${hosts.connect}${sdkPath}${provider.id}.js`;
    const html = `<!doctype html>
<html><head><script src="${script}"></script></head>
<body>
  <${tag("payouts-list")}></${tag("payouts-list")}>
  <${tag("payout-details")} payout="po_1" inline="sometimes"></${tag("payout-details")}>
  <script nonce="classic">
    window.heard = { inputErrors: [], secrets: 0, violations: [] };
    document.addEventListener("securitypolicyviolation", (event) =>
      window.heard.violations.push(event.violatedDirective));
    document.addEventListener("inputerror", (event) => window.heard.inputErrors.push(event.detail));
    window.instance = ${global}.loadConnectAndInitialize({
      publishableKey: "pk_test_classic",
      connectOrigin: "${hosts.connect}",
      fetchClientSecret: () => { window.heard.secrets += 1; return new Promise(() => {}); },
    });
  </script>
</body></html>`;
    // A platform of its own on loopback (like the others) serves just this page.
    // Under the platform CSP of docs/platform-csp.md (the page's own inline script by nonce).
    const platform = await servePage(
      html,
      `default-src 'self'; script-src 'nonce-classic' ${hosts.connect}; style-src 'self'; ` +
        `img-src 'self'; connect-src 'self'; frame-src ${hosts.connect}; object-src 'none'`,
    );
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning")
        problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(platform.url);
    // The element with a bad value says so as a DOM event (the validate chunk loaded).
    await page.waitForFunction(
      () => (window as never as { heard: { inputErrors: unknown[] } }).heard.inputErrors.length > 0,
    );
    const heard = await page.evaluate(
      () =>
        (window as never as { heard: { inputErrors: { name: string }[]; secrets: number } }).heard,
    );
    expect(heard.inputErrors.map((e) => e.name)).toEqual(["inline"]);
    // The data layer answered init and the session logic (a chunk) asked for a secret.
    await page.waitForFunction(
      () => (window as never as { heard: { secrets: number } }).heard.secrets === 1,
    );
    // Each element owns one frame on the connect host.
    const frames = await page.evaluate(
      (tags) =>
        tags.map((t) => document.querySelector(t)?.shadowRoot?.querySelectorAll("iframe").length),
      [tag("payouts-list"), tag("payout-details")],
    );
    expect(frames).toEqual([1, 1]);
    // Nothing the platform CSP forbids (no eval probe, no inline style, no other origin).
    expect(
      await page.evaluate(
        () => (window as never as { heard: { violations: string[] } }).heard.violations,
      ),
    ).toEqual([]);
    const chunks = requests.filter((url) => url.startsWith(`${hosts.connect}${sdkPath}classic/`));
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(
      requests.filter((url) => url.startsWith(`${hosts.connect}/v`) && !url.includes(sdkPath)),
    ).toEqual([]);
    // Only the warning that names the bad attribute.
    expect(problems).toEqual([expect.stringContaining("inline")]);
    await page.close();
    await platform.close();
  });
});
