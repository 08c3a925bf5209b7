import { afterEach, describe, expect, it, vi } from "vitest";
import { claimedSessionFixture } from "../../protocol/objects/claimed-account-session.fixture.ts";
import { claimedAccountSessionSchema } from "../../protocol/objects/claimed-account-session.schema.ts";
import { sanitizeSession } from "../../protocol/objects/sanitized-session.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { CallAbortedError, CallTimeoutError, ConnectionClosedError } from "../messaging/call.ts";
import { FakeWindow, link } from "../messaging/fake-window.ts";
import { ManualTimers } from "../messaging/manual-timers.ts";
import { dataLayerFrameName } from "../messaging/names.ts";
import type { Logger } from "../messaging/types.ts";
import {
  createDataLayerClient,
  type DataLayerClientOptions,
  findDataLayerWindow,
} from "./data-layer-client.ts";
import { FakeDataLayer } from "./fake-data-layer.ts";

const CONNECT = "http://127.0.0.1:4100";
const API = "http://127.0.0.1:4200";

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
});

function setup(overrides: Partial<DataLayerClientOptions> = {}) {
  const frame = new FakeWindow(CONNECT);
  const dataLayerWindow = new FakeWindow(CONNECT);
  const [dataLayerSeenByFrame] = link(frame, dataLayerWindow);
  const dataLayer = new FakeDataLayer(dataLayerWindow, CONNECT);
  const lines: string[] = [];
  const log: Logger = { warn: (message) => lines.push(message) };
  const client = createDataLayerClient({
    dataLayer: dataLayerSeenByFrame,
    connectOrigin: CONNECT,
    componentName: "payouts",
    log,
    ...overrides,
  });
  cleanup.push(() => {
    client.close();
    dataLayer.close();
  });
  return { client, dataLayer, dataLayerSeenByFrame, lines };
}

const proxy = (path: string) =>
  ({
    requestType: "authedProxy",
    url: `${API}${path}`,
    method: "GET",
    componentName: "payouts",
  }) as const;

describe("data-layer client", () => {
  it("posts init (sender ui_frame, componentName) with a port to the connect origin only", async () => {
    const { client, dataLayer, dataLayerSeenByFrame } = setup();
    await client.ready;
    expect(dataLayer.inits).toEqual([{ sender: "ui_frame", componentName: "payouts" }]);
    expect(dataLayerSeenByFrame.posted.map((p) => p.targetOrigin)).toEqual([CONNECT]);
    expect(dataLayerSeenByFrame.posted[0]?.message).toMatchObject({
      type: provider.messageMarker,
      requestType: "init",
    });
  });

  it("knows no session before a claim, then the sanitized session each sessionChanged brings", async () => {
    const { client, dataLayer } = setup();
    await client.ready;
    expect(client.session()).toBeNull();
    const seen: string[] = [];
    client.onSession((session) => seen.push(session.account_id));
    const session = sanitizeSession(claimedAccountSessionSchema.parse(claimedSessionFixture));
    dataLayer.broadcast({ requestType: "sessionChanged", session });
    await vi.waitFor(() => expect(seen).toEqual([session.account_id]));
    expect(client.session()).toEqual(session);
  });

  it("a request resolves with the reply that carries its requestId", async () => {
    const { client, dataLayer } = setup();
    const [a, b] = await Promise.all([
      client.request(proxy("/v1/payouts")),
      client.request(proxy("/v1/balance")),
    ]);
    expect(a).toMatchObject({ requestType: "response", body: { url: `${API}/v1/payouts` } });
    expect(b).toMatchObject({ requestType: "response", body: { url: `${API}/v1/balance` } });
    const ids = dataLayer.requests.map((r) => ("requestId" in r ? r.requestId : undefined));
    expect(new Set(ids).size).toBe(2);
  });

  it("a fetchErrorResponse reply is returned to the caller as such", async () => {
    const { client } = setup();
    const reply = await client.request(proxy("/v1/forbidden"));
    expect(reply).toMatchObject({ requestType: "fetchErrorResponse", status: 403 });
  });

  it("an invalid reply is dropped and logged; the valid one still resolves the request", async () => {
    const { client, lines } = setup();
    const reply = await client.request(proxy("/v1/garbage"));
    expect(reply.requestType).toBe("response");
    expect(lines).toEqual(["data-layer reply dropped"]);
  });

  it("a request with no reply within its timeout rejects with CallTimeoutError and sends abort", async () => {
    const timers = new ManualTimers();
    const { client, dataLayer } = setup({ timers });
    await client.ready;
    const pending = client.request(proxy("/v1/hang"), { timeoutMs: 1000 });
    await vi.waitFor(() => expect(dataLayer.requests).toHaveLength(1));
    timers.advance(1000);
    await expect(pending).rejects.toBeInstanceOf(CallTimeoutError);
    const sent = dataLayer.requests[0] as { requestId: string };
    await vi.waitFor(() =>
      expect(dataLayer.requests.at(-1)).toMatchObject({
        requestType: "abort",
        targetRequestId: sent.requestId,
      }),
    );
  });

  it("aborting a request sends an abort for its requestId and rejects with CallAbortedError", async () => {
    const { client, dataLayer } = setup();
    const controller = new AbortController();
    const pending = client.request(proxy("/v1/hang"), { signal: controller.signal });
    await vi.waitFor(() => expect(dataLayer.requests).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CallAbortedError);
    const sent = dataLayer.requests[0] as { requestId: string };
    await vi.waitFor(() =>
      expect(dataLayer.requests.at(-1)).toEqual({
        type: provider.messageMarker,
        requestType: "abort",
        targetRequestId: sent.requestId,
      }),
    );
  });

  it("closing the client rejects requests in flight with ConnectionClosedError", async () => {
    const { client, dataLayer } = setup();
    const pending = client.request(proxy("/v1/hang"));
    await vi.waitFor(() => expect(dataLayer.requests).toHaveLength(1));
    client.close();
    await expect(pending).rejects.toBeInstanceOf(ConnectionClosedError);
    await expect(client.request(proxy("/v1/payouts"))).rejects.toBeInstanceOf(
      ConnectionClosedError,
    );
  });

  it("when the data layer never answers init, requests fail with CallTimeoutError", async () => {
    const timers = new ManualTimers();
    const frame = new FakeWindow(CONNECT);
    const silent = new FakeWindow(CONNECT);
    const [silentSeenByFrame] = link(frame, silent);
    const client = createDataLayerClient({
      dataLayer: silentSeenByFrame,
      connectOrigin: CONNECT,
      componentName: "payouts",
      timers,
      defaultTimeoutMs: 5000,
    });
    cleanup.push(() => client.close());
    const pending = client.request(proxy("/v1/payouts"), { timeoutMs: 60_000 });
    timers.advance(5000);
    await expect(client.ready).rejects.toBeInstanceOf(CallTimeoutError);
    await expect(pending).rejects.toBeInstanceOf(CallTimeoutError);
  });

  it("fire-and-forget requests carry no requestId", async () => {
    const { client, dataLayer } = setup();
    client.send({ requestType: "errorReportingTags", tags: { component: "payouts" } });
    await vi.waitFor(() => expect(dataLayer.requests).toHaveLength(1));
    expect(dataLayer.requests[0]).not.toHaveProperty("requestId");
  });

  it("onBroadcast delivers popup events and authStateChanged by type", async () => {
    const { client, dataLayer } = setup();
    await client.ready;
    const completes: unknown[] = [];
    const readies: unknown[] = [];
    client.onBroadcast("popupComplete", (m) => completes.push(m.requestType));
    const off = client.onBroadcast("popupReady", (m) => readies.push(m.requestType));
    dataLayer.broadcast({ requestType: "popupReady" });
    dataLayer.broadcast({ requestType: "popupComplete" });
    await vi.waitFor(() => expect(completes).toEqual(["popupComplete"]));
    expect(readies).toEqual(["popupReady"]);
    off();
    dataLayer.broadcast({ requestType: "popupReady" });
    dataLayer.broadcast({ requestType: "popupComplete" });
    await vi.waitFor(() => expect(completes).toHaveLength(2));
    expect(readies).toHaveLength(1);
  });

  it("the auth state is asked for once and then follows authStateChanged", async () => {
    const { client, dataLayer } = setup();
    const seen: string[] = [];
    client.onAuthState((s) => seen.push(s.status));
    client.onAuthState(() => {});
    await vi.waitFor(() => expect(seen).toEqual(["account_session_authenticated"]));
    dataLayer.broadcast({
      requestType: "authStateChanged",
      authState: { status: "unauthenticated", expires: null, user: null, userSessionExpired: true },
    });
    await vi.waitFor(() =>
      expect(seen).toEqual(["account_session_authenticated", "unauthenticated"]),
    );
    expect(client.authState()?.userSessionExpired).toBe(true);
    expect(dataLayer.requests.filter((r) => r.requestType === "authStateRequest")).toHaveLength(1);
  });

  it("finds the data-layer frame as a sibling named after the namespace", () => {
    const target = { postMessage: () => {} };
    const self = { parent: { frames: { [dataLayerFrameName("ns-9")]: target } } };
    expect(findDataLayerWindow(self, "ns-9")).toBe(target);
    expect(findDataLayerWindow(self, "ns-10")).toBeUndefined();
    expect(dataLayerFrameName("ns-9")).toBe(`${provider.id}-data-layer-ns-9`);
  });
});
