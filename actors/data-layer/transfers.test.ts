import { afterEach, describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { type Built, build, claimAnswer, env, json, until } from "./fakes.ts";
import { filenameOf, keyInUrlMessage } from "./transfers.ts";

let built: Built;
afterEach(() => built?.dispose());

/** A data layer whose session is claimed, and a UI frame of `payouts` connected to it. */
async function ready(answer: (url: string) => Response | Promise<Response>) {
  built = build({
    route: (request) => {
      if (request.url === `${env.api}${endpoints.claim}`) return json(200, claimAnswer());
      if (request.url.startsWith(`${env.api}/v1/telemetry/`)) return json(202, {});
      return answer(request.url);
    },
  });
  await built.claimed();
  const frame = built.frame("payouts");
  await until(() => frame.ofType("initresponse").length === 1, "initresponse");
  return frame;
}

describe("downloads in the data layer", () => {
  it("answers the bytes with the file's name and type, the key only in the header", async () => {
    const frame = await ready(
      () =>
        new Response("id,amount\npo_1,500\n", {
          headers: {
            "content-type": "text/csv",
            "content-disposition": 'attachment; filename="payouts.csv"',
            "request-id": "req_7",
          },
        }),
    );
    const reply = await frame.request({
      requestType: "downloadFile",
      url: `${env.api}/v1/payouts/export`,
    });
    expect(reply).toMatchObject({
      requestType: "fileResponse",
      filename: "payouts.csv",
      contentType: "text/csv",
      apiRequestId: "req_7",
    });
    expect(await (reply.file as Blob).text()).toBe("id,amount\npo_1,500\n");
    const sent = built.api.requests.find((r) => r.url.endsWith("/export"));
    expect(sent?.headers.Authorization).toMatch(/^Bearer /);
    expect(sent?.url).toBe(`${env.api}/v1/payouts/export`);
  });

  it("answers a refused download as a response with the API error", async () => {
    const frame = await ready(() =>
      json(404, { error: { type: "invalid_request_error", code: "resource_missing" } }),
    );
    const reply = await frame.request({
      requestType: "downloadFile",
      url: `${env.files}/v1/files/file_x/contents`,
    });
    expect(reply).toMatchObject({
      requestType: "response",
      ok: false,
      status: 404,
      body: { error: { code: "resource_missing" } },
    });
  });

  it("never fetches a URL that carries a key", async () => {
    const frame = await ready(() => json(200, {}));
    const before = built.api.requests.length;
    const reply = await frame.request({
      requestType: "downloadFile",
      url: `${env.api}/v1/export?key=ek_test_abcdefghijklmnop1234`,
    });
    expect(reply).toMatchObject({
      requestType: "errorResponse",
      error: { message: keyInUrlMessage },
    });
    expect(built.api.requests.length).toBe(before);
  });

  it("is accepted from a UI frame only, never from the platform page", async () => {
    built = build({
      route: (request) =>
        request.url === `${env.api}${endpoints.claim}` ? json(200, claimAnswer()) : json(200, {}),
    });
    const { platform } = await built.claimed();
    const requestId = platform.send({
      requestType: "downloadFile",
      url: `${env.files}/v1/files/file_1/contents`,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(platform.replyTo(requestId)).toBeUndefined();
    expect(built.api.requests.some((r) => r.url.includes("file_1"))).toBe(false);
  });
});

describe("the name of a downloaded file", () => {
  it("reads Content-Disposition's plain and UTF-8 forms", () => {
    expect(filenameOf('attachment; filename="report.csv"')).toBe("report.csv");
    expect(filenameOf("attachment; filename=report.pdf")).toBe("report.pdf");
    expect(filenameOf("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf")).toBe("résumé.pdf");
    expect(filenameOf("attachment")).toBeUndefined();
    expect(filenameOf(undefined)).toBeUndefined();
  });
});
