/**
 * The mutation actor against the real reference provider, through the real data layer: a
 * UI frame's data-layer client → `createDataLayer` (over the fake window) → the provider's
 * app on the test database (PGlite or PostgreSQL). The first answer to a refund is lost on
 * its way back (the provider acted); the person retries; exactly one refund exists.
 */
import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { z } from "zod";
import {
  createMutation,
  type MutationTransport,
  newIdempotencyKey,
} from "../actors/components/mutation.ts";
import {
  build,
  env,
  FakeClient,
  hosts,
  ManualClock,
  type RecordedRequest,
  until,
} from "../actors/data-layer/fakes.ts";
import { createDataLayerClient, expectResponse } from "../actors/ui-frame/data-layer-client.ts";
import { createFormMachine, SUBMIT_ACTOR } from "../machines/components/form/form.machine.ts";
import { refundSchema } from "../protocol/objects/refund.schema.ts";
import { connectedAccount } from "../server/money/money-test.ts";
import { testApi } from "../server/test/api.ts";
import { setupTestDatabase } from "../server/test/db.ts";

const t = setupTestDatabase();
const api = testApi(t);

describe("a refund through the data layer, against the provider", () => {
  it("the first answer is lost, the person retries with the same key: exactly one refund", async () => {
    // The provider's clock and the data layer's agree, so the session key is fresh.
    api.clock.now = Math.floor(new ManualClock().now() / 1000);
    const a = await connectedAccount(api);
    const charge = await a.charge({ amount: 10_000 });
    expect(charge.status).toBe(200);

    let dropNextRefundAnswer = true;
    const keysSent: string[] = [];
    // Calls still running (telemetry is fire-and-forget) are awaited before the database goes.
    const inFlight = new Set<Promise<unknown>>();
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
    async function forward(request: RecordedRequest) {
      const url = new URL(request.url);
      const response = await api.app.request(`${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      if (request.method === "POST" && url.pathname === "/v1/refunds") {
        keysSent.push(request.headers[api.headers.idempotencyKey] ?? "");
        if (dropNextRefundAnswer) {
          dropNextRefundAnswer = false;
          // The provider answered; the answer never reaches the data layer.
          throw new TypeError("Failed to fetch");
        }
      }
      return response;
    }
    const session = await api.post("/v1/account_sessions", {
      key: a.secretKey,
      params: { account: a.accountId, components: { payments: { enabled: true } } },
    });
    const platform = FakeClient.platform(built.window, a.publishableKey);
    await until(() => platform.ofType("initresponse").length === 1, "initresponse");
    const claimed = await platform.request({
      requestType: "claimAccountSessionRequest",
      clientSecret: session.body.client_secret,
    });
    expect(claimed.requestType).toBe("response");

    const client = createDataLayerClient({
      dataLayer: {
        postMessage: (data, _origin, transfer) =>
          built.window.post(env.connect, data, (transfer ?? []) as MessagePort[]),
      },
      connectOrigin: env.connect,
      componentName: "payments",
    });
    const transport: MutationTransport = {
      request: async (method, path, options) =>
        expectResponse(
          await client.request({
            requestType: "authedProxy",
            componentName: "payments",
            method,
            url: `${hosts.api}${path}`,
            ...(options.body ? { body: options.body } : {}),
            ...(options.headers ? { headers: options.headers } : {}),
          }),
        ),
    };
    const form = createFormMachine({
      id: "refundForm",
      schema: z.object({ charge: z.string(), amount: z.number().int().positive() }),
    });
    const actor = createActor(
      form.provide({
        actors: {
          [SUBMIT_ACTOR]: createMutation({ transport, url: "/v1/refunds", schema: refundSchema }),
        },
      }),
      { input: { values: { charge: charge.body.id, amount: 2_500 } } },
    ).start();

    try {
      actor.send({ type: "submit", idempotencyKey: newIdempotencyKey() });
      const lost = await waitFor(actor, (s) => s.value === "failed");
      expect(lost.context.formError).toMatchObject({ kind: "network" });
      actor.send({ type: "submit", idempotencyKey: newIdempotencyKey() });
      const saved = await waitFor(actor, (s) => s.value === "saved");
      expect(saved.context.result).toMatchObject({ object: "refund", amount: 2_500 });

      expect(keysSent).toHaveLength(2);
      expect(keysSent[0]).toBe(keysSent[1]);
      const refunds = await api.get("/v1/refunds", { ...a.as, params: { charge: charge.body.id } });
      expect(refunds.body.data).toHaveLength(1);
      expect(refunds.body.data[0]).toMatchObject({
        id: (saved.context.result as { id: string }).id,
        amount: 2_500,
      });
    } finally {
      actor.stop();
      client.close();
      platform.close();
      built.dispose();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    }
  });
});
