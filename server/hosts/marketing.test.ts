import { describe, expect, it } from "vitest";
import { localEnvironment } from "../../protocol/provider.ts";
import { consentCookieName } from "../../protocol/site/constants.ts";
import { createMarketingHostApp } from "./marketing.ts";

const hosts = localEnvironment();
const app = (mode: "restricted" | "open" | "functional" = "restricted") =>
  createMarketingHostApp({ hosts, enforcementMode: () => mode, now: () => 1_764_000_000_000 });

describe("marketing host: consent pages and calls (issue 16)", () => {
  it("answers the enforcement mode to any origin", async () => {
    const res = await app("functional").request("/cookie-settings/enforcement-mode");
    expect(await res.json()).toEqual({ mode: "functional" });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("a JSON update sets the version 2 cookie; authentication and essential stay allowed", async () => {
    const res = await app().request("/cookie-settings/update", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: hosts.dashboard },
      body: JSON.stringify({
        authentication: false,
        essential: true,
        functional: true,
        advertising: false,
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      object: "consent",
      authentication: true,
      functional: true,
    });
    expect(res.headers.get("set-cookie")).toContain(`${consentCookieName}=2.1764000000000.1110`);
    expect(res.headers.get("access-control-allow-origin")).toBe(hosts.dashboard);
  });

  it("refuses a body that does not map every category to a boolean, and changes nothing", async () => {
    const res = await app().request("/cookie-settings/update", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ functional: "yes" }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a body over 16 KB with a typed 413, and sets no cookie", async () => {
    const res = await app().request("/cookie-settings/update", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: hosts.dashboard },
      body: JSON.stringify({ functional: true, padding: "x".repeat(17 * 1024) }),
    });
    expect(res.status).toBe(413);
    const answer = (await res.json()) as { error: { type: string; code: string } };
    expect(answer.error).toMatchObject({ type: "invalid_request_error", code: "body_too_large" });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a consent change from another site", async () => {
    const res = await app().request("/cookie-settings/update", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://evil.test" },
      body: "functional=true",
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("the settings form saves and comes back to the page, which shows the choice", async () => {
    const saved = await app().request("/cookie-settings/update?locale=fr-FR", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: hosts.marketing },
      body: "functional=true",
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/cookie-settings?locale=fr-FR&saved=1");
    const cookie = saved.headers.get("set-cookie")!.split(";")[0]!;
    const page = await app().request("/cookie-settings?locale=fr-FR&saved=1", {
      headers: { Cookie: cookie },
    });
    const html = await page.text();
    expect(html).toContain('<html lang="fr-FR"');
    expect(html).toContain("Paramètres des cookies");
    expect(html).toContain('role="status"');
    expect(html).toMatch(/id="consent-functional" name="functional" value="true" checked/);
    expect(html).not.toMatch(/id="consent-advertising"[^>]* checked/);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
  });

  it("the policy lists what each category stores, from the pages' own catalogue", async () => {
    const html = await (
      await app().request("/cookies-policy/legal", {
        headers: { "Accept-Language": "de-DE,de;q=0.9" },
      })
    ).text();
    expect(html).toContain("Cookie-Richtlinie");
    expect(html).toContain(consentCookieName);
    expect(html).toContain("analytics_client");
  });
});
