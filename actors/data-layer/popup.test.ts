import { afterEach, describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import {
  type Built,
  build,
  claimAnswer,
  env,
  json,
  marker,
  type RecordedRequest,
  settle,
  until,
} from "./fakes.ts";
import { refreshTokenStorageName } from "./keys.actor.ts";
import { ANALYTICS_FLUSH_MS, analyticsRecordsOf } from "./telemetry.ts";

let built: Built;
afterEach(() => built?.dispose());

type Handler = (request: RecordedRequest) => Response | Promise<Response>;
const exchangeUrl = `${env.api}${endpoints.userAuthedKey}`;

async function ready(exchange: Handler, session = claimAnswer()) {
  built = build({
    route: (request) => {
      if (request.url === `${env.api}${endpoints.claim}`) return json(200, session);
      if (request.url === exchangeUrl) return exchange(request);
      return json(200, {});
    },
  });
  const { platform } = await built.claimed();
  const frame = built.frame("account-onboarding");
  const other = built.frame("payouts");
  await until(() => [frame, other].every((c) => c.ofType("initresponse").length === 1), "inits");
  return { platform, frame, other };
}

const exchanged = () =>
  json(200, {
    embedded_session_api_key: "uk_popup",
    embedded_user_session_refresh_token: "rt_popup",
  });

const authComplete = (apiKey = "popup_key", sessionCreatedForEmbedded = true) =>
  built.window.post(env.connect, {
    type: marker,
    requestType: "popupAuthenticationComplete",
    apiKey,
    sessionCreatedForEmbedded,
  });

describe("SPEC.md §4 popup sign-in wait", () => {
  it("resolves at once if the user is already authenticated", async () => {
    const { frame } = await ready(
      exchanged,
      claimAnswer({ user_session_api_key: "uk_1", user_session_expires_at: 1_900_000_000 }),
    );
    const reply = await frame.request({ requestType: "openPopupAndWaitForAuth" });
    expect(reply).toMatchObject({
      requestType: "response",
      ok: true,
      body: { authState: { status: "user_authenticated" } },
    });
    expect(built.api.requests.some((r) => r.url === exchangeUrl)).toBe(false);
  });

  it("resolves at once in wait-for-complete mode", async () => {
    const { frame } = await ready(exchanged);
    const reply = await frame.request({ requestType: "openPopupAndWaitForComplete" });
    expect(reply).toMatchObject({ requestType: "response", ok: true });
  });

  it("otherwise resolves after the popup's key has been exchanged", async () => {
    const { frame, other } = await ready(exchanged);
    const requestId = frame.send({ requestType: "openPopupAndWaitForAuth" });
    await settle();
    expect(frame.replyTo(requestId)).toBeUndefined();
    authComplete();
    await until(() => frame.replyTo(requestId) !== undefined, "the wait to resolve");
    expect(frame.replyTo(requestId)).toMatchObject({
      body: { authState: { status: "user_authenticated" } },
    });

    const sent = built.api.requests.find((r) => r.url === exchangeUrl)!;
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      embedded_api_key: "popup_key",
      session_created_from_embedded: "true",
    });
    // The user key is used from now on, the refresh token is kept, every frame hears of it.
    await other.request({
      requestType: "authedProxy",
      url: `${env.api}/v1/payouts`,
      method: "GET",
      componentName: "payouts",
    });
    expect(built.api.requests.at(-1)?.headers.Authorization).toBe("Bearer uk_popup");
    expect(built.storage.getItem(refreshTokenStorageName("pk_test_123", "acct_connected"))).toBe(
      "rt_popup",
    );
    expect(other.ofType("authStateChanged").at(-1)?.authState).toMatchObject({
      status: "user_authenticated",
    });
    const messages = JSON.stringify([...frame.received, ...other.received]);
    expect(messages).not.toContain("uk_popup");
    expect(messages).not.toContain("rt_popup");
    expect(messages).not.toContain("popup_key");
  });

  it("logs submerchant_surfaces_user_key_received with method popup", async () => {
    const { frame } = await ready(exchanged);
    const requestId = frame.send({ requestType: "openPopupAndWaitForAuth" });
    await settle();
    authComplete();
    await until(() => frame.replyTo(requestId) !== undefined, "the wait to resolve");
    built.timers.advance(ANALYTICS_FLUSH_MS);
    await until(
      () => built.api.requests.some((r) => r.url.endsWith(endpoints.analyticsIntake)),
      "analytics",
    );
    const events = built.api.requests
      .filter((r) => r.url.endsWith(endpoints.analyticsIntake))
      .flatMap((r) => analyticsRecordsOf(r.body!));
    expect(events).toContainEqual(
      expect.objectContaining({
        event_name: "submerchant_surfaces_user_key_received",
        method: "popup",
      }),
    );
  });

  it("a key exchange failure sends fetchErrorResponse to all frames and rejects the wait", async () => {
    const { platform, frame, other } = await ready(() =>
      json(400, { error: { type: "invalid_request_error", message: "Expired popup key" } }),
    );
    const requestId = frame.send({ requestType: "openPopupAndWaitForAuth" });
    await settle();
    authComplete();
    await until(() => frame.replyTo(requestId) !== undefined, "the wait to be rejected");
    expect(frame.replyTo(requestId)).toMatchObject({
      requestType: "fetchErrorResponse",
      status: 400,
      message: "HTTP status code: 400. Reason: Expired popup key",
    });
    for (const client of [platform, frame, other])
      expect(
        client.ofType("fetchErrorResponse").filter((m) => m.requestId === undefined),
      ).toHaveLength(1);
    const state = await frame.request({ requestType: "authStateRequest" });
    expect(state.authState).toMatchObject({ status: "account_session_authenticated" });
  });

  it("aborting the wait sends popupComplete", async () => {
    const { platform, frame, other } = await ready(exchanged);
    const requestId = frame.send({ requestType: "openPopupAndWaitForAuth" });
    await settle();
    frame.post({ requestType: "abort", targetRequestId: requestId });
    for (const client of [platform, frame, other])
      await until(() => client.ofType("popupComplete").length === 1, "popupComplete");
    expect(frame.replyTo(requestId)).toBeUndefined();
    expect(built.layer.popup.pending()).toBe(0);
  });

  it("issue 14 item 6: a popupAuthenticationComplete with no wait in progress is ignored: its key is never exchanged", async () => {
    const { frame } = await ready(exchanged);
    const before = built.api.requests.length;
    authComplete();
    await settle(10);
    expect(built.api.requests.length).toBe(before);
    expect(built.layer.keys.read("provider_user")).toBeUndefined();
    expect(frame.ofType("authStateChanged")).toEqual([]);
    expect(built.logs.text()).toContain("with no sign-in wait in progress ignored");
  });

  it("popupComplete from the popup is rebroadcast to every connected frame", async () => {
    const { platform, frame } = await ready(exchanged);
    built.window.post(env.connect, { type: marker, requestType: "popupComplete" });
    for (const client of [platform, frame])
      await until(() => client.ofType("popupComplete").length === 1, "popupComplete");
  });

  it("every frame waiting for auth resolves once the key is exchanged", async () => {
    const { frame, other } = await ready(exchanged);
    const first = frame.send({ requestType: "openPopupAndWaitForAuth" });
    const second = other.send({ requestType: "openPopupAndWaitForAuth" });
    await settle();
    authComplete();
    await until(
      () => frame.replyTo(first) !== undefined && other.replyTo(second) !== undefined,
      "both waits",
    );
    expect(built.api.requests.filter((r) => r.url === exchangeUrl)).toHaveLength(1);
    expect(built.layer.popup.pending()).toBe(0);
  });
  it("the popup closing without a sign-in (popupComplete) ends every wait with the auth state as it is", async () => {
    const { frame, other } = await ready(exchanged);
    const first = frame.send({ requestType: "openPopupAndWaitForAuth" });
    const second = other.send({ requestType: "openPopupAndWaitForAuth" });
    await settle();
    built.window.post(env.connect, { type: marker, requestType: "popupComplete" });
    await until(
      () => frame.replyTo(first) !== undefined && other.replyTo(second) !== undefined,
      "both waits",
    );
    expect(frame.replyTo(first)).toMatchObject({
      requestType: "response",
      body: { authState: { status: "account_session_authenticated" } },
    });
    expect(built.api.requests.filter((r) => r.url === exchangeUrl)).toHaveLength(0);
    expect(built.layer.popup.pending()).toBe(0);
  });

  it("popupComplete right after popupAuthenticationComplete does not cut the key exchange short", async () => {
    const { frame } = await ready(exchanged);
    const waitId = frame.send({ requestType: "openPopupAndWaitForAuth" });
    await settle();
    authComplete();
    built.window.post(env.connect, { type: marker, requestType: "popupComplete" });
    await until(() => frame.replyTo(waitId) !== undefined, "the wait");
    expect(frame.replyTo(waitId)).toMatchObject({
      body: { authState: { status: "user_authenticated" } },
    });
  });
});
