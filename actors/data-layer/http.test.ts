import { describe, expect, it } from "vitest";
import { fakeFetch, json } from "./fakes.ts";
import {
  encodeForm,
  httpErrorMessage,
  NetworkFailure,
  networkErrorMessage,
  send,
  sendOrFail,
  statusRange,
  urlWithoutQuery,
} from "./http.ts";

describe("SPEC.md §7 common request form", () => {
  it("nested keys are written as parent[child]=value, arrays as a[b][0]=c", () => {
    expect(encodeForm({ a: { b: ["c", "d"] }, e: "f" })).toBe("a[b][0]=c&a[b][1]=d&e=f");
    expect(encodeForm({ meta: { deep: { x: 1, ok: true } } })).toBe(
      "meta[deep][x]=1&meta[deep][ok]=true",
    );
  });

  it("empty values are omitted", () => {
    expect(
      encodeForm({
        a: "",
        b: null,
        c: undefined,
        d: [],
        e: {},
        f: { g: "" },
        h: "0",
        i: 0,
        j: false,
      }),
    ).toBe("h=0&i=0&j=false");
  });

  it("keys and values are percent-encoded, brackets kept", () => {
    expect(encodeForm({ "name with space": "a&b=c", addr: { "line 1": "é" } })).toBe(
      "name%20with%20space=a%26b%3Dc&addr[line%201]=%C3%A9",
    );
  });

  it("responses are parsed as JSON; an empty or non-JSON body is null", async () => {
    const api = fakeFetch(() => json(200, { id: "po_1" }, { "Request-Id": "req_9" }));
    const answer = await send(api.fetch, { url: "http://x.test/v1/payouts", method: "GET" });
    expect(answer).toMatchObject({
      ok: true,
      status: 200,
      body: { id: "po_1" },
      requestId: "req_9",
    });
    expect(answer.headers["request-id"]).toBe("req_9");
    api.route(() => new Response("<html>", { status: 502 }));
    expect((await send(api.fetch, { url: "http://x.test/", method: "GET" })).body).toBeNull();
    api.route(() => new Response(null, { status: 204 }));
    expect((await send(api.fetch, { url: "http://x.test/", method: "GET" })).body).toBeNull();
  });

  it("a form body is sent form-urlencoded", async () => {
    const api = fakeFetch(() => json(200, {}));
    await send(api.fetch, {
      url: "http://x.test/",
      method: "POST",
      headers: { "content-type": "text/plain" },
      form: { a: { b: "c" } },
    });
    expect(Object.keys(api.requests[0]?.headers ?? {})).toEqual(["Content-Type"]);
    expect(api.requests[0]?.body).toBe("a[b]=c");
    expect(api.requests[0]?.headers["Content-Type"]).toBe("application/x-www-form-urlencoded");
  });
});

describe("SPEC.md §8 HTTP and network errors", () => {
  it('an API error becomes "HTTP status code: {status}. Reason: {message}"', () => {
    expect(httpErrorMessage(402, "Your card was declined.")).toBe(
      "HTTP status code: 402. Reason: Your card was declined.",
    );
  });

  it('when there is no message, the reason is "unknown error"', () => {
    expect(httpErrorMessage(500)).toBe("HTTP status code: 500. Reason: unknown error");
    expect(httpErrorMessage(500, "")).toBe("HTTP status code: 500. Reason: unknown error");
  });

  it('a network failure\'s message is "Unknown error" when there is none', async () => {
    expect(networkErrorMessage(new TypeError(""))).toBe("Unknown error");
    expect(networkErrorMessage("boom")).toBe("Unknown error");
    expect(networkErrorMessage(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
    const api = fakeFetch(() => {
      throw new TypeError("");
    });
    await expect(send(api.fetch, { url: "http://x.test/", method: "GET" })).rejects.toEqual(
      new NetworkFailure("Unknown error", false),
    );
  });

  it("status codes are grouped into 1xx..5xx; anything else is unknown", () => {
    expect([100, 204, 302, 404, 503].map(statusRange)).toEqual(["1xx", "2xx", "3xx", "4xx", "5xx"]);
    expect([0, 99, 600, 42.5, Number.NaN].map(statusRange)).toEqual([
      "unknown",
      "unknown",
      "unknown",
      "unknown",
      "unknown",
    ]);
  });

  it("a non-OK answer fails with the API error fields and the Request-Id header", async () => {
    const api = fakeFetch(() =>
      json(
        404,
        {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: "No such payout",
            param: 5,
          },
        },
        { "Request-Id": "req_404" },
      ),
    );
    await expect(sendOrFail(api.fetch, { url: "http://x.test/", method: "GET" })).rejects.toEqual({
      kind: "http",
      status: 404,
      error: { type: "invalid_request_error", code: "resource_missing", message: "No such payout" },
      requestId: "req_404",
    });
  });

  it("analytics URLs lose their query string", () => {
    expect(urlWithoutQuery("http://x.test/v1/payouts?limit=10&email=a@b.c#frag")).toBe(
      "http://x.test/v1/payouts",
    );
  });
});
