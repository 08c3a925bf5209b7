import { describe, expect, it } from "vitest";
import { createActor, toPromise } from "xstate";
import { type CallFailure, isRateLimitFailure } from "../../machines/auth/failure.ts";
import { payoutsResource } from "../../machines/components/payouts-list/payouts-list.machine.ts";
import type { PageRequest } from "../../machines/components/resource-list.types.ts";
import { payoutsFilterSpec, utcDayStart } from "../../protocol/filters.ts";
import type { ApiAnswer } from "../../ui/frame/frame-context.tsx";
import { createResourceClient, kitActors, pageQuery } from "./resource-client.ts";

type Answer = ApiAnswer;

const answer = (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  ({
    type: "x",
    requestType: "response",
    requestId: "r1",
    ok: status >= 200 && status < 300,
    status,
    statusText: "",
    body,
    headers,
  }) as unknown as Answer;

type ApiGet = { get(url: string): Promise<Answer>; download(url: string): Promise<File> };

const apiAnswering = (reply: () => Answer | Promise<Answer>, urls: string[] = []): ApiGet => ({
  get: async (url: string) => {
    urls.push(url);
    return reply();
  },
  download: async (url: string) => {
    urls.push(url);
    return new File(["id\n"], "export.csv", { type: "text/csv" });
  },
});

const signal = new AbortController().signal;

const payout = {
  id: "po_1",
  object: "payout",
  amount: 1200,
  currency: "usd",
  created: 1_767_225_600,
  arrival_date: 1_767_398_400,
  status: "paid",
  method: "standard",
  automatic: true,
  description: null,
  destination: "ba_1",
  balance_transaction: "txn_1",
  failure_balance_transaction: null,
  failure_code: null,
  failure_message: null,
  livemode: false,
  metadata: {},
  reversal: null,
  statement_descriptor: null,
  type: "bank_account",
};

const expand = ["data.destination"];
const fetchPayoutPage = (api: ApiGet, request: PageRequest, s: AbortSignal) =>
  createResourceClient(api).list(payoutsResource, request, {}, s);
const fetchPayoutDetail = (api: ApiGet, id: string, s: AbortSignal) =>
  createResourceClient(api).retrieve(payoutsResource, id, s);

describe("the resource client (the payouts list's API calls)", () => {
  it("asks for a page with limit, the keyset cursor, the filters and expand[]", () => {
    expect(pageQuery({ kind: "newest", limit: 10 }, {}, expand)).toBe(
      "limit=10&expand%5B%5D=data.destination",
    );
    expect(pageQuery({ kind: "older", limit: 10, startingAfter: "po_9" }, {}, expand)).toBe(
      "limit=10&starting_after=po_9&expand%5B%5D=data.destination",
    );
    expect(pageQuery({ kind: "newer", limit: 5, endingBefore: "po_3" }, {}, expand)).toBe(
      "limit=5&ending_before=po_3&expand%5B%5D=data.destination",
    );
    // Filters are the provider's list parameters, through the list's filter spec.
    expect(
      pageQuery(
        { kind: "newest", limit: 10 },
        {
          spec: payoutsFilterSpec,
          values: { status: ["paid", "failed"], amount: { greater_than: 500 } },
          dayStart: utcDayStart,
        },
      ),
    ).toBe("limit=10&status%5B%5D=paid&status%5B%5D=failed&amount%5Bgt%5D=500");
  });

  it("reads a list answer into a page", async () => {
    const urls: string[] = [];
    const api = apiAnswering(
      () => answer(200, { object: "list", url: "/v1/payouts", has_more: true, data: [payout] }),
      urls,
    );
    const page = await fetchPayoutPage(api, { kind: "newest", limit: 10 }, signal);
    expect(page.hasMore).toBe(true);
    expect(page.items.map((p) => p.id)).toEqual(["po_1"]);
    expect(page.items[0]?.failure_message).toBeNull();
    expect(urls).toEqual(["/v1/payouts?limit=10&expand%5B%5D=data.destination"]);
  });

  it("asks for a payout with its balance transaction and destination expanded", async () => {
    const urls: string[] = [];
    const bt = {
      id: "txn_1",
      object: "balance_transaction",
      amount: -1200,
      fee: 0,
      net: -1200,
      currency: "usd",
      type: "payout",
      reporting_category: "payout",
      source: "po_1",
      status: "available",
      available_on: 1_767_225_600,
      description: null,
      created: 1_767_225_600,
    };
    const api = apiAnswering(() => answer(200, { ...payout, balance_transaction: bt }), urls);
    const detail = await fetchPayoutDetail(api, "po_1", signal);
    expect(detail.balance_transaction).toEqual(bt);
    expect(urls).toEqual([
      "/v1/payouts/po_1?expand%5B%5D=balance_transaction&expand%5B%5D=destination",
    ]);
  });

  it("an API error becomes a typed HTTP failure with the error object and the request id", async () => {
    const api = apiAnswering(() =>
      answer(
        401,
        {
          error: { type: "invalid_request_error", message: "Expired key", code: "api_key_expired" },
        },
        { "request-id": "req_42" },
      ),
    );
    await expect(fetchPayoutPage(api, { kind: "newest", limit: 10 }, signal)).rejects.toEqual({
      kind: "http",
      status: 401,
      error: { type: "invalid_request_error", message: "Expired key", code: "api_key_expired" },
      requestId: "req_42",
    });
  });

  it("a 429 that outlasted the data layer's retries becomes the typed rate-limit failure with its Retry-After", async () => {
    const api = apiAnswering(() =>
      answer(
        429,
        { error: { type: "rate_limit_error", code: "rate_limit", message: "Too many requests" } },
        { "request-id": "req_429", "retry-after": "2" },
      ),
    );
    const failure = await fetchPayoutPage(api, { kind: "newest", limit: 10 }, signal).catch(
      (error: unknown) => error,
    );
    expect(failure).toEqual({
      kind: "http",
      status: 429,
      error: { type: "rate_limit_error", code: "rate_limit", message: "Too many requests" },
      requestId: "req_429",
      retryAfterSeconds: 2,
    });
    expect(isRateLimitFailure(failure as CallFailure)).toBe(true);
  });

  it("an answer that is not a payout list is a clear failure, never half-read", async () => {
    const api = apiAnswering(() => answer(200, { object: "list", has_more: false, data: [{}] }));
    await expect(fetchPayoutPage(api, { kind: "newest", limit: 10 }, signal)).rejects.toEqual({
      kind: "http",
      status: 200,
      error: { message: "The answer of /v1/payouts is not what was expected." },
      requestId: null,
    });
  });

  it("a call the data layer could not make is a network failure; one it answered with a status keeps it", async () => {
    const refused = apiAnswering(() => {
      throw new Error("An error occurred while making the request.");
    });
    await expect(fetchPayoutPage(refused, { kind: "newest", limit: 10 }, signal)).rejects.toEqual({
      kind: "network",
      message: "An error occurred while making the request.",
    });
    const failed = apiAnswering(() => {
      throw Object.assign(new Error("HTTP status code: 503"), { status: 503 });
    });
    await expect(fetchPayoutDetail(failed, "po_1", signal)).rejects.toMatchObject({
      kind: "http",
      status: 503,
    });
  });

  it("the kit's actors list and retrieve through the client, and refuse a list without a resource", async () => {
    const urls: string[] = [];
    const actors = kitActors(
      apiAnswering(
        () => answer(200, { object: "list", url: "/v1/payouts", has_more: false, data: [payout] }),
        urls,
      ),
    );
    const page = await toPromise(
      createActor(actors.listPage, {
        input: {
          resource: payoutsResource,
          request: { kind: "newest", limit: 3 },
          filters: {},
        },
      }).start(),
    );
    expect(page.items.map((p) => p.id)).toEqual(["po_1"]);
    expect(urls).toEqual(["/v1/payouts?limit=3&expand%5B%5D=data.destination"]);
    await expect(
      toPromise(
        createActor(actors.retrieveItem, { input: { resource: undefined, id: "po_1" } }).start(),
      ),
    ).rejects.toMatchObject({ kind: "network" });
    expect(urls).toHaveLength(1);
  });
});
