import { describe, expect, it } from "vitest";
import { localEnvironment, provider, tagName } from "../../protocol/provider.ts";
import { createApp } from "../../server/app.ts";
import { createPlatform } from "../../server/platforms/platforms.ts";
import { setupTestDatabase } from "../../server/test/db.ts";
import { platformCsp } from "./csp.ts";
import { frameworkExamples } from "./frameworks.ts";
import { dashboardSections } from "./pages.ts";
import type { SandboxInfo } from "./sandbox.ts";
import {
  accountSwitches,
  builtComponents,
  createPlatformApp,
  formBodyBytes,
  sessionComponentParams,
  webhookBodyBytes,
} from "./server.ts";

// The example platform's backend against the real reference provider (no socket): it holds
// the secret key, signs a person in as a seeded account, and creates account sessions.

const t = setupTestDatabase();
/** The framework examples' pages (frameworks.ts): embedding pages like the others. */
const frameworkPages = Object.keys(frameworkExamples).map((name) => `/${name}`);
const { platform: origin, ...hosts } = localEnvironment();

async function setup(components: string[] = ["payouts-list", "payouts", "debug-components-list"]) {
  const api = createApp({ db: t.db, config: { hosts } });
  const { platform, secretKey, publishableKey } = await createPlatform(
    t.db,
    { business_name: "Rocket Rides" },
    Math.floor(Date.now() / 1000),
  );
  const created = await api.request("/v1/accounts", {
    method: "POST",
    headers: {
      Authorization: `Bearer ${secretKey}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "type=custom&country=US",
  });
  const account = (await created.json()) as { id: string };
  const sandbox: SandboxInfo = {
    platformId: platform.id,
    publishableKey,
    secretKey,
    mainAccountId: account.id,
    accounts: [{ id: account.id, label: "Driver <one>", type: "custom", state: "currently_due" }],
  };
  const apiCalls: string[] = [];
  const app = createPlatformApp({
    origin,
    hosts,
    sandbox,
    distDir: "/nonexistent",
    classicScriptUrl: `${hosts.connect}/v0/sdk.js`,
    components: () => components,
    fetch: (input, init) => {
      const url = new URL(String(input));
      apiCalls.push(`${init?.method ?? "GET"} ${url.pathname}`);
      return Promise.resolve(api.request(`${url.pathname}${url.search}`, init));
    },
  });
  const signIn = async (accountId: string) => {
    const response = await app.request("/sign-in", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      body: new URLSearchParams({ account: accountId }),
    });
    return { response, cookie: response.headers.get("Set-Cookie")?.split(";")[0] ?? "" };
  };
  return { app, sandbox, signIn, apiCalls };
}

describe("the example platform's backend", () => {
  it("the sign-in picker lists every seeded account with its onboarding state (escaped)", async () => {
    const { app } = await setup();
    const html = await (await app.request("/")).text();
    expect(html).toContain("Driver &lt;one&gt;");
    expect(html).toContain('data-state="currently_due"');
    expect(html).not.toContain("Driver <one>");
  });

  it("refuses a form body over 16 KB and a webhook over 256 KB with a typed 413, before reading them", async () => {
    const { app, signIn } = await setup();
    const tooLarge = async (path: string, bytes: number) => {
      const response = await app.request(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
        body: `account=${"x".repeat(bytes)}`,
      });
      const answer = (await response.json()) as { error: { type: string; code: string } };
      return {
        status: response.status,
        error: answer.error,
        csp: response.headers.get("Content-Security-Policy"),
      };
    };
    const signInTooLarge = await tooLarge("/sign-in", formBodyBytes);
    expect(signInTooLarge).toMatchObject({
      status: 413,
      error: { type: "invalid_request_error", code: "body_too_large" },
    });
    // Every answer, a refusal too, carries the platform's CSP.
    expect(signInTooLarge.csp).toBe(platformCsp(hosts.connect));
    expect((await tooLarge("/webhooks", webhookBodyBytes)).status).toBe(413);
    // A webhook larger than a form reaches the receiver (which, never registered here,
    // answers 503 once it has read the body).
    const webhook = await app.request("/webhooks", {
      method: "POST",
      body: JSON.stringify({ padding: "x".repeat(formBodyBytes) }),
    });
    expect(webhook.status).toBe(503);
    expect((await signIn("acct_unknown")).response.status).toBe(400);
  });

  it("signing in as an account that is not in the sandbox is refused with 400 and sets no cookie", async () => {
    const { signIn } = await setup();
    const { response, cookie } = await signIn("acct_notours");
    expect(response.status).toBe(400);
    expect(cookie).toBe("");
  });

  it("the embedding pages need a signed-in account; a dashboard page sends the person back to it after signing in", async () => {
    const { app } = await setup();
    for (const path of ["/plain", "/react", "/markup", ...frameworkPages]) {
      const response = await app.request(path);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
    }
    for (const path of ["/dashboard", "/dashboard/payouts"]) {
      const response = await app.request(path);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(`/?next=${path}`);
    }
  });

  it("signing in returns to the dashboard page it was asked for, and to the overview for any other next", async () => {
    const { app, sandbox } = await setup();
    const picker = await (await app.request("/?next=/dashboard/payouts")).text();
    expect(picker).toContain('<input type="hidden" name="next" value="/dashboard/payouts">');
    const signInTo = async (next: string) =>
      app.request("/sign-in", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
        body: new URLSearchParams({ account: sandbox.mainAccountId, next }),
      });
    expect((await signInTo("/dashboard/payouts")).headers.get("Location")).toBe(
      "/dashboard/payouts",
    );
    for (const next of ["https://evil.example/", "//evil.example", "/dashboard/nothing", "/plain"])
      expect((await signInTo(next)).headers.get("Location"), next).toBe("/dashboard");
    expect(await (await app.request("/?next=//evil.example")).text()).not.toContain("evil");
  });

  it("each dashboard page embeds its own built components and marks itself in the page list; the overview embeds all", async () => {
    const { app, signIn, sandbox } = await setup();
    const { cookie } = await signIn(sandbox.mainAccountId);
    const shown = async (path: string) => {
      const response = await app.request(path, { headers: { Cookie: cookie } });
      const html = await response.text();
      const meta = /<meta name="platform-config" content="([^"]*)">/.exec(html)?.[1] ?? "{}";
      const config = JSON.parse(meta.replaceAll("&quot;", '"').replaceAll("&amp;", "&"));
      const current = /<a href="([^"]*)" aria-current="page">/.exec(html)?.[1];
      return { status: response.status, components: config.components, current };
    };
    // setup() builds payouts-list, payouts and debug-components-list.
    expect(await shown("/dashboard/payouts")).toEqual({
      status: 200,
      components: ["payouts", "payouts-list"],
      current: "/dashboard/payouts",
    });
    expect(await shown("/dashboard/tools")).toMatchObject({
      components: ["debug-components-list"],
    });
    expect(await shown("/dashboard")).toEqual({
      status: 200,
      components: ["payouts-list", "payouts", "debug-components-list"],
      current: "/dashboard",
    });
    // A page none of whose components is built is not offered.
    const overview = await (
      await app.request("/dashboard", { headers: { Cookie: cookie } })
    ).text();
    expect(overview).not.toContain('href="/dashboard/payments"');
    expect((await shown("/dashboard/payments")).status).toBe(404);
    expect((await shown("/dashboard/nothing")).status).toBe(404);
  });

  it("serves every page under exactly the documented platform CSP", async () => {
    const { app, signIn, sandbox } = await setup();
    const { cookie } = await signIn(sandbox.mainAccountId);
    for (const path of [
      "/",
      "/dashboard",
      "/plain",
      "/react",
      ...frameworkPages,
      "/markup",
      "/platform.css",
      "/nothing",
    ]) {
      const response = await app.request(path, { headers: { Cookie: cookie } });
      expect(response.headers.get("Content-Security-Policy")).toBe(platformCsp(hosts.connect));
    }
  });

  it("pages name elements through the provider's prefix and never carry the secret key", async () => {
    const { app, signIn, sandbox } = await setup();
    const { cookie } = await signIn(sandbox.mainAccountId);
    const plain = await (await app.request("/plain", { headers: { Cookie: cookie } })).text();
    expect(plain).toContain(`<${tagName("payouts-list")}`);
    for (const path of ["/", "/dashboard", "/plain", "/react", "/markup", ...frameworkPages]) {
      const html = await (await app.request(path, { headers: { Cookie: cookie } })).text();
      expect(html).not.toContain(sandbox.secretKey);
      expect(html).not.toMatch(/<script>|<style>| style=/);
    }
  });

  it("the markup-only page has the classic script as its only script, configured by the configuration element", async () => {
    const { app, signIn, sandbox } = await setup();
    const { cookie } = await signIn(sandbox.mainAccountId);
    const html = await (await app.request("/markup", { headers: { Cookie: cookie } })).text();
    expect([...html.matchAll(/<script[^>]*>/g)].map((m) => m[0])).toEqual([
      `<script src="${hosts.connect}/v0/sdk.js">`,
    ]);
    const config = new RegExp(`<${tagName("connect")} ([^>]*)>`).exec(html)?.[1] ?? "";
    expect(config).toContain(`publishable-key="${sandbox.publishableKey}"`);
    expect(config).toContain('client-secret-url="/api/account_session"');
    expect(config).toContain('locale="en-US"');
    expect(config).toMatch(/appearance="\{&quot;variables&quot;:/);
  });

  it("POST /api/account_session without a signed-in account answers 401 and calls no API", async () => {
    const { app, apiCalls } = await setup();
    const response = await app.request("/api/account_session", {
      method: "POST",
      headers: { Origin: origin },
    });
    expect(response.status).toBe(401);
    expect(apiCalls).toEqual([]);
  });

  it("POST /api/account_session from another site answers 403 and calls no API", async () => {
    const { app, signIn, sandbox, apiCalls } = await setup();
    const { cookie } = await signIn(sandbox.mainAccountId);
    const response = await app.request("/api/account_session", {
      method: "POST",
      headers: { Origin: "http://127.0.0.2:4000", Cookie: cookie },
    });
    expect(response.status).toBe(403);
    expect(apiCalls).toEqual([]);
  });

  it("a signed-in browser gets a client secret for its own account with the embedded components enabled, and nothing else", async () => {
    const { app, signIn, sandbox } = await setup();
    const { cookie } = await signIn(sandbox.mainAccountId);
    const response = await app.request("/api/account_session", {
      method: "POST",
      headers: { Origin: origin, Cookie: cookie },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["client_secret"]);
    const session = await t.db.selectFrom("account_sessions").selectAll().executeTakeFirstOrThrow();
    expect(session.account_id).toBe(sandbox.mainAccountId);
    const components = (
      typeof session.components === "string" ? JSON.parse(session.components) : session.components
    ) as Record<string, { enabled: boolean }>;
    const enabled = Object.entries(components)
      .filter(([, c]) => c.enabled)
      .map(([key]) => key)
      .sort();
    expect(enabled).toEqual(["payouts", "payouts_list"]);
  });

  it("signing out ends the platform session: the client secret is refused after it", async () => {
    const { app, signIn, sandbox } = await setup();
    const { cookie } = await signIn(sandbox.mainAccountId);
    const out = await app.request("/sign-out", { method: "POST", headers: { Cookie: cookie } });
    expect(out.status).toBe(303);
    expect(out.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    // The old cookie, replayed, names a session that no longer exists.
    const replayed = await app.request("/api/account_session", {
      method: "POST",
      headers: { Origin: origin, Cookie: cookie },
    });
    expect(replayed.status).toBe(401);
    expect((await app.request("/dashboard", { headers: { Cookie: cookie } })).status).toBe(303);
  });
});

describe("the account session's components", () => {
  it("the dashboard embeds exactly the components that have a view (the view registry)", async () => {
    const { viewRegistry } = await import("../../ui/components/registry.ts");
    expect(builtComponents().sort()).toEqual(Object.keys(viewRegistry).sort());
  });

  it("every built component stands on exactly one dashboard page", () => {
    for (const name of builtComponents()) {
      const pages = dashboardSections.filter((s) =>
        (s.components as readonly string[]).includes(name),
      );
      expect(
        pages.map((p) => p.path),
        name,
      ).toHaveLength(1);
    }
  });

  it("names each enabled component once by its API name, with every feature the catalogue names for it on (the user sign-in kept), and never an internal tool", () => {
    const params = sessionComponentParams([
      "payouts",
      "payouts-list",
      "payments",
      "account-onboarding",
      "debug-components-list",
    ]);
    expect([...params.keys()]).toContain("components[payouts][enabled]");
    expect(params.get("components[payouts][features][edit_payout_schedule]")).toBe("true");
    for (const feature of [
      "refund_management",
      "dispute_management",
      "capture_payments",
      "export",
      "enable_embedded_email_filter_in_payments_list",
      "enable_embedded_metadata_filter_in_payments_list",
    ]) {
      expect(params.get(`components[payments][features][${feature}]`), feature).toBe("true");
    }
    expect(
      params.get(
        `components[account_onboarding][features][${provider.flags.disableUserAuthentication}]`,
      ),
    ).toBe("false");
    expect([...params.keys()].filter((k) => k.startsWith("components[payouts_list]"))).toEqual([
      "components[payouts_list][enabled]",
    ]);
    expect(params.get("components[payouts_list][enabled]")).toBe("true");
    expect([...params.keys()].some((k) => k.includes("debug"))).toBe(false);
    expect(params.getAll("components[payouts][enabled]")).toEqual(["true"]);
  });

  describe("New test account", () => {
    const create = (
      app: Awaited<ReturnType<typeof setup>>["app"],
      fields: Record<string, string>,
      from = origin,
    ) =>
      app.request("/accounts", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: from },
        body: new URLSearchParams(fields),
      });

    it("the sign-in page offers it with a country and a business type", async () => {
      const { app } = await setup();
      const html = await (await app.request("/")).text();
      expect(html).toContain('action="/accounts"');
      expect(html).toContain('<option value="GB">United Kingdom</option>');
      expect(html).toContain('<option value="company">company</option>');
    });

    it("creates a fresh connected account of that country and type with the secret key and signs in as it, alone", async () => {
      const { app, sandbox, apiCalls } = await setup();
      const response = await create(app, { country: "GB", business_type: "company" });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/dashboard");
      expect(apiCalls).toEqual(["POST /v1/accounts"]);
      const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
      const made = await t.db
        .selectFrom("accounts")
        .selectAll()
        .where("platform_id", "=", sandbox.platformId)
        .where("id", "!=", sandbox.mainAccountId)
        .execute();
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ country: "GB", type: "custom" });
      const id = made[0]?.id ?? "";
      // Its own session makes account sessions for it, and nothing else does.
      const session = await app.request("/api/account_session", {
        method: "POST",
        headers: { Cookie: cookie, Origin: origin },
      });
      expect(session.status).toBe(200);
      const kept = await t.db
        .selectFrom("account_sessions")
        .select("account_id")
        .executeTakeFirstOrThrow();
      expect(kept.account_id).toBe(id);
      // It is not listed for others to sign in as, nor can they name it.
      expect(await (await app.request("/")).text()).not.toContain(id);
      expect(
        (
          await app.request("/sign-in", {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
            body: new URLSearchParams({ account: id }),
          })
        ).status,
      ).toBe(400);
      // A second one is another account.
      await create(app, { country: "GB", business_type: "company" });
      const accounts = await t.db
        .selectFrom("accounts")
        .select("id")
        .where("platform_id", "=", sandbox.platformId)
        .execute();
      expect(accounts).toHaveLength(3);
    });

    it("its session leaves the person's sign-in to the platform, or — when they create their own — to the provider's claim step", async () => {
      const { app } = await setup();
      const html = await (await app.request("/")).text();
      expect(html).toContain('<option value="provider">I create my own sign-in</option>');
      for (const [signIn, disabled] of [
        ["platform", true],
        ["provider", false],
      ] as const) {
        const before = (await t.db.selectFrom("account_sessions").select("id").execute()).map(
          (r) => r.id,
        );
        const made = await create(app, {
          country: "US",
          business_type: "individual",
          sign_in: signIn,
        });
        const cookie = made.headers.get("Set-Cookie")?.split(";")[0] ?? "";
        expect(
          (
            await app.request("/api/account_session", {
              method: "POST",
              headers: { Cookie: cookie, Origin: origin },
            })
          ).status,
        ).toBe(200);
        const sessions = await t.db.selectFrom("account_sessions").selectAll().execute();
        const session = sessions.find((row) => !before.includes(row.id))!;
        // The same switch on every component the session enables that has it (here payouts).
        const payouts = session.components.payouts;
        expect(payouts?.enabled).toBe(true);
        expect(payouts?.features[provider.flags.disableUserAuthentication]).toBe(disabled);
      }
    });

    describe("whose terms the platform collects", () => {
      /** The socket a request came from, as the node server hands it to the app. */
      const from = (remoteAddress: string) => ({
        incoming: { socket: { remoteAddress, remotePort: 50000, remoteFamily: "IPv4" } },
      });
      const accept = (
        app: Awaited<ReturnType<typeof setup>>["app"],
        cookie: string,
        fields: Record<string, string> = { accept: "true" },
        headers: Record<string, string> = {},
        socket = from("203.0.113.9"),
      ) =>
        app.request(
          "/api/terms_acceptance",
          {
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              Origin: origin,
              Cookie: cookie,
              "User-Agent": "Mozilla/5.0 (Test)",
              ...headers,
            },
            body: new URLSearchParams(fields),
          },
          socket,
        );
      const newAccount = async (app: Awaited<ReturnType<typeof setup>>["app"], terms: string) => {
        const ids = async () =>
          (await t.db.selectFrom("accounts").select("id").execute()).map((row) => row.id);
        const before = await ids();
        const made = await create(app, { country: "US", business_type: "individual", terms });
        expect(made.status).toBe(303);
        const cookie = made.headers.get("Set-Cookie")?.split(";")[0] ?? "";
        const id = (await ids()).find((one) => !before.includes(one));
        expect(id).toBeDefined();
        return { cookie, id: id! };
      };
      const tosOf = async (id: string) =>
        (
          await t.db
            .selectFrom("accounts")
            .select("tos_acceptance")
            .where("id", "=", id)
            .executeTakeFirstOrThrow()
        ).tos_acceptance;

      it("records the acceptance on the account with the secret key: the date, the person's address and browser", async () => {
        const { app, apiCalls } = await setup(["account-onboarding"]);
        const html = await (await app.request("/")).text();
        expect(html).toContain('<option value="platform">The platform collects them</option>');
        const { cookie, id } = await newAccount(app, "platform");
        // The Account page tells its script the platform collects the terms, not yet accepted.
        const page = await (
          await app.request("/dashboard", { headers: { Cookie: cookie } })
        ).text();
        expect(page).toContain("&quot;platformTerms&quot;:{&quot;accepted&quot;:null}");
        apiCalls.length = 0;
        const before = Math.floor(Date.now() / 1000);
        const response = await accept(app, cookie);
        expect(response.status).toBe(200);
        const { accepted } = (await response.json()) as { accepted: number };
        expect(accepted).toBeGreaterThanOrEqual(before);
        expect(apiCalls).toEqual([`POST /v1/accounts/${id}`]);
        expect(await tosOf(id)).toMatchObject({
          date: accepted,
          ip: "203.0.113.9",
          user_agent: "Mozilla/5.0 (Test)",
        });
        const again = await (
          await app.request("/dashboard", { headers: { Cookie: cookie } })
        ).text();
        expect(again).toContain(`&quot;platformTerms&quot;:{&quot;accepted&quot;:${accepted}}`);
      });

      it("refuses another site, no session, no tick, no address, or an account whose onboarding asks them, and sends nothing", async () => {
        const { app, apiCalls } = await setup(["account-onboarding"]);
        const { cookie, id } = await newAccount(app, "platform");
        const asked = await newAccount(app, "onboarding");
        apiCalls.length = 0;
        expect((await accept(app, cookie, undefined, { Origin: "https://evil.test" })).status).toBe(
          403,
        );
        expect((await accept(app, "")).status).toBe(401);
        expect((await accept(app, cookie, { accept: "false" })).status).toBe(400);
        expect((await accept(app, cookie, {})).status).toBe(400);
        expect((await accept(app, cookie, undefined, {}, from("not-an-address"))).status).toBe(400);
        expect((await accept(app, asked.cookie)).status).toBe(409);
        expect(
          (await create(app, { country: "US", business_type: "individual", terms: "nobody" }))
            .status,
        ).toBe(400);
        expect(apiCalls).toEqual([]);
        expect((await tosOf(id)).date).toBeUndefined();
        expect((await tosOf(asked.id)).date).toBeUndefined();
        // The dashboard of an account whose onboarding asks them says nothing of the platform's.
        const page = await (
          await app.request("/dashboard", { headers: { Cookie: asked.cookie } })
        ).text();
        expect(page).not.toContain("platformTerms");
      });
    });

    it("refuses an unknown country, business type or sign-in, or another site, and calls no API", async () => {
      const { app, apiCalls } = await setup();
      expect((await create(app, { country: "ZZ", business_type: "company" })).status).toBe(400);
      expect((await create(app, { country: "US", business_type: "pirate" })).status).toBe(400);
      expect(
        (await create(app, { country: "US", business_type: "company", sign_in: "nobody" })).status,
      ).toBe(400);
      expect(
        (await create(app, { country: "US", business_type: "individual" }, "https://evil.test"))
          .status,
      ).toBe(403);
      expect(apiCalls).toEqual([]);
    });
  });

  it("leaves the instant-payout switches off, unless the account's own setting turns off debit-card instant payouts", () => {
    const key = (f: string) => `components[balances][features][${f}]`;
    const plain = sessionComponentParams(["balances"]);
    expect(plain.get(key("instant_payouts"))).toBe("true");
    expect(plain.get(key("instant_payouts_to_debit_cards_disabled"))).toBe("false");
    expect(plain.get(key("instant_payouts_rtp_disabled"))).toBe("false");
    const off = sessionComponentParams(
      ["balances"],
      accountSwitches({ metadata: { platform_debit_card_instant_payouts: "off" } }),
    );
    expect(off.get(key("instant_payouts_to_debit_cards_disabled"))).toBe("true");
    expect(off.get(key("instant_payouts_rtp_disabled"))).toBe("false");
  });

  it("offers adding funds (enable_topups) only for an account whose losses the provider bears", () => {
    const key = "components[balances][features][enable_topups]";
    expect(sessionComponentParams(["balances"]).get(key)).toBe("false");
    const platformLiable = { controller: { losses: { payments: "application" } } };
    expect(sessionComponentParams(["balances"], accountSwitches(platformLiable)).get(key)).toBe(
      "false",
    );
    const providerLiable = { controller: { losses: { payments: "provider" } } };
    expect(sessionComponentParams(["balances"], accountSwitches(providerLiable)).get(key)).toBe(
      "true",
    );
  });
});
