import { describe, expect, it } from "vitest";
import { localEnvironment, provider } from "../../protocol/provider.ts";
import { createApp } from "../../server/app.ts";
import { createPlatform } from "../../server/platforms/platforms.ts";
import { setupTestDatabase } from "../../server/test/db.ts";
import { createWebhookWorker } from "../../server/webhooks/worker.ts";
import type { SandboxInfo } from "./sandbox.ts";
import { createPlatformApp } from "./server.ts";

// The example platform's webhooks against the real provider (no socket): it registers its
// endpoint, the provider's worker delivers to it, and its backend verifies each delivery.

const t = setupTestDatabase();
const { platform: origin, ...hosts } = localEnvironment();

async function setup() {
  // The provider's clock; the platform verifies on the wall clock.
  let now = Math.floor(Date.now() / 1000);
  const api = createApp({ db: t.db, config: { hosts, now: () => now, rateLimitPerSecond: 0 } });
  const { platform, secretKey, publishableKey } = await createPlatform(t.db, {}, now);
  const call = (path: string, init: RequestInit = {}) =>
    api.request(path, {
      ...init,
      headers: {
        Authorization: `Bearer ${secretKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
        ...(init.headers as Record<string, string>),
      },
    });
  const account = (await (
    await call("/v1/accounts", { method: "POST", body: "type=custom" })
  ).json()) as {
    id: string;
  };
  const sandbox: SandboxInfo = {
    platformId: platform.id,
    publishableKey,
    secretKey,
    mainAccountId: account.id,
    accounts: [{ id: account.id, label: "Bakery", type: "custom", state: "enabled" }],
  };
  const toApi = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    return Promise.resolve(api.request(`${url.pathname}${url.search}`, init));
  };
  const app = createPlatformApp({
    origin,
    hosts,
    sandbox,
    distDir: "/nonexistent",
    classicScriptUrl: `${hosts.connect}/v0/sdk.js`,
    fetch: toApi as typeof fetch,
  });
  // The provider's worker delivers to the platform app directly (no socket).
  const sent: { body: string; signature: string }[] = [];
  const worker = createWebhookWorker({
    db: t.db,
    now: () => now,
    fetch: (async (url: string | URL | Request, init?: RequestInit) => {
      const headers = init?.headers as Record<string, string>;
      sent.push({
        body: String(init?.body),
        signature: headers[provider.headers.webhookSignature]!,
      });
      return app.request(new URL(String(url)).pathname, init);
    }) as typeof fetch,
  });
  const signedInCookie = async () => {
    const response = await app.request("/sign-in", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
      body: new URLSearchParams({ account: account.id }),
    });
    return response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  };
  return {
    app,
    call,
    worker,
    sent,
    account,
    signedInCookie,
    clock: {
      set: (value: number) => {
        now = value;
      },
      get: () => now,
    },
  };
}

const webhookPost = (app: ReturnType<typeof createPlatformApp>, body: string, signature: string) =>
  app.request("/webhooks", {
    method: "POST",
    headers: { "Content-Type": "application/json", [provider.headers.webhookSignature]: signature },
    body,
  });

describe("the example platform's webhooks", () => {
  it("registers its endpoint for every event once, replacing the one a previous start made", async () => {
    const { app, call } = await setup();
    await app.webhooks.register();
    await app.webhooks.register();
    const list = await (await call("/v1/webhook_endpoints")).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ url: `${origin}/webhooks`, enabled_events: ["*"] });
  });

  it("a verified delivery is kept and listed for the signed-in account; the dashboard shows the panel without any secret", async () => {
    const { app, call, worker, account, signedInCookie } = await setup();
    await app.webhooks.register();
    await call(`/v1/accounts/${account.id}`, {
      method: "POST",
      body: "business_profile[name]=Bakery",
    });
    expect(await worker.runDue()).toBe(1);
    const cookie = await signedInCookie();
    const listed = await (
      await app.request("/api/webhook_events", { headers: { Cookie: cookie } })
    ).json();
    expect(listed.data).toMatchObject([{ type: "account.updated", objectId: account.id }]);
    expect((await app.request("/api/webhook_events")).status).toBe(401);
    const html = await (await app.request("/dashboard", { headers: { Cookie: cookie } })).text();
    expect(html).toContain("Webhook events received");
    expect(html).not.toContain(provider.keyPrefixes.webhookSecret);
  });

  it("refuses a tampered body, a replayed delivery and a missing signature with 400, keeping none", async () => {
    const { app, call, worker, sent, account, signedInCookie, clock } = await setup();
    await app.webhooks.register();
    // The provider signs an hour behind the platform's clock: its delivery is a replay.
    clock.set(clock.get() - 3_600);
    await call(`/v1/accounts/${account.id}`, {
      method: "POST",
      body: "business_profile[name]=Bakery",
    });
    await worker.runDue();
    const [genuine] = sent;
    const log = await (await call(`/v1/webhook_endpoints?limit=1`)).json();
    const deliveries = await (
      await call(`/v1/webhook_endpoints/${log.data[0].id}/deliveries`)
    ).json();
    expect(deliveries.data[0].attempts[0].status_code).toBe(400);
    const tampered = await webhookPost(
      app,
      genuine!.body.replace("Bakery", "Forged"),
      genuine!.signature,
    );
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).error).toBe("signature_mismatch");
    expect((await webhookPost(app, genuine!.body, "")).status).toBe(400);
    const replayed = await webhookPost(app, genuine!.body, genuine!.signature);
    expect(replayed.status).toBe(400);
    expect((await replayed.json()).error).toBe("timestamp_outside_tolerance");
    const cookie = await signedInCookie();
    const listed = await (
      await app.request("/api/webhook_events", { headers: { Cookie: cookie } })
    ).json();
    expect(listed.data).toEqual([]);
  });
});
