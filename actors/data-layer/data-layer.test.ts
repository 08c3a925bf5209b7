import { afterEach, describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { parseDataLayerReply } from "../../protocol/messages/data-layer.schema.ts";
import { secretValues } from "../../protocol/objects/claimed-account-session.fixture.ts";
import { DEFAULT_KEY_LIFETIME_MS } from "../../protocol/objects/stored-key.schema.ts";
import { provider } from "../../protocol/provider.ts";
import {
  type Built,
  build,
  claimAnswer,
  env,
  type FakeClient,
  json,
  MemoryStorage,
  type RecordedRequest,
  settle,
  throwingStorage,
  until,
} from "./fakes.ts";
import { lastAccountStorageName, refreshTokenStorageName } from "./keys.actor.ts";
import { ANALYTICS_FLUSH_MS, analyticsRecordsOf } from "./telemetry.ts";

let built: Built;
afterEach(() => built?.dispose());

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

const claimUrl = `${env.api}${endpoints.claim}`;
const formOf = (request: RecordedRequest) => Object.fromEntries(new URLSearchParams(request.body));

function withProvider(claim: Handler, other: Handler = () => json(200, {})) {
  return (request: RecordedRequest) => (request.url === claimUrl ? claim(request) : other(request));
}

/** Flushes analytics and returns every event the intake received. */
async function analyticsSent() {
  built.timers.advance(ANALYTICS_FLUSH_MS);
  await settle();
  return built.api.requests
    .filter((r) => r.url === `${env.api}${endpoints.analyticsIntake}`)
    .flatMap((r) => analyticsRecordsOf(r.body!) as Record<string, unknown>[]);
}

async function platformReady(storage = new MemoryStorage(), route?: Handler) {
  built = build({ storage, ...(route ? { route } : {}) });
  const platform = built.platform("pk_test_platform");
  await until(() => platform.ofType("initresponse").length === 1, "initresponse");
  return platform;
}

const claim = (client: FakeClient, extra: Record<string, unknown> = {}) =>
  client.request({
    requestType: "claimAccountSessionRequest",
    clientSecret: "acs_secret_1",
    ...extra,
  });

describe("SPEC.md §7 POST /v1/account_sessions/claim", () => {
  it("sends client_secret, user_session_refresh_token, key, the version parameter and analytics_only_host_app", async () => {
    const storage = new MemoryStorage();
    storage.setItem(lastAccountStorageName("pk_test_platform"), "acct_connected");
    storage.setItem(refreshTokenStorageName("pk_test_platform", "acct_connected"), "rt_stored");
    const platform = await platformReady(storage);
    await claim(platform, { analyticsOnlyHostApp: true });
    const sent = built.api.requests.find((r) => r.url === claimUrl)!;
    expect(sent.method).toBe("POST");
    expect(formOf(sent)).toEqual({
      client_secret: "acs_secret_1",
      user_session_refresh_token: "rt_stored",
      key: "pk_test_platform",
      [provider.claimVersionParam]: provider.apiVersion,
      analytics_only_host_app: "true",
    });
  });

  it("answers with the sanitized session: no key, no secret, no user", async () => {
    const platform = await platformReady(
      new MemoryStorage(),
      withProvider(() =>
        json(
          200,
          claimAnswer({
            user_session_api_key: secretValues.user_session_api_key,
            user_session_expires_at: 1_900_000_000,
            user: { id: "usr_1", email: secretValues.user_email, is_primary_user: true },
          }),
        ),
      ),
    );
    const reply = await claim(platform);
    expect(parseDataLayerReply(reply).ok).toBe(true);
    expect(reply).toMatchObject({
      requestType: "response",
      ok: true,
      body: { account_id: "acct_connected" },
    });
    const everything = JSON.stringify(platform.received);
    for (const secret of [
      secretValues.api_key,
      secretValues.user_session_api_key,
      secretValues.client_secret,
      secretValues.encoded_api_key_token,
    ])
      expect(everything).not.toContain(secret);
  });

  it("stores the account-session key until api_key_expiry and broadcasts authStateChanged to every port", async () => {
    const platform = await platformReady();
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    await claim(platform);
    for (const client of [platform, frame])
      await until(() => client.ofType("authStateChanged").length === 1, "authStateChanged");
    expect(frame.ofType("authStateChanged")[0]?.authState).toEqual({
      status: "account_session_authenticated",
      expires: claimAnswer().api_key_expiry * 1000,
      user: null,
      userSessionExpired: false,
    });
  });

  it("UI frames learn the sanitized session: sessionChanged after a claim, and in initresponse after it", async () => {
    const platform = await platformReady();
    const early = built.frame();
    await until(() => early.ofType("initresponse").length === 1, "initresponse");
    expect(early.ofType("initresponse")[0]?.session).toBeNull();
    await claim(platform);
    await until(() => early.ofType("sessionChanged").length === 1, "sessionChanged");
    expect(early.ofType("sessionChanged")[0]?.session).toMatchObject({
      account_id: "acct_connected",
    });
    const late = built.frame();
    await until(() => late.ofType("initresponse").length === 1, "initresponse");
    expect(late.ofType("initresponse")[0]?.session).toMatchObject({ account_id: "acct_connected" });
    const seen = JSON.stringify([...early.received, ...late.received]);
    expect(seen).not.toContain(secretValues.api_key);
    expect(seen).not.toContain(secretValues.client_secret);
  });

  it("a key without api_key_expiry lives the default 7 days", async () => {
    const platform = await platformReady(
      new MemoryStorage(),
      withProvider(() => json(200, { ...claimAnswer(), api_key_expiry: undefined })),
    );
    await claim(platform);
    const state = await platform.request({ requestType: "authStateRequest" });
    expect(state.authState).toMatchObject({ expires: built.clock.now() + DEFAULT_KEY_LIFETIME_MS });
  });

  it("a refresh token that still works gives the user key until user_session_expires_at (method refresh_token)", async () => {
    const platform = await platformReady(
      new MemoryStorage(),
      withProvider(() =>
        json(
          200,
          claimAnswer({
            user_session_api_key: "uk_refreshed",
            user_session_expires_at: 1_800_000_000,
            user: { id: "usr_1", email: "o@x.test", is_primary_user: true },
          }),
        ),
      ),
    );
    await claim(platform);
    // A UI frame sees the user (the platform's port does not: issue 14 item 13).
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    const state = await frame.request({ requestType: "authStateRequest" });
    expect(state.authState).toEqual({
      status: "user_authenticated",
      expires: 1_800_000_000_000,
      user: { id: "usr_1", email: "o@x.test", name: null, is_primary_user: true },
      userSessionExpired: false,
    });
    expect(await analyticsSent()).toContainEqual(
      expect.objectContaining({
        event_name: "submerchant_surfaces_user_key_received",
        method: "refresh_token",
      }),
    );
  });

  it("logs submerchant_surfaces_account_session_claim with its duration", async () => {
    const platform = await platformReady(
      new MemoryStorage(),
      withProvider(() => {
        built.clock.advance(42);
        return json(200, claimAnswer());
      }),
    );
    await claim(platform);
    expect(await analyticsSent()).toContainEqual(
      expect.objectContaining({
        event_name: "submerchant_surfaces_account_session_claim",
        duration: 42,
      }),
    );
  });

  it("setNewKey false claims without storing the key", async () => {
    const platform = await platformReady();
    const reply = await claim(platform, { setNewKey: false });
    expect(reply).toMatchObject({ requestType: "response", ok: true });
    const state = await platform.request({ requestType: "authStateRequest" });
    expect(state.authState).toMatchObject({ status: "unauthenticated" });
  });

  it("a 4xx claim error logs a warning and answers fetchErrorResponse", async () => {
    const platform = await platformReady(
      new MemoryStorage(),
      withProvider(() =>
        json(
          400,
          {
            error: {
              type: "invalid_request_error",
              message: "The client secret was already claimed",
            },
          },
          {
            "Request-Id": "req_c",
          },
        ),
      ),
    );
    const reply = await claim(platform);
    expect(reply).toMatchObject({
      requestType: "fetchErrorResponse",
      status: 400,
      message: "HTTP status code: 400. Reason: The client secret was already claimed",
      apiRequestId: "req_c",
    });
    expect(
      built.logs.lines.some((l) => l.level === "warn" && l.message.includes("claim was rejected")),
    ).toBe(true);
  });

  it("other claim failures answer errorResponse", async () => {
    const platform = await platformReady(
      new MemoryStorage(),
      withProvider(() => json(503, {})),
    );
    const reply = await claim(platform);
    expect(reply).toMatchObject({
      requestType: "errorResponse",
      error: { message: "An error occurred while making the request." },
    });
  });
});

describe("SPEC.md §4 session expiry", () => {
  it("the account-session key read after its expiry asks the platform for a new client secret, and the new claim restores it", async () => {
    let secret = 0;
    const platform = await platformReady(
      new MemoryStorage(),
      withProvider(() => {
        secret++;
        return json(
          200,
          claimAnswer({
            api_key: `ek_${secret}`,
            api_key_expiry: Math.floor(built.clock.now() / 1000) + 60,
          }),
        );
      }),
    );
    const frame = built.frame();
    await claim(platform);
    built.clock.advance(60_000);
    const state = await frame.request({ requestType: "authStateRequest" });
    expect(state.authState).toMatchObject({ status: "unauthenticated" });
    await until(() => platform.ofType("clientSecretNeeded").length === 1, "clientSecretNeeded");
    expect(frame.ofType("clientSecretNeeded")).toHaveLength(0);

    await claim(platform, { clientSecret: "acs_secret_2" });
    await frame.request({
      requestType: "authedProxy",
      url: `${env.api}/v1/payouts`,
      method: "GET",
      componentName: "payouts",
    });
    expect(built.api.requests.at(-1)?.headers.Authorization).toBe("Bearer ek_2");
  });
});

describe("SPEC.md §4 key expiry in the data layer", () => {
  it("a user key read after its expiry is dropped, the session marked expired and authStateChanged broadcast to every port", async () => {
    const platform = await platformReady(
      new MemoryStorage(),
      withProvider(() =>
        json(
          200,
          claimAnswer({
            user_session_api_key: "uk_short",
            user_session_expires_at: Math.floor(built.clock.now() / 1000) + 30,
          }),
        ),
      ),
    );
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    await claim(platform);
    built.clock.advance(30_000);
    await frame.request({
      requestType: "authedProxy",
      url: `${env.api}/v1/payouts`,
      method: "GET",
      componentName: "payouts",
    });
    // The call went out with the account-session key: the user key was gone on read.
    expect(built.api.requests.at(-1)?.headers.Authorization).toBe(
      `Bearer ${claimAnswer().api_key}`,
    );
    for (const client of [platform, frame])
      await until(
        () =>
          client
            .ofType("authStateChanged")
            .some((m) => (m.authState as { userSessionExpired: boolean }).userSessionExpired),
        "authStateChanged with userSessionExpired",
      );
    expect(platform.ofType("clientSecretNeeded")).toHaveLength(0);
  });
});

describe("SPEC.md §7 risk signals", () => {
  it('without an account-session key the result is failed with "No valid account session apiKey found"', async () => {
    await platformReady();
    const frame = built.frame();
    const reply = await frame.request({ requestType: "collectRiskSignalsRequest" });
    expect(reply).toMatchObject({
      requestType: "response",
      body: { status: "failed", error: "No valid account session apiKey found" },
    });
    expect(built.api.requests.some((r) => r.url.endsWith(endpoints.riskSignals))).toBe(false);
  });

  it("sends an empty POST with the account-session key; completed on success", async () => {
    const platform = await platformReady();
    await claim(platform);
    const frame = built.frame();
    const reply = await frame.request({ requestType: "collectRiskSignalsRequest" });
    expect(reply).toMatchObject({ body: { status: "completed" } });
    const sent = built.api.requests.find((r) => r.url === `${env.api}${endpoints.riskSignals}`)!;
    expect(sent).toMatchObject({ method: "POST", body: "" });
    expect(sent.headers.Authorization).toBe(`Bearer ${claimAnswer().api_key}`);
  });

  it("risk signals asked for during a full logout wait for it and are not sent with the revoked key", async () => {
    let revoke: (response: Response) => void = () => {};
    const revocation = new Promise<Response>((resolve) => (revoke = resolve));
    const sessionUrl = `${env.api}${endpoints.connectSession}`;
    const platform = await platformReady(
      new MemoryStorage(),
      withProvider(
        () => json(200, claimAnswer()),
        (r) => (r.url === sessionUrl ? revocation : json(200, {})),
      ),
    );
    await claim(platform);
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    const logout = platform.send({ requestType: "logout" });
    await until(() => built.api.requests.some((r) => r.url === sessionUrl), "the revocation");
    const risk = frame.send({ requestType: "collectRiskSignalsRequest" });
    await settle(20);
    expect(frame.replyTo(risk)).toBeUndefined();
    revoke(json(200, { deleted: true }));
    await until(() => frame.replyTo(risk) !== undefined, "the risk signals' reply");
    expect(platform.replyTo(logout)).toMatchObject({ requestType: "response", ok: true });
    expect(frame.replyTo(risk)).toMatchObject({
      body: { status: "failed", error: "No valid account session apiKey found" },
    });
    expect(built.api.requests.some((r) => r.url.endsWith(endpoints.riskSignals))).toBe(false);
  });
});

describe("SPEC.md §7 telemetry requests", () => {
  it("logIframeLoadedFontRequest becomes connect_js_font_loaded", async () => {
    await platformReady();
    const frame = built.frame("payouts");
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    frame.post({ requestType: "logIframeLoadedFontRequest", fontFamilies: ["Inter", "Serif Pro"] });
    await settle();
    expect(await analyticsSent()).toContainEqual(
      expect.objectContaining({
        event_name: "connect_js_font_loaded",
        font_families: ["Inter", "Serif Pro"],
        component: "payouts",
        page_path: "/dashboard/payouts",
      }),
    );
  });

  it("error reports carry owner accounts_ui by default and the sender's tags", async () => {
    await platformReady();
    const frame = built.frame("payouts");
    frame.post({ requestType: "errorReportingTags", tags: { release: "r1", area: "list" } });
    frame.post({
      requestType: "errorReport",
      error: { name: "TypeError", message: "x is undefined" },
      tags: { area: "detail" },
    });
    await until(
      () => built.api.requests.some((r) => r.url.endsWith(endpoints.errorIntake)),
      "error report",
    );
    const report = JSON.parse(
      built.api.requests.find((r) => r.url.endsWith(endpoints.errorIntake))!.body!,
    );
    expect(report).toMatchObject({
      error: { name: "TypeError", message: "x is undefined" },
      level: "error",
      owner: "accounts_ui",
      tags: { release: "r1", area: "detail" },
      component: "payouts",
      host_env: "qa",
    });
  });

  it("metrics carry the session metadata and host_env", async () => {
    const platform = await platformReady();
    await claim(platform);
    platform.post({
      requestType: "metricsEvent",
      metrics: [{ name: "frame.load", kind: "timing", value: 120 }],
    });
    await until(
      () => built.api.requests.some((r) => r.url.endsWith(endpoints.metricsIntake)),
      "metrics",
    );
    const payload = JSON.parse(
      built.api.requests.find((r) => r.url.endsWith(endpoints.metricsIntake))!.body!,
    );
    expect(payload).toMatchObject({
      metrics: [{ name: "frame.load", kind: "timing", value: 120 }],
      session_metadata: {
        connected_account_id: "acct_connected",
        platform_id: "acct_platform",
        country: "FR",
      },
      host_env: "qa",
    });
  });
});

describe("storage", () => {
  it("a data layer whose localStorage throws still claims and keeps the refresh token in memory", async () => {
    built = build({ storage: throwingStorage });
    const { reply } = await built.claimed();
    expect(reply).toMatchObject({ requestType: "response", ok: true });
    built.layer.keys.refreshToken.set("rt_mem");
    expect(built.layer.keys.refreshToken.get()).toBe("rt_mem");
  });
});
