/**
 * Test support: a UI frame's data-layer client → the real data layer (`createDataLayer` over
 * the fake window) → the real reference provider (the API host and the files host on the
 * test database), with a connected account whose session enables `component`. Every request
 * the data layer sent is recorded; `intercept` may answer one itself (or lose its answer).
 */
import { expect } from "vitest";
import {
  build,
  env,
  FakeClient,
  hosts,
  ManualClock,
  type RecordedRequest,
  until,
} from "../../actors/data-layer/fakes.ts";
import { createDataLayerClient } from "../../actors/ui-frame/data-layer-client.ts";
import { createFilesHostApp } from "../../server/hosts/files.ts";
import { connectedAccount } from "../../server/money/money-test.ts";
import type { testApi } from "../../server/test/api.ts";
import type { setupTestDatabase } from "../../server/test/db.ts";

export interface WorldOptions {
  t: ReturnType<typeof setupTestDatabase>;
  api: ReturnType<typeof testApi>;
  /** The component the frame renders; its session enables it. */
  component: string;
  /** Sees each request and the provider's answer; may replace it or throw (a lost answer). */
  intercept?: (request: RecordedRequest, answer: Response) => Response | Promise<Response>;
}

export async function providerWorld(options: WorldOptions) {
  const { t, api, component } = options;
  // The provider's clock and the data layer's agree, so the session key is fresh.
  api.clock.now = Math.floor(new ManualClock().now() / 1000);
  const files = createFilesHostApp({
    db: t.db,
    config: { hosts: env, corsOrigins: [env.connect], now: () => api.clock.now },
  });
  const account = await connectedAccount(api);
  const sent: RecordedRequest[] = [];
  // Calls still running (telemetry is fire-and-forget) are awaited before the database goes.
  const inFlight = new Set<Promise<unknown>>();
  const forward = async (request: RecordedRequest) => {
    sent.push(request);
    const url = new URL(request.url);
    const app = url.origin === hosts.files ? files : api.app;
    const body = request.rawBody ?? request.body;
    const answer = await app.request(`${url.pathname}${url.search}`, {
      method: request.method,
      headers: request.headers,
      ...(body === undefined || body === null ? {} : { body }),
    });
    return options.intercept ? options.intercept(request, answer) : answer;
  };
  const built = build({
    route: (request) => {
      const call = forward(request);
      inFlight.add(call);
      void call.then(
        () => inFlight.delete(call),
        () => inFlight.delete(call),
      );
      return call;
    },
  });
  const session = await api.post("/v1/account_sessions", {
    key: account.secretKey,
    params: { account: account.accountId, components: { [component]: { enabled: true } } },
  });
  const platform = FakeClient.platform(built.window, account.publishableKey);
  await until(() => platform.ofType("initresponse").length === 1, "initresponse");
  const claimed = await platform.request({
    requestType: "claimAccountSessionRequest",
    clientSecret: session.body.client_secret,
  });
  expect(claimed.requestType).toBe("response");

  /** Everything the frame's port received, as the frame saw it. */
  const received: unknown[] = [];
  const client = createDataLayerClient({
    dataLayer: {
      postMessage: (data, _origin, transfer) =>
        built.window.post(env.connect, data, (transfer ?? []) as MessagePort[]),
    },
    connectOrigin: env.connect,
    componentName: component,
    createChannel: () => {
      const channel = new MessageChannel();
      channel.port1.addEventListener("message", (event) => received.push(event.data));
      return channel;
    },
  });

  return {
    account,
    built,
    client,
    /** Every request the data layer sent to the provider. */
    sent,
    received,
    async dispose() {
      client.close();
      platform.close();
      built.dispose();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
