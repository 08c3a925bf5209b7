import { afterEach, describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { provider } from "../../protocol/provider.ts";
import {
  type Built,
  build,
  claimAnswer,
  env,
  json,
  type RecordedRequest,
  settle,
  until,
} from "./fakes.ts";
import { LOGOUT_SETTLE_MS } from "./key-gate.ts";
import { lastAccountStorageName, refreshTokenStorageName } from "./keys.actor.ts";
import { CLAIM_WAIT_MS, missingKeyMessage } from "./proxy.ts";

let built: Built;
afterEach(() => built?.dispose());

/** The refresh token of the fakes' platform (pk_test_123) and claimed account. */
const tokenName = refreshTokenStorageName("pk_test_123", "acct_connected");
const seedToken = (token: string) => {
  built.storage.setItem(lastAccountStorageName("pk_test_123"), "acct_connected");
  built.storage.setItem(tokenName, token);
};
const storedToken = () => built.storage.getItem(tokenName);

type Handler = (request: RecordedRequest) => Response | Promise<Response>;
const sessionUrl = `${env.api}${endpoints.connectSession}`;

async function ready(invalidate: Handler, signedIn = true, other: Handler = () => json(200, {})) {
  built = build({
    route: (request) => {
      if (request.url === `${env.api}${endpoints.claim}`)
        return json(
          200,
          signedIn
            ? claimAnswer({
                user_session_api_key: "uk_1",
                user_session_expires_at: 1_900_000_000,
                // The claim used rt_1 up; rt_2 is its successor.
                user_session_refresh_token: "rt_2",
              })
            : claimAnswer(),
        );
      if (request.url === sessionUrl) return invalidate(request);
      return other(request);
    },
  });
  seedToken("rt_1");
  const { platform } = await built.claimed();
  const frame = built.frame();
  await until(() => frame.ofType("initresponse").length === 1, "initresponse");
  return { platform, frame };
}

const state = async (frame: Awaited<ReturnType<typeof ready>>["frame"]) =>
  (await frame.request({ requestType: "authStateRequest" })).authState;

describe("SPEC.md §4 and §8 logout", () => {
  it("invalidates the user session with DELETE /v1/connect/session and the user key, then clears all keys", async () => {
    const { frame } = await ready(() => json(200, { deleted: true }));
    const reply = await frame.request({ requestType: "logout" });
    expect(reply).toMatchObject({
      requestType: "response",
      ok: true,
      body: { authState: { status: "unauthenticated" } },
    });
    const sent = built.api.requests.find((r) => r.url === sessionUrl)!;
    expect(sent.method).toBe("DELETE");
    expect(sent.headers.Authorization).toBe("Bearer uk_1");
    expect(storedToken()).toBeNull();
    expect(frame.ofType("authStateChanged").at(-1)?.authState).toMatchObject({
      status: "unauthenticated",
      userSessionExpired: true,
    });
  });

  it("clearUserSessionOnly clears the user key only", async () => {
    const { frame } = await ready(() => json(200, {}));
    await frame.request({ requestType: "logout", clearUserSessionOnly: true });
    expect(await state(frame)).toMatchObject({
      status: "account_session_authenticated",
      userSessionExpired: true,
    });
  });

  it("a 401 or 404 still counts as invalidated", async () => {
    for (const status of [401, 404]) {
      const { frame } = await ready(() =>
        json(status, { error: { type: "invalid_request_error" } }),
      );
      const reply = await frame.request({ requestType: "logout", clearUserSessionOnly: true });
      expect(reply).toMatchObject({ requestType: "response", ok: true });
      expect(await state(frame)).toMatchObject({ status: "account_session_authenticated" });
      built.dispose();
    }
  });

  it("any other error keeps the keys and returns fetchErrorResponse", async () => {
    const { frame } = await ready(() =>
      json(500, { error: { type: "api_error", message: "Try again" } }),
    );
    const reply = await frame.request({ requestType: "logout" });
    expect(reply).toMatchObject({
      requestType: "fetchErrorResponse",
      status: 500,
      message: "HTTP status code: 500. Reason: Try again",
    });
    expect(await state(frame)).toMatchObject({ status: "user_authenticated" });
    expect(storedToken()).toBe("rt_2");
  });

  it("a full logout also revokes the account-session key: a second DELETE /v1/connect/session with it, after the user key's", async () => {
    const { frame } = await ready(() => json(200, { deleted: true }));
    await frame.request({ requestType: "logout" });
    const sent = built.api.requests.filter((r) => r.url === sessionUrl);
    expect(sent.map((r) => [r.method, r.headers.Authorization])).toEqual([
      ["DELETE", "Bearer uk_1"],
      ["DELETE", `Bearer ${claimAnswer().api_key}`],
    ]);
  });

  it("a full logout whose account-session revocation fails keeps the keys and returns fetchErrorResponse", async () => {
    const { frame } = await ready((request) =>
      request.headers.Authorization === "Bearer uk_1"
        ? json(200, {})
        : json(503, { error: { type: "api_error", message: "Down" } }),
    );
    const reply = await frame.request({ requestType: "logout" });
    expect(reply).toMatchObject({ requestType: "fetchErrorResponse", status: 503 });
    // Every key is kept: a retry finds the user key already revoked (401, done) and tries again.
    expect(await state(frame)).toMatchObject({ status: "user_authenticated" });
  });

  it("without a user key, a full logout revokes the account-session key, then clears the keys", async () => {
    const { frame } = await ready(() => json(200, {}), false);
    const reply = await frame.request({ requestType: "logout" });
    expect(reply).toMatchObject({ requestType: "response", ok: true });
    const sent = built.api.requests.filter((r) => r.url === sessionUrl);
    expect(sent.map((r) => r.headers.Authorization)).toEqual([`Bearer ${claimAnswer().api_key}`]);
    expect(await state(frame)).toMatchObject({ status: "unauthenticated" });
  });

  it("without a user key, clearing the user session only asks nothing of the server", async () => {
    const { frame } = await ready(() => json(500, {}), false);
    const reply = await frame.request({ requestType: "logout", clearUserSessionOnly: true });
    expect(reply).toMatchObject({ requestType: "response", ok: true });
    expect(built.api.requests.some((r) => r.url === sessionUrl)).toBe(false);
    expect(await state(frame)).toMatchObject({ status: "account_session_authenticated" });
  });

  it("sends the merchant and livemode override headers", async () => {
    const { frame } = await ready(() => json(200, {}));
    await frame.request({
      requestType: "logout",
      merchantIdOverride: "acct_x",
      livemodeOverride: false,
    });
    const sent = built.api.requests.find((r) => r.url === sessionUrl)!;
    expect(sent.headers[provider.headers.merchantOverride]).toBe("acct_x");
    expect(sent.headers[provider.headers.livemodeOverride]).toBe("false");
  });
});

describe("issue 14 item 5: refresh tokens (docs/security.md)", () => {
  it("the claim keeps the rotated refresh token in place of the one it used", async () => {
    await ready(() => json(200, {}));
    const claim = built.api.requests.find((r) => r.url === `${env.api}${endpoints.claim}`)!;
    expect(new URLSearchParams(claim.body).get("user_session_refresh_token")).toBe("rt_1");
    expect(storedToken()).toBe("rt_2");
  });

  it("a claim that gives no successor forgets the used token", async () => {
    await ready(() => json(200, {}), false);
    expect(storedToken()).toBeNull();
  });

  it("logout with a refresh token but no user key revokes the token on the provider with the account-session key", async () => {
    built = build({
      route: (request) =>
        request.url === `${env.api}${endpoints.claim}`
          ? json(200, claimAnswer({ user_session_refresh_token: "rt_2" }))
          : json(200, {}),
    });
    seedToken("rt_1");
    await built.claimed();
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    const reply = await frame.request({ requestType: "logout", clearUserSessionOnly: true });
    expect(reply).toMatchObject({ requestType: "response", ok: true });
    const revoked = built.api.requests.filter(
      (r) => r.url === `${env.api}${endpoints.revokeRefreshToken}`,
    );
    expect(revoked.map((r) => [r.method, r.headers.Authorization, r.body])).toEqual([
      ["POST", `Bearer ${claimAnswer().api_key}`, "refresh_token=rt_2"],
    ]);
    expect(storedToken()).toBeNull();
  });

  it("issue 14 item 13: a claim for another account neither uses up nor clears the token of the account claimed before", async () => {
    built = build({
      route: (request) =>
        request.url === `${env.api}${endpoints.claim}`
          ? json(200, claimAnswer({ account_id: "acct_other" }))
          : json(200, {}),
    });
    seedToken("rt_1");
    await built.claimed();
    expect(storedToken()).toBe("rt_1");
    expect(built.storage.getItem(lastAccountStorageName("pk_test_123"))).toBe("acct_other");
  });
});

describe("logout and the calls around it (docs/protocol.md 'Logout on the server')", () => {
  const payouts = `${env.api}/v1/payouts`;
  const disputes = `${env.api}/v1/disputes?charge=ch_1`;
  const held = () => {
    let answer: (response: Response) => void = () => {};
    const promise = new Promise<Response>((resolve) => (answer = resolve));
    return { promise, answer };
  };
  const get = (url: string) => ({
    requestType: "authedProxy" as const,
    method: "GET" as const,
    componentName: "payouts",
    url,
  });
  /** What reached the server, in order: "GET <url>" or "DELETE <Authorization>". */
  const seen = () =>
    built.api.requests
      .filter((r) => r.url === sessionUrl || r.url === payouts || r.url === disputes)
      .map((r) => (r.url === sessionUrl ? `DELETE ${r.headers.Authorization}` : `GET ${r.url}`));

  /** A provider that answers every call, the revocations included, with `route`. */
  const readyWith = (route: Handler, signedIn = true) => ready(route, signedIn, route);

  /** A frame's GET /v1/payouts on the wire, its answer held, then the platform's logout. */
  async function callThenLogout(logout: Record<string, unknown> = {}, signedIn = true) {
    const call = held();
    const { platform, frame } = await readyWith(
      (r) => (r.url === payouts ? call.promise : json(200, {})),
      signedIn,
    );
    const inFlight = frame.send(get(payouts));
    await until(() => seen().length === 1, "the call on the wire");
    const loggingOut = platform.send({ requestType: "logout", ...logout });
    await settle(20);
    return { call, platform, frame, inFlight, logout: loggingOut };
  }

  it("a call in flight when the logout arrives is answered before DELETE /v1/connect/session is sent", async () => {
    const { call, platform, frame, inFlight, logout } = await callThenLogout();
    expect(seen()).toEqual([`GET ${payouts}`]);
    call.answer(json(200, { object: "list", data: [] }));
    await until(() => platform.replyTo(logout) !== undefined, "the logout's reply");
    expect(frame.replyTo(inFlight)).toMatchObject({ requestType: "response", status: 200 });
    expect(seen()).toEqual([
      `GET ${payouts}`,
      "DELETE Bearer uk_1",
      `DELETE Bearer ${claimAnswer().api_key}`,
    ]);
  });

  it("a call arriving during a full logout is not sent with the old keys: it waits, then is answered 'User has not stored a key of type: account_session'", async () => {
    const revocation = held();
    const { platform, frame } = await readyWith((r) =>
      r.url === sessionUrl && r.headers.Authorization === "Bearer uk_1"
        ? revocation.promise
        : json(200, { object: "list", data: [] }),
    );
    const logout = platform.send({ requestType: "logout" });
    await until(() => seen().length === 1, "the user key's revocation");
    const late = frame.send(get(disputes));
    await settle(20);
    expect(frame.replyTo(late)).toBeUndefined();
    revocation.answer(json(200, { deleted: true }));
    await until(() => frame.replyTo(late) !== undefined, "the late call's reply");
    expect(platform.replyTo(logout)).toMatchObject({ requestType: "response", ok: true });
    expect(frame.replyTo(late)).toMatchObject({
      requestType: "errorResponse",
      error: { message: missingKeyMessage("account_session") },
    });
    expect(seen()).toEqual(["DELETE Bearer uk_1", `DELETE Bearer ${claimAnswer().api_key}`]);
  });

  it("telemetry posted during a logout carries no key, and a post on the wire with the key is answered before the revocation", async () => {
    const metrics = `${env.api}${endpoints.metricsIntake}`;
    const intake = held();
    const revocation = held();
    const { platform } = await readyWith((r) =>
      r.url === metrics && r.headers.Authorization
        ? intake.promise
        : r.url === sessionUrl && r.headers.Authorization === "Bearer uk_1"
          ? revocation.promise
          : json(202, {}),
    );
    const metricsEvent = {
      requestType: "metricsEvent" as const,
      metrics: [{ name: "frame.load", kind: "timing" as const, value: 120 }],
    };
    const posts = () => built.api.requests.filter((r) => r.url === metrics);
    platform.post(metricsEvent);
    await until(() => posts().length === 1, "the first metrics post");
    const logout = platform.send({ requestType: "logout" });
    await settle(20);
    expect(seen()).toEqual([]);
    intake.answer(json(202, {}));
    await until(() => seen().length === 1, "the user key's revocation");
    platform.post(metricsEvent);
    await until(() => posts().length === 2, "the second metrics post");
    revocation.answer(json(200, { deleted: true }));
    await until(() => platform.replyTo(logout) !== undefined, "the logout's reply");
    expect(posts().map((r) => r.headers.Authorization)).toEqual([
      `Bearer ${claimAnswer().api_key}`,
      undefined,
    ]);
  });

  it("a call arriving during a user-only logout goes out after it with the account-session key, never the revoked user key", async () => {
    const revocation = held();
    const { platform, frame } = await readyWith((r) =>
      r.url === sessionUrl ? revocation.promise : json(200, { object: "list", data: [] }),
    );
    platform.send({ requestType: "logout", clearUserSessionOnly: true });
    await until(() => seen().length === 1, "the user key's revocation");
    const late = frame.send(get(disputes));
    await settle(20);
    expect(seen()).toEqual(["DELETE Bearer uk_1"]);
    revocation.answer(json(200, { deleted: true }));
    await until(() => frame.replyTo(late) !== undefined, "the late call's reply");
    expect(frame.replyTo(late)).toMatchObject({ requestType: "response", status: 200 });
    const sent = built.api.requests.find((r) => r.url === disputes)!;
    expect(sent.headers.Authorization).toBe(`Bearer ${claimAnswer().api_key}`);
  });

  it("the wait is bounded: a call hung past LOGOUT_SETTLE_MS does not hold the revocation back", async () => {
    const { platform, logout } = await callThenLogout();
    built.timers.advance(LOGOUT_SETTLE_MS - 1);
    await settle(20);
    expect(seen()).toEqual([`GET ${payouts}`]);
    built.timers.advance(1);
    await until(() => platform.replyTo(logout) !== undefined, "the logout's reply");
    expect(platform.replyTo(logout)).toMatchObject({ requestType: "response", ok: true });
    expect(seen()).toEqual([
      `GET ${payouts}`,
      "DELETE Bearer uk_1",
      `DELETE Bearer ${claimAnswer().api_key}`,
    ]);
    expect(built.logs.text()).toContain("logout goes on with key-bearing calls still in flight");
  });

  it("a 401 answered after the logout to a call sent before it marks no session expired: no clientSecretNeeded, the 401 is the reply", async () => {
    const { call, platform, frame, inFlight: hung, logout } = await callThenLogout({}, false);
    built.timers.advance(LOGOUT_SETTLE_MS);
    await until(() => platform.replyTo(logout) !== undefined, "the logout's reply");
    call.answer(json(401, { error: { type: "authentication_error", code: "api_key_revoked" } }));
    await until(() => frame.replyTo(hung) !== undefined, "the hung call's reply");
    expect(frame.replyTo(hung)).toMatchObject({ requestType: "response", status: 401 });
    await settle(20);
    expect(platform.ofType("clientSecretNeeded")).toHaveLength(0);
    expect(await state(frame)).toMatchObject({ status: "unauthenticated" });
  });

  it("a 401 on the account-session key during a user-only logout, which keeps that key, still marks the session expired once the logout is done", async () => {
    const {
      call,
      platform,
      frame,
      inFlight: expired,
      logout,
    } = await callThenLogout({ clearUserSessionOnly: true }, false);
    call.answer(json(401, { error: { type: "authentication_error", code: "api_key_expired" } }));
    await until(() => platform.replyTo(logout) !== undefined, "the logout's reply");
    await until(() => platform.ofType("clientSecretNeeded").length === 1, "clientSecretNeeded");
    built.timers.advance(CLAIM_WAIT_MS);
    await until(() => frame.replyTo(expired) !== undefined, "the call's reply");
    expect(frame.replyTo(expired)).toMatchObject({ requestType: "response", status: 401 });
  });
});
