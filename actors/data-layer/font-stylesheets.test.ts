import { describe, expect, it } from "vitest";
import { FONT_STYLESHEET_MAX_BYTES } from "../../protocol/messages/data-layer.schema.ts";
import { createFontStylesheets } from "./font-stylesheets.ts";
import type { Connection } from "./intake.ts";

const css = '@font-face { font-family: "Inter"; src: url(https://f.example/i.woff2); }';

function connection() {
  const sent: { requestType: string; css?: string; error?: { message: string } }[] = [];
  const c = {
    id: 1,
    sender: "ui_frame",
    componentName: "payments",
    publishableKey: "pk_test_1",
    tags: {},
    send: (m: never) => sent.push(m),
  } as unknown as Connection;
  return { c, sent };
}

function fakeFetch(answer: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  return {
    calls,
    fetch: async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    },
  };
}

const cssAnswer =
  (body = css, type = "text/css; charset=utf-8") =>
  () =>
    new Response(body, { headers: { "Content-Type": type } });

describe("font stylesheets fetched by the data layer for the frames (issue 14 item 12)", () => {
  it("hands an https text/css stylesheet to the frame, fetched once, with no credentials, key or referrer", async () => {
    const net = fakeFetch(cssAnswer());
    const fonts = createFontStylesheets({ fetch: net.fetch, development: false });
    const { c, sent } = connection();
    const url = "https://fonts.example.com/css2?family=Inter";
    await fonts.handle(c, {
      type: "oriel-connect",
      requestType: "fetchFontStylesheet",
      requestId: "r1",
      url,
    } as never);
    await fonts.handle(c, {
      type: "oriel-connect",
      requestType: "fetchFontStylesheet",
      requestId: "r2",
      url,
    } as never);
    expect(sent.map((m) => [m.requestType, m.css])).toEqual([
      ["fontStylesheet", css],
      ["fontStylesheet", css],
    ]);
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]!.init).toMatchObject({
      credentials: "omit",
      referrerPolicy: "no-referrer",
    });
    expect(net.calls[0]!.init.headers).toBeUndefined();
  });

  it("refuses without fetching: plain http outside development, a URL carrying a key", async () => {
    const net = fakeFetch(cssAnswer());
    const fonts = createFontStylesheets({ fetch: net.fetch, development: false });
    const { c, sent } = connection();
    for (const url of [
      "http://fonts.example.com/a.css",
      "https://fonts.example.com/a.css?k=sk_test_51abcdefghijklmnopqrstuv",
    ])
      await fonts.handle(c, {
        type: "oriel-connect",
        requestType: "fetchFontStylesheet",
        requestId: "r",
        url,
      } as never);
    expect(sent.map((m) => m.requestType)).toEqual(["errorResponse", "errorResponse"]);
    expect(sent[0]!.error!.message).toContain("not an https URL");
    expect(net.calls).toHaveLength(0);
  });

  it("takes loopback http in development", async () => {
    const net = fakeFetch(cssAnswer());
    const fonts = createFontStylesheets({ fetch: net.fetch, development: true });
    const { c, sent } = connection();
    await fonts.handle(c, {
      type: "oriel-connect",
      requestType: "fetchFontStylesheet",
      requestId: "r",
      url: "http://localhost:4000/f.css",
    } as never);
    expect(sent[0]!.requestType).toBe("fontStylesheet");
  });

  it("hands on nothing that is not text/css, an error answer, or more than the limit — and tries again next time", async () => {
    const { c, sent } = connection();
    const html = fakeFetch(cssAnswer("<html></html>", "text/html"));
    await createFontStylesheets({ fetch: html.fetch, development: false }).handle(c, {
      type: "oriel-connect",
      requestType: "fetchFontStylesheet",
      requestId: "a",
      url: "https://f.example/a.css",
    } as never);
    const missing = fakeFetch(() => new Response("no", { status: 404 }));
    const fonts404 = createFontStylesheets({ fetch: missing.fetch, development: false });
    await fonts404.handle(c, {
      type: "oriel-connect",
      requestType: "fetchFontStylesheet",
      requestId: "b",
      url: "https://f.example/b.css",
    } as never);
    await fonts404.handle(c, {
      type: "oriel-connect",
      requestType: "fetchFontStylesheet",
      requestId: "b2",
      url: "https://f.example/b.css",
    } as never);
    const huge = fakeFetch(cssAnswer(`/*${"x".repeat(FONT_STYLESHEET_MAX_BYTES)}*/`));
    await createFontStylesheets({ fetch: huge.fetch, development: false }).handle(c, {
      type: "oriel-connect",
      requestType: "fetchFontStylesheet",
      requestId: "c",
      url: "https://f.example/c.css",
    } as never);
    expect(sent.map((m) => m.requestType)).toEqual([
      "errorResponse",
      "errorResponse",
      "errorResponse",
      "errorResponse",
    ]);
    expect(sent.map((m) => m.error!.message)).toEqual([
      expect.stringContaining("not text/css (text/html)"),
      expect.stringContaining("HTTP 404"),
      expect.stringContaining("HTTP 404"),
      expect.stringContaining(`larger than ${FONT_STYLESHEET_MAX_BYTES} bytes`),
    ]);
    expect(missing.calls).toHaveLength(2);
  });
});
