import { afterEach, describe, expect, it } from "vitest";
import { parseDataLayerReply } from "../../protocol/messages/data-layer.schema.ts";
import {
  type Built,
  build,
  claimAnswer,
  env,
  type FakeClient,
  json,
  marker,
  settle,
  until,
} from "./fakes.ts";

let built: Built;
afterEach(() => built?.dispose());

/** A port that gets no answer: only the drop is logged. */
function initWithPort(origin: string, data: Record<string, unknown>) {
  const channel = new MessageChannel();
  const received: unknown[] = [];
  channel.port1.addEventListener("message", (e: MessageEvent) => received.push(e.data));
  channel.port1.start();
  built.window.post(origin, { type: marker, requestId: "i1", ...data }, [channel.port2]);
  return {
    received,
    close: () => {
      channel.port1.close();
    },
  };
}

describe("SPEC.md §5 message handling in the data layer", () => {
  it("a message is accepted only if its type is the kit's marker", async () => {
    built = build();
    const other = initWithPort(env.platform, {
      type: "someone-else",
      requestType: "init",
      sender: "platform",
      publishableKey: "pk_test_1",
    });
    await settle();
    expect(other.received).toEqual([]);
    expect(built.layer.intake.connections()).toHaveLength(0);
    other.close();
  });

  it("a message is accepted only if its requestType is a string", async () => {
    built = build();
    const bad = initWithPort(env.platform, {
      requestType: 7,
      sender: "platform",
      publishableKey: "pk_test_1",
    });
    await settle();
    expect(bad.received).toEqual([]);
    expect(built.logs.text()).toContain("invalid_request_type");
    bad.close();
  });

  it("window messages are accepted only from the connect origin, the frame's own origin or the platform origin", async () => {
    built = build({ selfOrigin: "http://127.0.0.1:4101" });
    const stranger = initWithPort("https://evil.example", {
      requestType: "init",
      sender: "ui_frame",
      componentName: "payouts",
    });
    const own = built.client("http://127.0.0.1:4101", {
      sender: "ui_frame",
      componentName: "payouts",
    });
    const connect = built.frame();
    const platform = built.platform();
    await until(
      () => [own, connect, platform].every((c) => c.ofType("initresponse").length === 1),
      "three initresponses",
    );
    await settle();
    expect(stranger.received).toEqual([]);
    expect(built.logs.text()).toContain("origin not allowed");
    expect(built.layer.intake.connections()).toHaveLength(3);
    stranger.close();
  });

  it("init must come from the platform or the UI layer", async () => {
    built = build();
    // A "platform" init from the connect origin, and a "ui_frame" init from the platform page.
    const fakePlatform = initWithPort(env.connect, {
      requestType: "init",
      sender: "platform",
      publishableKey: "pk_test_1",
    });
    const fakeFrame = initWithPort(env.platform, {
      requestType: "init",
      sender: "ui_frame",
      componentName: "payouts",
    });
    const unknownSender = initWithPort(env.platform, { requestType: "init", sender: "popup" });
    await settle();
    expect(fakePlatform.received).toEqual([]);
    expect(fakeFrame.received).toEqual([]);
    expect(unknownSender.received).toEqual([]);
    expect(built.layer.intake.connections()).toHaveLength(0);
    for (const p of [fakePlatform, fakeFrame, unknownSender]) p.close();

    const platform = built.platform();
    await until(() => platform.ofType("initresponse").length === 1, "initresponse");
    const reply = parseDataLayerReply(platform.received[0]);
    expect(reply.ok && reply.value.requestType).toBe("initresponse");
  });

  it("init must carry a reply port", async () => {
    built = build();
    built.window.post(env.platform, {
      type: marker,
      requestType: "init",
      requestId: "i1",
      sender: "platform",
      publishableKey: "pk_test_1",
    });
    await settle();
    expect(built.layer.intake.connections()).toHaveLength(0);
    expect(built.logs.text()).toContain("init_without_port");
  });

  it("requests other than init are not accepted as window messages", async () => {
    built = build();
    const platform = built.platform();
    await until(() => platform.ofType("initresponse").length === 1, "initresponse");
    built.window.post(env.connect, {
      type: marker,
      requestType: "authStateRequest",
      requestId: "x",
    });
    await settle();
    expect(platform.received).toHaveLength(1);
    expect(built.logs.text()).toContain("requests other than init travel on the init port");
  });

  it("popup auth events must come from the connect origin", async () => {
    built = build();
    await built.claimed();
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    frame.send({ requestType: "openPopupAndWaitForAuth" });
    await settle();
    const before = built.api.requests.length;
    const event = { type: marker, requestType: "popupAuthenticationComplete", apiKey: "popup_key" };
    built.window.post(env.platform, event);
    await settle();
    expect(built.api.requests.length).toBe(before);
    expect(built.logs.text()).toContain("popup event not from the connect origin");

    built.window.post(env.connect, event);
    await until(() => built.api.requests.length === before + 1, "the key exchange");
    expect(built.api.requests.at(-1)?.url).toBe(`${env.api}/v1/embedded/user_authed_key`);
  });

  it("a popup auth event without apiKey is rejected", async () => {
    built = build();
    await built.claimed();
    const before = built.api.requests.length;
    built.window.post(env.connect, { type: marker, requestType: "popupAuthenticationComplete" });
    await settle();
    expect(built.api.requests.length).toBe(before);
    expect(built.logs.text()).toContain("invalid_payload");
  });

  it("response-type messages sent to the data layer are logged as invalid", async () => {
    built = build();
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    frame.post({ requestType: "response", requestId: "r1", ok: true, status: 200, body: {} });
    frame.post({ requestType: "authStateChanged", authState: {} });
    await settle();
    expect(
      built.logs.lines.filter((l) => l.message.includes("response_sent_to_data_layer")),
    ).toHaveLength(2);
    expect(frame.received).toHaveLength(1);
  });

  it("a message that fails its schema is dropped and logged, never half-handled, never answered", async () => {
    built = build();
    await built.claimed();
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    const before = built.api.requests.length;
    frame.post({
      requestType: "authedProxy",
      requestId: "bad1",
      url: "not a url",
      method: "GET",
      componentName: "payouts",
    });
    frame.post({ requestType: "logout", requestId: "bad2", clearUserSessionOnly: "yes" });
    await settle();
    expect(built.api.requests.length).toBe(before);
    expect(frame.replyTo("bad1")).toBeUndefined();
    expect(frame.replyTo("bad2")).toBeUndefined();
    expect(built.logs.lines.filter((l) => l.message.includes("invalid_payload"))).toHaveLength(2);
    // The log names the problem, never the received value.
    expect(built.logs.text()).not.toContain("not a url");
  });

  it("popupReady, popupLoaded and popupDoRefresh are each rebroadcast to every connected frame", async () => {
    built = build();
    const clients: FakeClient[] = [
      built.platform(),
      built.frame("payouts"),
      built.frame("payments"),
    ];
    await until(() => clients.every((c) => c.ofType("initresponse").length === 1), "inits");
    for (const requestType of ["popupReady", "popupLoaded", "popupDoRefresh"])
      built.window.post(env.connect, { type: marker, requestType, extra: "dropped" });
    await until(() => clients.every((c) => c.received.length === 4), "three broadcasts each");
    for (const client of clients)
      expect(client.received.slice(1)).toEqual([
        { type: marker, requestType: "popupReady" },
        { type: marker, requestType: "popupLoaded" },
        { type: marker, requestType: "popupDoRefresh" },
      ]);
  });

  it("a sender whose port closes leaves the broadcast list", async () => {
    built = build();
    const stays = built.frame("payouts");
    const leaves = built.frame("payments");
    await until(() => built.layer.intake.connections().length === 2, "two connections");
    leaves.close();
    await until(() => built.layer.intake.connections().length === 1, "the closed one to leave");
    expect(built.layer.intake.connections()[0]?.componentName).toBe("payouts");
    expect(stays.ofType("initresponse")).toHaveLength(1);
  });

  it("dispose removes the window listener and closes every port", async () => {
    built = build();
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    expect(built.window.listenerCount).toBe(1);
    built.layer.dispose();
    expect(built.window.listenerCount).toBe(0);
    expect(built.layer.intake.connections()).toHaveLength(0);
  });
});

describe("issue 14 item 1: only the right sender (docs/security.md)", () => {
  const signedIn = claimAnswer({
    user_session_api_key: "uk_test_signed_in",
    user_session_expires_at: 1_900_000_000,
  });
  const proxied = ["/v1/balance", "/v1/payouts", "/v1/connect/user"];

  for (const [label, session] of [
    ["without", claimAnswer()],
    ["with", signedIn],
  ] as const)
    it(`a platform-origin port may not proxy, wait for the popup or collect risk signals (${label} a signed-in user): no call, no answer`, async () => {
      built = build({
        route: (request) =>
          request.url.endsWith("/v1/account_sessions/claim")
            ? json(200, session)
            : json(200, { object: "balance", available: [] }),
      });
      await built.claimed();
      // Any script of the platform page may open its own port, as the loader does.
      const intruder = built.platform();
      await until(() => intruder.ofType("initresponse").length === 1, "initresponse");
      const before = built.api.requests.length;
      const sent = [
        ...proxied.flatMap((path) => [
          intruder.send({
            requestType: "authedProxy",
            url: `${env.api}${path}`,
            method: "GET",
            componentName: "payouts",
          }),
          intruder.send({ requestType: "proxy", url: `${env.api}${path}`, method: "GET" }),
        ]),
        intruder.send({ requestType: "openPopupAndWaitForAuth" }),
        intruder.send({ requestType: "collectRiskSignalsRequest" }),
      ];
      await settle(10);
      expect(built.api.requests.slice(before)).toEqual([]);
      for (const requestId of sent) expect(intruder.replyTo(requestId)).toBeUndefined();
      expect(built.logs.text()).toContain("authedProxy is not accepted from the platform");
      // What the loader needs still answers on that port.
      const state = await intruder.request({ requestType: "authStateRequest" });
      expect(state).toMatchObject({ requestType: "authState" });
    });

  it("an init is accepted only from the window where its sender stands (event.source), not from its origin alone", async () => {
    built = build();
    const w = built.window;
    const attempts = [
      // A platform init from a window other than the parent (a frame of the platform origin).
      { origin: env.platform, sender: "platform", source: w.sibling },
      { origin: env.platform, sender: "platform", source: w.elsewhere },
      { origin: env.platform, sender: "platform", source: null },
      // A UI-frame init from the parent, from a popup, or from another page's frame.
      { origin: env.connect, sender: "ui_frame", source: w.parent },
      { origin: env.connect, sender: "ui_frame", source: w.popup },
      { origin: env.connect, sender: "ui_frame", source: w.elsewhere },
    ];
    const received: unknown[] = [];
    for (const { origin, sender, source } of attempts) {
      const channel = new MessageChannel();
      channel.port1.addEventListener("message", (e: MessageEvent) => received.push(e.data));
      channel.port1.start();
      w.post(
        origin,
        {
          type: marker,
          requestType: "init",
          requestId: "i1",
          sender,
          ...(sender === "platform"
            ? { publishableKey: "pk_test_1" }
            : { componentName: "payouts" }),
        },
        [channel.port2],
        source,
      );
    }
    await settle();
    expect(received).toEqual([]);
    expect(built.layer.intake.connections()).toHaveLength(0);
    expect(built.logs.lines.filter((l) => l.message.includes("not from its window"))).toHaveLength(
      attempts.length,
    );
  });

  it("an init from a frame already removed (its window closed) opens nothing and is dropped without a warning", async () => {
    built = build();
    const w = built.window;
    const removed = { closed: true, parent: null, opener: null };
    const channel = new MessageChannel();
    const received: unknown[] = [];
    channel.port1.addEventListener("message", (e: MessageEvent) => received.push(e.data));
    channel.port1.start();
    w.post(
      env.connect,
      {
        type: marker,
        requestType: "init",
        requestId: "i1",
        sender: "ui_frame",
        componentName: "payouts",
      },
      [channel.port2],
      removed,
    );
    await settle();
    expect(received).toEqual([]);
    expect(built.layer.intake.connections()).toHaveLength(0);
    expect(built.logs.lines.filter((l) => l.message.includes("not from its window"))).toEqual([]);
  });

  it("a popup event is accepted only from a popup opened by a UI frame of this page", async () => {
    built = build();
    await built.claimed();
    const before = built.api.requests.length;
    const event = { type: marker, requestType: "popupAuthenticationComplete", apiKey: "popup_key" };
    for (const source of [built.window.sibling, built.window.parent, built.window.elsewhere])
      built.window.post(env.connect, event, [], source);
    await settle();
    expect(built.api.requests.length).toBe(before);
    expect(
      built.logs.lines.filter((l) => l.message.includes("not from a popup of a UI frame")),
    ).toHaveLength(3);
  });
});

describe("issue 14 item 13: the provider user's email and name go to UI frames only", () => {
  it("the platform's port sees the auth state without the user; a UI frame's sees the user", async () => {
    built = build({
      route: (request) =>
        request.url.endsWith("/v1/account_sessions/claim")
          ? json(
              200,
              claimAnswer({
                user_session_api_key: "uk_test_signed_in",
                user_session_expires_at: 1_900_000_000,
                user: {
                  id: "usr_1",
                  email: "anna@example.com",
                  name: "Anna",
                  is_primary_user: true,
                },
              }),
            )
          : json(200, {}),
    });
    const frame = built.frame();
    await until(() => frame.ofType("initresponse").length === 1, "initresponse");
    const { platform } = await built.claimed();
    const platformState = await platform.request({ requestType: "authStateRequest" });
    const frameState = await frame.request({ requestType: "authStateRequest" });
    expect(platformState).toMatchObject({
      authState: { status: "user_authenticated", user: null },
    });
    expect(frameState).toMatchObject({ authState: { user: { email: "anna@example.com" } } });
    expect(JSON.stringify(platform.received)).not.toContain("anna@example.com");
    expect(frame.ofType("authStateChanged").some((m) => JSON.stringify(m).includes("Anna"))).toBe(
      true,
    );
  });
});

describe("issue 14 item 11: a session's allowed embedding origins", () => {
  const withOrigins = (allowed_origins: string[]) =>
    build({
      route: (request) =>
        request.url.endsWith("/v1/account_sessions/claim")
          ? json(200, claimAnswer({ allowed_origins }))
          : json(200, { object: "list", data: [] }),
    });

  it("a session whose allowed_origins do not name this platform origin is refused: no key kept, the claim fails", async () => {
    built = withOrigins(["https://shop.example"]);
    const { reply } = await built.claimed();
    expect(reply.requestType).not.toBe("response");
    expect(built.layer.keys.read("account_session")).toBeUndefined();
    expect(built.layer.claim.session()).toBeNull();
    expect(built.logs.text()).toContain("does not allow this platform origin");
  });

  it("a session that names this platform origin, or names none, is claimed", async () => {
    built = withOrigins([env.platform]);
    expect((await built.claimed()).reply).toMatchObject({ requestType: "response", ok: true });
    built.dispose();
    built = withOrigins([]);
    expect((await built.claimed()).reply).toMatchObject({ requestType: "response", ok: true });
  });
});
