import { afterEach, describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { parseDataLayerReply } from "../../protocol/messages/data-layer.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { findKeyShaped } from "../../protocol/redaction.ts";
import {
  type Built,
  build,
  claimAnswer,
  env,
  type FakeClient,
  json,
  type RecordedRequest,
  rateLimitedAnswer,
  settle,
  unavailableAnswer,
  until,
} from "./fakes.ts";
import { CLAIM_WAIT_MS, keyTypeFor, needsExternalAccountKey } from "./proxy.ts";
import { ANALYTICS_FLUSH_MS, analyticsRecordsOf } from "./telemetry.ts";

let built: Built;
afterEach(() => built?.dispose());

type Handler = (request: RecordedRequest, signal?: AbortSignal) => Response | Promise<Response>;

/** A provider that claims `session` and answers other calls with `other`. */
function providerWith(
  session: object,
  other: Handler = () => json(200, { object: "list", data: [] }),
): Handler {
  return (request, signal) => {
    if (request.url === `${env.api}${endpoints.claim}`) return json(200, session);
    if (request.url.startsWith(`${env.api}${endpoints.retrieveEmbeddedFlags}`))
      return json(200, claimAnswer({ api_key: undefined as never, components: {} }));
    if (request.url.startsWith(`${env.api}/v1/telemetry/`)) return json(202, {});
    return other(request, signal);
  };
}

async function ready(session: object = claimAnswer(), other?: Handler, component = "payouts") {
  built = build({ route: providerWith(session, other) });
  const { platform } = await built.claimed();
  const frame = built.frame(component);
  await until(() => frame.ofType("initresponse").length === 1, "initresponse");
  return { platform, frame };
}

const call = (frame: FakeClient, fields: Record<string, unknown>) =>
  frame.request({ requestType: "authedProxy", method: "GET", componentName: "payouts", ...fields });

const lastApiCall = () =>
  built.api.requests.filter((r) => !r.url.includes("/v1/telemetry/")).at(-1)!;

describe("SPEC.md §5 proxied requests: the allowlist", () => {
  it('a url off the allowlist gets "The url {url} is not in the data layer API proxy allowlist"', async () => {
    const { frame } = await ready();
    const before = built.api.requests.length;
    for (const url of [
      "https://evil.example/v1/payouts",
      "http://127.0.0.1:4201/v1/payouts",
      "http://127.0.0.1.evil.example:4200/v1/payouts",
    ]) {
      const reply = await call(frame, { url });
      expect(reply).toMatchObject({
        requestType: "errorResponse",
        error: { message: `The url ${url} is not in the data layer API proxy allowlist` },
      });
    }
    expect(built.api.requests.length).toBe(before);
  });

  it("the API, files and error-reporting origins are allowed", async () => {
    const { frame } = await ready();
    for (const origin of [env.api, env.files, env.errorReporting]) {
      const reply = await call(frame, { url: `${origin}/v1/payouts` });
      expect(reply.requestType).toBe("response");
    }
  });
});

describe("SPEC.md §5 proxied requests: component enablement", () => {
  it("a component not enabled in the claimed session interrupts the request with no reply", async () => {
    const { frame } = await ready(claimAnswer(), undefined, "payments");
    const before = built.api.requests.length;
    const requestId = frame.send({
      requestType: "authedProxy",
      url: `${env.api}/v1/payment_intents`,
      method: "GET",
      componentName: "payments",
    });
    await settle(10);
    expect(frame.replyTo(requestId)).toBeUndefined();
    expect(built.api.requests.length).toBe(before);
    expect(built.logs.text()).toContain("The payments component is not enabled");
  });

  it("the component is the one the port was bound to at init: a request naming an enabled one is still refused", async () => {
    const { frame } = await ready(claimAnswer(), undefined, "payments");
    const before = built.api.requests.length;
    const requestId = frame.send({
      requestType: "authedProxy",
      url: `${env.api}/v1/payouts`,
      method: "GET",
      componentName: "payouts",
    });
    await settle(10);
    expect(frame.replyTo(requestId)).toBeUndefined();
    expect(built.api.requests.length).toBe(before);
    expect(built.logs.text()).toContain("The payments component is not enabled");
  });

  it("an internal component is exempt", async () => {
    const { frame } = await ready(claimAnswer(), undefined, "check-scanning");
    const reply = await call(frame, {
      url: `${env.api}/v1/checks`,
      componentName: "check-scanning",
    });
    expect(reply).toMatchObject({ requestType: "response", ok: true });
  });

  it("a component named in API form or tag form reads the same entry", async () => {
    const { frame } = await ready(claimAnswer(), undefined, "account-onboarding");
    const apiForm = built.frame("account_onboarding");
    await until(() => apiForm.ofType("initresponse").length === 1, "initresponse");
    expect((await call(frame, { url: `${env.api}/v1/a` })).requestType).toBe("response");
    expect((await call(apiForm, { url: `${env.api}/v1/a` })).requestType).toBe("response");
  });

  it("an API-key plus platform override is exempt", async () => {
    built = build({ route: providerWith(claimAnswer()) });
    const platform = built.platform();
    await until(() => platform.ofType("initresponse").length === 1, "initresponse");
    const claim = await platform.request({
      requestType: "claimAccountSessionRequest",
      clientSecret: "unused",
      override: { apiKey: "sk_test_override", platformId: "acct_platform" },
    });
    expect(claim).toMatchObject({ requestType: "response", ok: true });
    const flags = built.api.requests.at(-1)!;
    expect(flags.url).toBe(`${env.api}/v1/retrieve_embedded_flags?platform_id=acct_platform`);
    expect(flags.headers.Authorization).toBe("Bearer sk_test_override");
    const frame = built.frame("payments");
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    const reply = await call(frame, {
      url: `${env.api}/v1/payment_intents`,
      componentName: "payments",
    });
    expect(reply).toMatchObject({ requestType: "response", ok: true });
    expect(lastApiCall().headers.Authorization).toBe("Bearer sk_test_override");
  });
});

describe("SPEC.md §6 keys required by endpoint family", () => {
  it("without a signed-in user the account-session key is used", async () => {
    const { frame } = await ready();
    await call(frame, { url: `${env.api}/v1/payouts` });
    expect(lastApiCall().headers.Authorization).toBe(`Bearer ${claimAnswer().api_key}`);
  });

  it("when the user signed in, the user key is used", async () => {
    const { frame } = await ready(
      claimAnswer({ user_session_api_key: "uk_signed_in", user_session_expires_at: 1_900_000_000 }),
    );
    await call(frame, { url: `${env.api}/v1/payouts` });
    expect(lastApiCall().headers.Authorization).toBe("Bearer uk_signed_in");
  });

  it("embedded authentication links use the account-session key", async () => {
    const { frame } = await ready(
      claimAnswer({ user_session_api_key: "uk_signed_in", user_session_expires_at: 1_900_000_000 }),
    );
    await call(frame, { url: `${env.api}/v1/embedded_authentication_links`, method: "POST" });
    expect(lastApiCall().headers.Authorization).toBe(`Bearer ${claimAnswer().api_key}`);
  });

  it('external-account endpoints without a stored key get "User has not stored a key of type: external_account"', async () => {
    const { frame } = await ready();
    const before = built.api.requests.length;
    const reply = await call(frame, {
      url: `${env.api}/v1/accounts/acct_connected/external_accounts`,
      method: "POST",
      body: { external_account: "btok_1" },
    });
    expect(reply).toMatchObject({
      requestType: "errorResponse",
      error: { message: "User has not stored a key of type: external_account" },
    });
    expect(built.api.requests.length).toBe(before);
  });

  it("the challenge calls store key as the external_account key and redact it from the forwarded response", async () => {
    const { frame } = await ready(claimAnswer(), (request) =>
      request.url.endsWith(endpoints.externalAccountChallenge)
        ? json(200, { status: "succeeded", key: "ek_external_secret" })
        : json(200, { id: "ba_1" }),
    );
    const challenge = await call(frame, {
      url: `${env.api}${endpoints.externalAccountChallenge}`,
      method: "POST",
    });
    expect(challenge).toMatchObject({ requestType: "response", body: { status: "succeeded" } });
    expect(JSON.stringify(challenge)).not.toContain("ek_external_secret");
    const create = await call(frame, {
      url: `${env.api}/v1/accounts/acct_connected/external_accounts/ba_1`,
      method: "DELETE",
    });
    expect(create).toMatchObject({ requestType: "response", ok: true });
    expect(lastApiCall().headers.Authorization).toBe("Bearer ek_external_secret");
  });

  it("which calls need the external_account key", () => {
    expect(needsExternalAccountKey("POST", "/v1/account", { external_account: "btok" })).toBe(true);
    expect(
      needsExternalAccountKey("POST", "/v1/account", {
        default_currency: "eur",
        financial_account: "fa_1",
      }),
    ).toBe(true);
    expect(needsExternalAccountKey("POST", "/v1/account", { default_currency: "eur" })).toBe(false);
    expect(needsExternalAccountKey("POST", "/v1/account", { business_profile: { url: "x" } })).toBe(
      false,
    );
    expect(needsExternalAccountKey("POST", "/v1/accounts/acct_1/external_accounts", {})).toBe(true);
    expect(
      needsExternalAccountKey("DELETE", "/v1/accounts/acct_1/external_accounts/ba_1", undefined),
    ).toBe(true);
    expect(needsExternalAccountKey("GET", "/v1/accounts/acct_1/external_accounts", undefined)).toBe(
      false,
    );
    expect(keyTypeFor("POST", "/v1/embedded_authentication_links", undefined, true)).toBe(
      "account_session",
    );
    expect(keyTypeFor("GET", "/v1/payouts", undefined, true)).toBe("provider_user");
  });
});

describe("SPEC.md §7 headers and form encoding", () => {
  it("sends Authorization, version, account and livemode headers and, on the override path, the override headers", async () => {
    built = build({ route: providerWith(claimAnswer()) });
    const platform = built.platform();
    await until(() => platform.ofType("initresponse").length === 1, "initresponse");
    await platform.request({
      requestType: "claimAccountSessionRequest",
      clientSecret: "unused",
      override: { apiKey: "sk_test_override", platformId: "acct_platform" },
    });
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    await call(frame, {
      url: `${env.api}/v1/payouts`,
      method: "POST",
      body: { amount: 100, metadata: { order: "o_1", empty: "" } },
      headers: { "Accept-Language": "fr-FR", "Idempotency-Key": "idem_1" },
      merchantIdOverride: "acct_other",
      livemodeOverride: true,
    });
    const sent = lastApiCall();
    expect(sent.headers).toMatchObject({
      Authorization: "Bearer sk_test_override",
      [provider.headers.version]: provider.apiVersion,
      [provider.headers.account]: "acct_connected",
      [provider.headers.livemode]: "false",
      [provider.headers.merchantOverride]: "acct_other",
      [provider.headers.livemodeOverride]: "true",
      "Accept-Language": "fr-FR",
      "Idempotency-Key": "idem_1",
    });
    expect(sent.body).toBe("amount=100&metadata[order]=o_1");
  });

  it("issue 14 item 7: a frame cannot name another account, nor send the override headers outside the override path", async () => {
    const { frame } = await ready();
    await call(frame, {
      url: `${env.api}/v1/payouts`,
      headers: { [provider.headers.account]: "acct_someone_else" },
      merchantIdOverride: "acct_other",
      livemodeOverride: true,
    });
    const sent = lastApiCall().headers;
    expect(sent[provider.headers.account]).toBe("acct_connected");
    expect(Object.keys(sent)).not.toContain(provider.headers.merchantOverride);
    expect(Object.keys(sent)).not.toContain(provider.headers.livemodeOverride);
  });

  it("issue 14 item 7: the API-key override is refused from a UI frame, and from the platform where override flags are not honoured", async () => {
    const override = {
      requestType: "claimAccountSessionRequest",
      clientSecret: "unused",
      override: { apiKey: "sk_test_override", platformId: "acct_platform" },
    } as const;
    built = build({ route: providerWith(claimAnswer()) });
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    expect(await frame.request(override)).toMatchObject({ requestType: "errorResponse" });
    expect(built.api.requests).toEqual([]);
    built.dispose();

    built = build({
      route: providerWith(claimAnswer()),
      platformOrigin: "https://shop.example.com",
    });
    const platform = built.client("https://shop.example.com", {
      sender: "platform",
      publishableKey: "pk_test_1",
    });
    await until(() => platform.ofType("initresponse").length === 1, "initresponse");
    expect(await platform.request(override)).toMatchObject({ requestType: "errorResponse" });
    expect(built.api.requests).toEqual([]);
    expect(built.layer.claim.overrideInUse()).toBe(false);
  });

  it("the account header is dropped when it is the placeholder empty_account_header", async () => {
    const { frame } = await ready();
    await call(frame, {
      url: `${env.api}/v1/payouts`,
      headers: { [provider.headers.account]: provider.placeholders.accountHeader },
    });
    expect(Object.keys(lastApiCall().headers)).not.toContain(provider.headers.account);
  });

  it("a proxy call without a key carries no Authorization", async () => {
    const { frame } = await ready();
    const reply = await frame.request({
      requestType: "proxy",
      url: `${env.api}/v1/public`,
      method: "GET",
    });
    expect(reply.requestType).toBe("response");
    expect(lastApiCall().headers.Authorization).toBeUndefined();
  });
});

describe("SPEC.md §8 answers of proxied calls", () => {
  it("a non-OK answer is forwarded with its status and body, and logged as submerchant_surfaces_api_request_finished", async () => {
    const { frame } = await ready(claimAnswer(), () =>
      json(
        404,
        { error: { type: "invalid_request_error", message: "No such payout" } },
        { "Request-Id": "req_7" },
      ),
    );
    const reply = await call(frame, { url: `${env.api}/v1/payouts/po_missing?expand[]=x` });
    expect(parseDataLayerReply(reply).ok).toBe(true);
    expect(reply).toMatchObject({
      requestType: "response",
      ok: false,
      status: 404,
      body: { error: { message: "No such payout" } },
      headers: { "request-id": "req_7" },
    });
    built.timers.advance(ANALYTICS_FLUSH_MS);
    await until(
      () => built.api.requests.some((r) => r.url.endsWith(endpoints.analyticsIntake)),
      "analytics",
    );
    const events = analyticsRecordsOf(
      built.api.requests.find((r) => r.url.endsWith(endpoints.analyticsIntake))!.body!,
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        event_name: "submerchant_surfaces_api_request_finished",
        url: `${env.api}/v1/payouts/po_missing`,
        method: "GET",
        code: 404,
      }),
    );
  });

  it('a network failure becomes fetchErrorResponse with status 0 and "Unknown error"', async () => {
    const { frame } = await ready(claimAnswer(), () => {
      throw new TypeError("");
    });
    const reply = await call(frame, { url: `${env.api}/v1/payouts` });
    expect(reply).toMatchObject({
      requestType: "fetchErrorResponse",
      status: 0,
      message: "Unknown error",
    });
  });

  it("a 401 on the account-session key marks the session expired: the platform is asked for a new client secret; with none in time the 401 is answered", async () => {
    const { platform, frame } = await ready(claimAnswer(), () =>
      json(401, { error: { type: "authentication_error" } }),
    );
    const pending = call(frame, { url: `${env.api}/v1/payouts` });
    await until(() => platform.ofType("clientSecretNeeded").length === 1, "clientSecretNeeded");
    expect(frame.ofType("clientSecretNeeded")).toHaveLength(0);
    built.timers.advance(CLAIM_WAIT_MS);
    expect(await pending).toMatchObject({ requestType: "response", status: 401 });
  });

  it("a call answered 401 on the account-session key is sent once more with the key of the session the platform claims next", async () => {
    let claims = 0;
    built = build({
      route: (request) => {
        if (request.url === `${env.api}${endpoints.claim}`)
          return json(200, claimAnswer({ api_key: `ek_test_${++claims}` }));
        if (request.url.startsWith(`${env.api}/v1/telemetry/`)) return json(202, {});
        return request.headers.Authorization === "Bearer ek_test_1"
          ? json(401, { error: { type: "authentication_error", code: "api_key_expired" } })
          : json(200, { object: "list", data: [] });
      },
    });
    const { platform } = await built.claimed();
    const frame = built.frame("payouts");
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    const pending = call(frame, { url: `${env.api}/v1/payouts` });
    await until(() => platform.ofType("clientSecretNeeded").length === 1, "clientSecretNeeded");
    await platform.request({
      requestType: "claimAccountSessionRequest",
      clientSecret: "acs_secret_new",
    });
    expect(await pending).toMatchObject({ requestType: "response", ok: true, status: 200 });
    const sent = built.api.requests
      .filter((r) => r.url === `${env.api}/v1/payouts`)
      .map((r) => r.headers.Authorization);
    expect(sent).toEqual(["Bearer ek_test_1", "Bearer ek_test_2"]);
  });

  it("a call made before the platform's claim has answered waits for it instead of failing", async () => {
    let answerClaim: (() => void) | undefined;
    built = build({
      route: (request) => {
        if (request.url === `${env.api}${endpoints.claim}`)
          return new Promise<Response>((resolve) => {
            answerClaim = () => resolve(json(200, claimAnswer()));
          });
        if (request.url.startsWith(`${env.api}/v1/telemetry/`)) return json(202, {});
        return json(200, { object: "list", data: [] });
      },
    });
    const platform = built.platform();
    await until(() => platform.ofType("initresponse").length === 1, "initresponse");
    const frame = built.frame("payouts");
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    // Before any claim request, and while the claim is in flight, the call waits.
    const early = call(frame, { url: `${env.api}/v1/payouts` });
    const claimed = platform.request({
      requestType: "claimAccountSessionRequest",
      clientSecret: "acs_secret_abc",
    });
    await until(() => answerClaim !== undefined, "the claim request");
    expect(built.api.requests.some((r) => r.url === `${env.api}/v1/payouts`)).toBe(false);
    answerClaim?.();
    await claimed;
    expect(await early).toMatchObject({ requestType: "response", ok: true, status: 200 });
    expect(lastApiCall().headers.Authorization).toMatch(/^Bearer /);
  });

  it('a call waiting for a claim that fails gets "User has not stored a key of type: account_session"', async () => {
    built = build({
      route: (request) => {
        if (request.url === `${env.api}${endpoints.claim}`)
          return json(400, { error: { type: "invalid_request_error", message: "used" } });
        if (request.url.startsWith(`${env.api}/v1/telemetry/`)) return json(202, {});
        return json(200, { object: "list", data: [] });
      },
    });
    const platform = built.platform();
    await until(() => platform.ofType("initresponse").length === 1, "initresponse");
    const frame = built.frame("payouts");
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    const early = call(frame, { url: `${env.api}/v1/payouts` });
    await platform.request({
      requestType: "claimAccountSessionRequest",
      clientSecret: "acs_secret_abc",
    });
    expect(await early).toMatchObject({
      requestType: "errorResponse",
      error: { message: "User has not stored a key of type: account_session" },
    });
    // Once the claim has failed, no later call waits.
    expect(await call(frame, { url: `${env.api}/v1/payouts` })).toMatchObject({
      requestType: "errorResponse",
    });
    expect(built.api.requests.some((r) => r.url === `${env.api}/v1/payouts`)).toBe(false);
  });

  it("a user-key auth failure clears the user key and broadcasts the state change", async () => {
    const { platform, frame } = await ready(
      claimAnswer({ user_session_api_key: "uk_1", user_session_expires_at: 1_900_000_000 }),
      () => json(401, { error: { type: "authentication_error" } }),
    );
    await call(frame, { url: `${env.api}/v1/payouts` });
    for (const client of [platform, frame])
      await until(
        () =>
          client
            .ofType("authStateChanged")
            .some((m) => (m.authState as { userSessionExpired: boolean }).userSessionExpired),
        "authStateChanged",
      );
    expect(frame.ofType("authStateChanged").at(-1)?.authState).toMatchObject({
      status: "account_session_authenticated",
      userSessionExpired: true,
    });
    expect(platform.ofType("clientSecretNeeded")).toHaveLength(0);
  });

  it("GET /v1/connect/user stores the user when it has is_primary_user", async () => {
    const user = {
      id: "usr_9",
      object: "user",
      email: "o@x.test",
      name: "O",
      is_primary_user: true,
    };
    const { frame } = await ready(claimAnswer(), () => json(200, user));
    await call(frame, { url: `${env.api}${endpoints.connectUser}` });
    await until(() => frame.ofType("authStateChanged").length > 0, "authStateChanged");
    expect(frame.ofType("authStateChanged").at(-1)?.authState).toMatchObject({
      user: { id: "usr_9", is_primary_user: true },
    });
  });

  it("GET /v1/connect/user without is_primary_user stores nothing", async () => {
    const { frame } = await ready(claimAnswer(), () =>
      json(200, { id: "usr_9", email: "o@x.test", is_primary_user: false }),
    );
    await call(frame, { url: `${env.api}${endpoints.connectUser}` });
    const state = await frame.request({ requestType: "authStateRequest" });
    expect(state.authState).toMatchObject({ user: null });
  });

  it("abort cancels the call in flight and sends no reply", async () => {
    let seen: AbortSignal | undefined;
    const { frame } = await ready(claimAnswer(), (_request, signal) => {
      seen = signal;
      return new Promise<Response>((_resolve, reject) => {
        signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    });
    const requestId = frame.send({
      requestType: "authedProxy",
      url: `${env.api}/v1/payouts`,
      method: "GET",
      componentName: "payouts",
    });
    await until(() => seen !== undefined, "the call to start");
    expect(built.layer.proxy.inFlight()).toBe(1);
    frame.post({ requestType: "abort", targetRequestId: requestId });
    await until(() => seen?.aborted === true, "the abort");
    await settle(10);
    expect(frame.replyTo(requestId)).toBeUndefined();
    expect(built.layer.proxy.inFlight()).toBe(0);
  });
});

describe("issue 14 item 2: nothing key-shaped leaves through the proxy (docs/security.md)", () => {
  const mintingSpellings = [
    "/v1/account_sessions/claim",
    "/v1/account_sessions%2Fclaim",
    "/v1/account%5Fsessions/claim",
    "/v1/account%255Fsessions/claim",
    "/V1/Account_Sessions/Claim",
    "/v1//account_sessions/claim/",
    "/v1/payouts/../account_sessions",
    "/v1/payouts/%2e%2e/account_sessions",
    "/v1/embedded/user%5Fauthed%5Fkey",
    "/v1/retrieve_embedded_flags",
    "/v1/connect/sign%5Fin",
  ];

  it("the routes that mint keys are never proxied, however they are spelled: no call, an errorResponse", async () => {
    const { frame } = await ready();
    const before = built.api.requests.length;
    for (const path of mintingSpellings)
      for (const requestType of ["authedProxy", "proxy"] as const) {
        const reply = await frame.request({
          requestType,
          url: `${env.api}${path}`,
          method: "POST",
          componentName: "payouts",
        });
        expect(reply).toMatchObject({
          requestType: "errorResponse",
          error: { message: expect.stringContaining("mints keys") },
        });
      }
    expect(built.api.requests.length).toBe(before);
  });

  it("an encoded spelling of an intercepted route is intercepted: its key is kept, not forwarded", async () => {
    const { frame } = await ready(claimAnswer(), () =>
      json(200, { object: "identity_challenge", key: "eak_test_0123456789abcdef" }),
    );
    const answer = await call(frame, { url: `${env.api}/v1/connect/identity%5Fchallenge` });
    expect(answer).toMatchObject({ requestType: "response", ok: true });
    expect(JSON.stringify(answer)).not.toContain("eak_test_0123456789abcdef");
    expect(built.layer.keys.read("external_account")?.apiKey).toBe("eak_test_0123456789abcdef");
  });

  it("every answer is redacted: key-shaped values anywhere and secret-named fields, not every name with 'token'", async () => {
    const { frame } = await ready(claimAnswer(), () =>
      json(
        400,
        {
          object: "thing",
          note: "call with sk_test_abcdefgh12345678 please",
          data: [
            { api_key: "whatever", nested: { refresh_token: "short", ok: "uk_test_zzzzzzzzzz" } },
          ],
          client_secret: "acs_secret_12345678",
          secret: "s",
          next_page_token: "page_2",
          publishable: "pk_test_public12345",
        },
        { "x-debug": "urt_abcdefghijk" },
      ),
    );
    const answer = await call(frame, { url: `${env.api}/v1/things` });
    expect(findKeyShaped(answer)).toEqual([]);
    expect(answer).toMatchObject({
      requestType: "response",
      body: {
        note: "call with [redacted] please",
        data: [{ nested: { ok: "[redacted]" } }],
        next_page_token: "page_2",
        publishable: "pk_test_public12345",
      },
      headers: { "x-debug": "[redacted]" },
    });
    expect(answer.body).not.toHaveProperty("client_secret");
    expect(answer.body).not.toHaveProperty("secret");
  });
});

describe("issue 15: a call answered 429 is retried after Retry-After when safe, bounded", () => {
  const limited = (retryAfter = "2") => rateLimitedAnswer(retryAfter, "req_429");
  const payoutCalls = () => built.api.requests.filter((r) => r.url.includes("/v1/payouts")).length;
  const getPayouts = (frame: FakeClient) =>
    frame.send({
      requestType: "authedProxy",
      method: "GET",
      url: `${env.api}/v1/payouts`,
      componentName: "payouts",
    });

  it("a GET waiting out its Retry-After when a logout begins is not sent again with the revoked key: the frame gets the 429, then the keys are revoked", async () => {
    const sessionUrl = `${env.api}${endpoints.connectSession}`;
    const { platform, frame } = await ready(claimAnswer(), (r) =>
      r.url === sessionUrl ? json(200, { deleted: true }) : limited("1"),
    );
    const requestId = getPayouts(frame);
    await until(() => payoutCalls() === 1, "the first call");
    const logout = platform.send({ requestType: "logout" });
    await settle(5);
    expect(built.api.requests.some((r) => r.url === sessionUrl)).toBe(false);
    built.timers.advance(1_000);
    await until(() => platform.replyTo(logout) !== undefined, "the logout's reply");
    expect(payoutCalls()).toBe(1);
    expect(frame.replyTo(requestId)).toMatchObject({ requestType: "response", status: 429 });
    expect(built.api.requests.some((r) => r.url === sessionUrl)).toBe(true);
  });

  it("waits the seconds of Retry-After, sends the GET again, and answers the frame its success", async () => {
    let calls = 0;
    const { frame } = await ready(claimAnswer(), () =>
      ++calls <= 2 ? limited("2") : json(200, { object: "list", data: [] }),
    );
    const requestId = getPayouts(frame);
    await until(() => payoutCalls() === 1, "the first call");
    await settle(5);
    expect(frame.replyTo(requestId)).toBeUndefined();
    built.timers.advance(1_999);
    await settle(5);
    expect(payoutCalls()).toBe(1);
    built.timers.advance(1);
    await until(() => payoutCalls() === 2, "the first retry");
    await settle(5);
    built.timers.advance(2_000);
    await until(() => frame.replyTo(requestId) !== undefined, "the answer");
    expect(payoutCalls()).toBe(3);
    expect(frame.replyTo(requestId)).toMatchObject({ requestType: "response", ok: true });
  });

  it("gives up after two retries and forwards the 429 with its error and Retry-After", async () => {
    const { frame } = await ready(claimAnswer(), () => limited("1"));
    const requestId = getPayouts(frame);
    for (let sent = 1; sent <= 3; sent++) {
      await until(() => payoutCalls() === sent, `call ${sent}`);
      await settle(5);
      built.timers.advance(1_000);
    }
    await until(() => frame.replyTo(requestId) !== undefined, "the answer");
    expect(payoutCalls()).toBe(3);
    expect(frame.replyTo(requestId)).toMatchObject({
      requestType: "response",
      ok: false,
      status: 429,
      body: { error: { type: "rate_limit_error", code: "rate_limit" } },
      headers: { "retry-after": "1" },
    });
  });

  it("never waits more than 5 s, whatever Retry-After asks", async () => {
    let calls = 0;
    const { frame } = await ready(claimAnswer(), () =>
      ++calls === 1 ? limited("3600") : json(200, { object: "list", data: [] }),
    );
    const requestId = getPayouts(frame);
    await until(() => payoutCalls() === 1, "the first call");
    await settle(5);
    built.timers.advance(5_000);
    await until(() => frame.replyTo(requestId) !== undefined, "the answer");
    expect(frame.replyTo(requestId)).toMatchObject({ ok: true });
  });

  it("a write without an Idempotency-Key answered 429 is not sent again: the frame gets the 429", async () => {
    const { frame } = await ready(claimAnswer(), () => limited("1"));
    const reply = await call(frame, {
      method: "POST",
      url: `${env.api}/v1/payouts`,
      body: { amount: 100, currency: "usd" },
    });
    expect(reply).toMatchObject({
      requestType: "response",
      status: 429,
      body: { error: { type: "rate_limit_error", code: "rate_limit", request_id: "req_429" } },
    });
    built.timers.advance(10_000);
    await settle(10);
    expect(payoutCalls()).toBe(1);
  });

  it("a write under an Idempotency-Key is sent again after Retry-After with the same key and body", async () => {
    let calls = 0;
    const { frame } = await ready(claimAnswer(), () =>
      ++calls === 1 ? limited("1") : json(200, { id: "po_1", object: "payout" }),
    );
    const requestId = frame.send({
      requestType: "authedProxy",
      method: "POST",
      url: `${env.api}/v1/payouts`,
      componentName: "payouts",
      headers: { [provider.headers.idempotencyKey]: "intent-7" },
      body: { amount: 100, currency: "usd" },
    });
    await until(() => payoutCalls() === 1, "the first call");
    await settle(5);
    built.timers.advance(999);
    await settle(5);
    expect(payoutCalls()).toBe(1);
    built.timers.advance(1);
    await until(() => frame.replyTo(requestId) !== undefined, "the answer");
    const [first, second] = built.api.requests.filter((r) => r.url.includes("/v1/payouts"));
    expect(second?.headers[provider.headers.idempotencyKey]).toBe("intent-7");
    expect(second?.headers[provider.headers.idempotencyKey]).toBe(
      first?.headers[provider.headers.idempotencyKey],
    );
    expect(second?.body).toBe(first?.body);
    expect(frame.replyTo(requestId)).toMatchObject({ ok: true, body: { id: "po_1" } });
  });

  it("a GET answered 503 with Retry-After (the provider's database out of reach) waits it out and is sent again", async () => {
    let calls = 0;
    const { frame } = await ready(claimAnswer(), () =>
      ++calls === 1 ? unavailableAnswer("2") : json(200, { object: "list", data: [] }),
    );
    const requestId = getPayouts(frame);
    await until(() => payoutCalls() === 1, "the first call");
    await settle(5);
    built.timers.advance(1_999);
    await settle(5);
    expect(payoutCalls()).toBe(1);
    expect(frame.replyTo(requestId)).toBeUndefined();
    built.timers.advance(1);
    await until(() => frame.replyTo(requestId) !== undefined, "the answer");
    expect(payoutCalls()).toBe(2);
    expect(frame.replyTo(requestId)).toMatchObject({ requestType: "response", ok: true });
  });

  it("a 503 that names no Retry-After, and a 500, reach the frame at once: nothing says when to come back", async () => {
    for (const failing of [() => unavailableAnswer(null), () => json(500, { error: {} })]) {
      const { frame } = await ready(claimAnswer(), failing);
      const before = payoutCalls();
      const requestId = getPayouts(frame);
      await until(() => frame.replyTo(requestId) !== undefined, "the answer");
      expect(payoutCalls() - before).toBe(1);
      built.timers.advance(10_000);
      await settle(10);
      expect(payoutCalls() - before).toBe(1);
    }
  });

  it("an abort during the wait cancels the retry and sends no reply", async () => {
    const { frame } = await ready(claimAnswer(), () => limited("2"));
    const requestId = getPayouts(frame);
    await until(() => payoutCalls() === 1, "the first call");
    await settle(5);
    frame.post({ requestType: "abort", targetRequestId: requestId });
    await settle(5);
    built.timers.advance(10_000);
    await settle(10);
    expect(payoutCalls()).toBe(1);
    expect(frame.replyTo(requestId)).toBeUndefined();
  });
});
