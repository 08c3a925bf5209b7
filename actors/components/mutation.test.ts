import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { z } from "zod";
import { type CallFailure, isRateLimitFailure } from "../../machines/auth/failure.ts";
import { createFormMachine, SUBMIT_ACTOR } from "../../machines/components/form/form.machine.ts";
import { RATE_LIMIT_CODE, RATE_LIMIT_ERROR_TYPE } from "../../protocol/messages/rate-limit.ts";
import { apiErrorResponseSchema } from "../../protocol/objects/api-error.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { CallTimeoutError } from "../messaging/call.ts";
import { DataLayerReplyError, type ResponseReply } from "../ui-frame/data-layer-client.ts";
import {
  createMutation,
  INVALID_ANSWER_CODE,
  type MutationTransport,
  mutate,
  newIdempotencyKey,
} from "./mutation.ts";

const refund = z.object({ id: z.string(), object: z.literal("refund"), amount: z.number() });

const answer = (status: number, body: unknown, requestId = "req_9"): ResponseReply => ({
  type: provider.messageMarker,
  requestType: "response",
  requestId: "r1",
  ok: status >= 200 && status < 300,
  status,
  statusText: "",
  body,
  headers: { [provider.headers.requestId.toLowerCase()]: requestId },
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string> | undefined;
}

/** A transport that records every call and answers with `reply` (or throws what it returns). */
function transport(reply: (call: Sent, index: number) => ResponseReply | Error) {
  const sent: Sent[] = [];
  const t: MutationTransport = {
    async request(method, url, options) {
      const call = { method, url, body: options.body, headers: options.headers };
      sent.push(call);
      const out = reply(call, sent.length - 1);
      if (out instanceof Error) throw out;
      return out;
    },
  };
  return { t, sent };
}

const ok = () => answer(200, { id: "re_1", object: "refund", amount: 500 });

describe("the mutation actor", () => {
  it("sends the body with the intent's Idempotency-Key and answers the parsed object", async () => {
    const { t, sent } = transport(ok);
    const result = await mutate(
      { transport: t, url: "/v1/refunds", schema: refund },
      { body: { charge: "ch_1", amount: 500 }, idempotencyKey: "ik_1" },
    );
    expect(result).toEqual({ id: "re_1", object: "refund", amount: 500 });
    expect(sent).toEqual([
      {
        method: "POST",
        url: "/v1/refunds",
        body: { charge: "ch_1", amount: 500 },
        headers: { [provider.headers.idempotencyKey]: "ik_1" },
      },
    ]);
  });

  it("builds the URL and the request body from the input when asked (a DELETE, say)", async () => {
    const { t, sent } = transport(ok);
    await mutate(
      {
        transport: t,
        method: "DELETE",
        url: (body: { id: string }) => `/v1/things/${body.id}`,
        schema: refund,
        toRequestBody: () => undefined,
      },
      { body: { id: "th_1" }, idempotencyKey: "ik_2" },
    );
    expect(sent[0]).toMatchObject({ method: "DELETE", url: "/v1/things/th_1", body: undefined });
  });

  it("turns an API error answer into an http CallFailure with its param", async () => {
    const { t } = transport(() =>
      answer(400, {
        error: {
          type: "invalid_request_error",
          code: "amount_too_large",
          message: "too much",
          param: "amount",
        },
      }),
    );
    await expect(
      mutate(
        { transport: t, url: "/v1/refunds", schema: refund },
        { body: {}, idempotencyKey: "k" },
      ),
    ).rejects.toEqual({
      kind: "http",
      status: 400,
      error: {
        type: "invalid_request_error",
        code: "amount_too_large",
        message: "too much",
        param: "amount",
      },
      requestId: "req_9",
    });
  });

  it("turns a 429 the data layer's retries did not get past into the typed rate_limit failure", async () => {
    // What the data layer forwards of the provider's 429 (its body by the API error schema).
    const body = apiErrorResponseSchema.parse({
      error: { type: RATE_LIMIT_ERROR_TYPE, code: RATE_LIMIT_CODE, message: "Too many requests" },
    });
    const limited = answer(429, body, "req_429");
    const { t } = transport(() => ({
      ...limited,
      headers: { ...limited.headers, "retry-after": "1" },
    }));
    const failure: CallFailure = await mutate(
      { transport: t, url: "/v1/refunds", schema: refund },
      { body: {}, idempotencyKey: "k" },
    ).then(
      () => ({ kind: "network", message: "it should have failed" }),
      (error: unknown) => error as CallFailure,
    );
    expect(isRateLimitFailure(failure)).toBe(true);
    expect(failure).toEqual({
      kind: "http",
      status: 429,
      error: body.error,
      requestId: "req_429",
      retryAfterSeconds: 1,
    });
  });

  it("refuses a 2xx answer its schema rejects, as a typed failure", async () => {
    const { t } = transport(() => answer(200, { id: "re_1", object: "charge" }));
    await expect(
      mutate(
        { transport: t, url: "/v1/refunds", schema: refund },
        { body: {}, idempotencyKey: "k" },
      ),
    ).rejects.toMatchObject({ kind: "http", status: 200, error: { code: INVALID_ANSWER_CODE } });
  });

  it("turns the data layer's refusals and a lost answer into CallFailures", async () => {
    const cases: [Error, unknown][] = [
      [
        new DataLayerReplyError({
          type: provider.messageMarker,
          requestType: "fetchErrorResponse",
          requestId: "r1",
          status: 403,
          message: "HTTP status code: 403. Reason: no",
          error: { type: "permission_error", code: "feature_disabled" },
          apiRequestId: "req_3",
        }),
        {
          kind: "http",
          status: 403,
          error: { type: "permission_error", code: "feature_disabled" },
          requestId: "req_3",
        },
      ],
      [
        new DataLayerReplyError({
          type: provider.messageMarker,
          requestType: "fetchErrorResponse",
          requestId: "r1",
          status: 0,
          message: "Failed to fetch",
        }),
        { kind: "network", message: "Failed to fetch" },
      ],
      [
        new DataLayerReplyError({
          type: provider.messageMarker,
          requestType: "errorResponse",
          requestId: "r1",
          error: { name: "Error", message: "not in the allowlist" },
        }),
        { kind: "network", message: "not in the allowlist" },
      ],
      [new CallTimeoutError("authedProxy", 30_000), { kind: "network" }],
    ];
    for (const [error, failure] of cases) {
      const { t } = transport(() => error);
      await expect(
        mutate({ transport: t, url: "/v1/x", schema: refund }, { body: {}, idempotencyKey: "k" }),
      ).rejects.toMatchObject(failure as object);
    }
  });

  it("mints a new key for every intent", () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key.length).toBeLessThanOrEqual(255);
  });
});

describe("the form machine with the mutation", () => {
  const schema = z.object({ charge: z.string(), amount: z.number().int().positive() });
  const form = createFormMachine({ id: "refundForm", schema });

  it("retries an intent whose first answer was lost with the same key; a new intent gets a new one", async () => {
    const { t, sent } = transport((_call, index) =>
      index === 0 ? new CallTimeoutError("authedProxy", 30_000) : ok(),
    );
    const actor = createActor(
      form.provide({
        actors: {
          [SUBMIT_ACTOR]: createMutation({ transport: t, url: "/v1/refunds", schema: refund }),
        },
      }),
      { input: { values: { charge: "ch_1", amount: 500 } } },
    ).start();
    actor.send({ type: "submit", idempotencyKey: newIdempotencyKey() });
    const failed = await waitFor(actor, (s) => s.value === "failed");
    expect(failed.context.formError).toMatchObject({ kind: "network" });
    // The person clicks again: a new key is minted, the machine keeps the intent's.
    actor.send({ type: "submit", idempotencyKey: newIdempotencyKey() });
    const saved = await waitFor(actor, (s) => s.value === "saved");
    expect(saved.context.result).toEqual({ id: "re_1", object: "refund", amount: 500 });
    const keys = sent.map((s) => s.headers?.[provider.headers.idempotencyKey]);
    expect(keys[0]).toBe(keys[1]);
    // A second refund of the rest is a new intent.
    actor.send({ type: "field.change", path: "amount", value: 300 });
    actor.send({ type: "submit", idempotencyKey: newIdempotencyKey() });
    await waitFor(actor, (s) => s.value === "saved");
    const third = sent[2]?.headers?.[provider.headers.idempotencyKey];
    expect(third).toBeDefined();
    expect(third).not.toBe(keys[0]);
    expect(sent.map((s) => s.body)).toEqual([
      { charge: "ch_1", amount: 500 },
      { charge: "ch_1", amount: 500 },
      { charge: "ch_1", amount: 300 },
    ]);
  });

  it("puts the provider's field error on the field and a permission error on the form", async () => {
    const { t } = transport((_call, index) =>
      index === 0
        ? answer(400, {
            error: { type: "invalid_request_error", code: "amount_too_large", param: "amount" },
          })
        : answer(403, { error: { type: "permission_error", code: "feature_disabled" } }),
    );
    const actor = createActor(
      form.provide({
        actors: {
          [SUBMIT_ACTOR]: createMutation({ transport: t, url: "/v1/refunds", schema: refund }),
        },
      }),
      { input: { values: { charge: "ch_1", amount: 99_999 } } },
    ).start();
    actor.send({ type: "submit", idempotencyKey: "k1" });
    const first = await waitFor(actor, (s) => s.value === "failed");
    expect(first.context.errors.amount).toMatchObject({ source: "api", code: "amount_too_large" });
    actor.send({ type: "field.change", path: "amount", value: 100 });
    actor.send({ type: "submit", idempotencyKey: "k2" });
    const second = await waitFor(
      actor,
      (s) => s.value === "failed" && s.context.formError !== null,
    );
    expect(second.context.errors).toEqual({});
    expect(second.context.formError).toMatchObject({ kind: "http", status: 403 });
  });
});
