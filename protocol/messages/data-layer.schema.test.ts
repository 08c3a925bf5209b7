import { afterEach, describe, expect, it } from "vitest";
import { provider } from "../provider.ts";
import {
  classifyDataLayerMessage,
  type DataLayerClassification,
  type DataLayerRequestInput,
  type DataLayerRequestType,
  dataLayerRequestSchema,
  dataLayerRequestSchemas,
  dataLayerRequestTypes,
  MAX_FORM_DEPTH,
  parseDataLayerReply,
  responseRequestTypes,
} from "./data-layer.schema.ts";

const marker = provider.messageMarker;
const channels: MessageChannel[] = [];
const newPort = () => {
  const channel = new MessageChannel();
  channels.push(channel);
  return channel.port1;
};
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

/** One valid example of every request kind. */
const validRequests: {
  [T in DataLayerRequestType]: Extract<DataLayerRequestInput, { requestType: T }>;
} = {
  init: {
    type: marker,
    requestType: "init",
    requestId: "r1",
    sender: "platform",
    publishableKey: `${provider.keyPrefixes.publishableTest}abc`,
  },
  claimAccountSessionRequest: {
    type: marker,
    requestType: "claimAccountSessionRequest",
    requestId: "r2",
    clientSecret: `${provider.keyPrefixes.clientSecret}xyz`,
    setNewKey: true,
  },
  collectRiskSignalsRequest: {
    type: marker,
    requestType: "collectRiskSignalsRequest",
    requestId: "r3",
  },
  authedProxy: {
    type: marker,
    requestType: "authedProxy",
    requestId: "r4",
    url: "http://127.0.0.1:4200/v1/payouts",
    method: "POST",
    body: { amount: 1000, currency: "usd", metadata: { order: "6735" }, expand: ["destination"] },
    headers: { "Idempotency-Key": "k1" },
    componentName: "payouts",
  },
  proxy: {
    type: marker,
    requestType: "proxy",
    requestId: "r5",
    url: "http://127.0.0.1:4200/v1/errors",
    method: "GET",
  },
  abort: { type: marker, requestType: "abort", targetRequestId: "r4" },
  analyticsEvent: {
    type: marker,
    requestType: "analyticsEvent",
    event: { event_name: "submerchant_surfaces_account_session_claim", duration: 42 },
    riskExperienceContext: { is_obo: false },
  },
  errorReport: {
    type: marker,
    requestType: "errorReport",
    error: { name: "TypeError", message: "x is undefined" },
    tags: { component: "payouts" },
  },
  metricsEvent: {
    type: marker,
    requestType: "metricsEvent",
    metrics: [{ name: "frame.load", kind: "timing", value: 310 }],
  },
  logIframeLoadedFontRequest: {
    type: marker,
    requestType: "logIframeLoadedFontRequest",
    fontFamilies: ["Inter"],
  },
  authStateRequest: { type: marker, requestType: "authStateRequest", requestId: "r6" },
  logout: {
    type: marker,
    requestType: "logout",
    requestId: "r7",
    clearUserSessionOnly: true,
    merchantIdOverride: "acct_other",
    livemodeOverride: false,
  },
  errorReportingTags: {
    type: marker,
    requestType: "errorReportingTags",
    tags: { locale: "fr-FR" },
  },
  openPopupAndWaitForAuth: {
    type: marker,
    requestType: "openPopupAndWaitForAuth",
    requestId: "r8",
  },
  openPopupAndWaitForComplete: {
    type: marker,
    requestType: "openPopupAndWaitForComplete",
    requestId: "r9",
  },
  uploadFile: {
    type: marker,
    requestType: "uploadFile",
    requestId: "r10",
    purpose: "dispute_evidence",
    file: new Blob(["%PDF-1.4"], { type: "application/pdf" }),
    filename: "receipt.pdf",
  },
  downloadFile: {
    type: marker,
    requestType: "downloadFile",
    requestId: "r11",
    url: "https://files.example.com/v1/files/file_1/contents",
  },
  fetchFontStylesheet: {
    type: marker,
    requestType: "fetchFontStylesheet",
    requestId: "r12",
    url: "https://fonts.example.com/css2?family=Inter",
  },
  inspectorOpen: { type: marker, requestType: "inspectorOpen", requestId: "r13" },
  inspectorClose: { type: marker, requestType: "inspectorClose", requestId: "r14" },
  inspectionReport: {
    type: marker,
    requestType: "inspectionReport",
    records: [
      {
        scope: "payouts-list",
        actor: "x:1",
        machine: "payoutsList",
        seq: 0,
        time: 1,
        kind: "event",
        event: { type: "page.next" },
        value: "loading",
        taken: true,
      },
    ],
  },
};

/** A field of each request that must not be a number. */
const wrongField: Record<DataLayerRequestType, string> = {
  init: "sender",
  claimAccountSessionRequest: "clientSecret",
  collectRiskSignalsRequest: "requestId",
  authedProxy: "url",
  proxy: "method",
  abort: "targetRequestId",
  analyticsEvent: "event",
  errorReport: "error",
  metricsEvent: "metrics",
  logIframeLoadedFontRequest: "fontFamilies",
  authStateRequest: "requestId",
  logout: "clearUserSessionOnly",
  errorReportingTags: "tags",
  openPopupAndWaitForAuth: "requestId",
  openPopupAndWaitForComplete: "requestId",
  uploadFile: "filename",
  downloadFile: "url",
  fetchFontStylesheet: "url",
  inspectorOpen: "requestId",
  inspectorClose: "requestId",
  inspectionReport: "records",
};

const rejectionOf = (c: DataLayerClassification) => (c.ok ? undefined : c.rejection);

describe("data-layer requests (SPEC.md §7)", () => {
  it("has one schema per request of SPEC.md §7", () => {
    expect([...dataLayerRequestTypes].sort()).toEqual(Object.keys(validRequests).sort());
  });

  for (const requestType of dataLayerRequestTypes) {
    it(`accepts a valid ${requestType}`, () => {
      const data = validRequests[requestType];
      const ports = requestType === "init" ? [newPort()] : [];
      const result = classifyDataLayerMessage({ data, ports });
      expect(result.ok, JSON.stringify(rejectionOf(result))).toBe(true);
      if (!result.ok) return;
      expect(result.kind).toBe(requestType === "init" ? "init" : "request");
      expect(result.message.requestType).toBe(requestType);
      // The discriminated union agrees with the per-type schema the classifier used.
      expect(dataLayerRequestSchema.parse(data)).toEqual(result.message);
    });

    it(`rejects a ${requestType} whose ${wrongField[requestType]} is a number`, () => {
      const data = { ...validRequests[requestType], [wrongField[requestType]]: 12 };
      const ports = requestType === "init" ? [newPort()] : [];
      const rejection = rejectionOf(classifyDataLayerMessage({ data, ports }));
      expect(rejection?.reason).toBe("invalid_payload");
      expect(rejection?.message).toMatch(
        new RegExp(`^${wrongField[requestType]}: expected .*, got number`),
      );
    });
  }

  it("applies defaults: errorReport owner accounts_ui, logout all keys, claim sets the new key", () => {
    const report = classifyDataLayerMessage({ data: validRequests.errorReport });
    expect(report.ok && report.message.requestType === "errorReport" && report.message.owner).toBe(
      "accounts_ui",
    );
    const logout = classifyDataLayerMessage({
      data: { type: marker, requestType: "logout", requestId: "x" },
    });
    expect(logout.ok && logout.message.requestType === "logout" && logout.message).toMatchObject({
      clearUserSessionOnly: false,
    });
    const claim = dataLayerRequestSchemas.claimAccountSessionRequest.parse({
      type: marker,
      requestType: "claimAccountSessionRequest",
      requestId: "c",
      clientSecret: "s",
    });
    expect(claim.setNewKey).toBe(true);
  });
});

describe("message handling in the data layer (SPEC.md §5)", () => {
  it("a message whose type is not the kit's marker is not ours", () => {
    for (const data of [
      { ...validRequests.authStateRequest, type: "other-kit" },
      { requestType: "authStateRequest", requestId: "r" },
      "oriel-connect",
      null,
      [marker],
    ]) {
      expect(rejectionOf(classifyDataLayerMessage({ data }))?.reason).toBe("not_ours");
    }
  });

  it("a requestType that is not a string is rejected", () => {
    for (const requestType of [7, null, undefined, ["init"], { toString: "init" }]) {
      const data = { type: marker, requestType, requestId: "r" };
      expect(rejectionOf(classifyDataLayerMessage({ data }))?.reason).toBe("invalid_request_type");
    }
  });

  it("an unknown requestType is rejected, prototype names included", () => {
    for (const requestType of ["getKeys", "constructor", "__proto__", "toString", ""]) {
      const data = { type: marker, requestType, requestId: "r" };
      expect(rejectionOf(classifyDataLayerMessage({ data }))?.reason).toBe("unknown_request_type");
    }
  });

  it("init must carry a reply port in its transfer list", () => {
    expect(rejectionOf(classifyDataLayerMessage({ data: validRequests.init }))?.reason).toBe(
      "init_without_port",
    );
    expect(
      rejectionOf(classifyDataLayerMessage({ data: validRequests.init, ports: [] }))?.reason,
    ).toBe("init_without_port");
    // A port inside the data does not count: it must be transferred.
    const inData = { ...validRequests.init, port: newPort() };
    expect(rejectionOf(classifyDataLayerMessage({ data: inData, ports: [{}] }))?.reason).toBe(
      "init_without_port",
    );
    const two = classifyDataLayerMessage({
      data: validRequests.init,
      ports: [newPort(), newPort()],
    });
    expect(rejectionOf(two)?.reason).toBe("invalid_payload");
    const port = newPort();
    const ok = classifyDataLayerMessage({ data: validRequests.init, ports: [port] });
    expect(ok.ok && ok.kind === "init" && ok.port).toBe(port);
  });

  it("init from the platform names its publishable key; from a UI frame its component", () => {
    const platform = { type: marker, requestType: "init", requestId: "i", sender: "platform" };
    expect(
      rejectionOf(classifyDataLayerMessage({ data: platform, ports: [newPort()] }))?.message,
    ).toBe("publishableKey: required when sender is platform");
    const frame = { type: marker, requestType: "init", requestId: "i", sender: "ui_frame" };
    expect(
      rejectionOf(classifyDataLayerMessage({ data: frame, ports: [newPort()] }))?.message,
    ).toBe("componentName: required when sender is ui_frame");
    const secret = { ...platform, publishableKey: `${provider.keyPrefixes.secretTest}x` };
    expect(
      rejectionOf(classifyDataLayerMessage({ data: secret, ports: [newPort()] }))?.reason,
    ).toBe("invalid_payload");
    const okFrame = { ...frame, componentName: "payouts" };
    expect(classifyDataLayerMessage({ data: okFrame, ports: [newPort()] }).ok).toBe(true);
  });

  it("response-type messages sent to the data layer are logged as invalid", () => {
    for (const requestType of responseRequestTypes) {
      const data = { type: marker, requestType, requestId: "r" };
      const rejection = rejectionOf(classifyDataLayerMessage({ data }));
      expect(rejection?.reason, requestType).toBe("response_sent_to_data_layer");
      expect(rejection?.requestType).toBe(requestType);
    }
  });

  it("a popup auth event without apiKey is rejected", () => {
    const data = { type: marker, requestType: "popupAuthenticationComplete" };
    const rejection = rejectionOf(classifyDataLayerMessage({ data }));
    expect(rejection?.reason).toBe("invalid_payload");
    expect(rejection?.message).toBe("apiKey: missing, expected string");
    const ok = classifyDataLayerMessage({ data: { ...data, apiKey: "ek_popup" } });
    expect(ok.ok && ok.kind).toBe("popup");
  });

  it("never echoes a received value in a rejection", () => {
    const data = {
      ...validRequests.claimAccountSessionRequest,
      clientSecret: 5,
      setNewKey: "sk_x",
    };
    const rejection = rejectionOf(classifyDataLayerMessage({ data }));
    expect(rejection?.message).toBe(
      "clientSecret: expected string, got number; setNewKey: expected boolean, got string",
    );
    expect(JSON.stringify(rejection)).not.toContain("sk_x");
  });
});

describe("proxy requests", () => {
  const base = validRequests.authedProxy;
  const reasonOf = (data: object) => rejectionOf(classifyDataLayerMessage({ data }))?.message;

  it("rejects a relative URL, a non-http URL, an unknown method and a GET with a body", () => {
    expect(reasonOf({ ...base, url: "/v1/payouts" })).toBe("url: expected an absolute http(s) URL");
    expect(reasonOf({ ...base, url: "javascript:alert(1)" })).toBe(
      "url: expected an absolute http(s) URL",
    );
    expect(reasonOf({ ...base, method: "TRACE" })).toContain("method: expected");
    expect(reasonOf({ ...base, method: "GET" })).toBe("body: a GET request has no body");
  });

  it("refuses an Authorization header from a frame", () => {
    expect(reasonOf({ ...base, headers: { authorization: "Bearer sk_test_x" } })).toBe(
      "headers: Authorization is set by the data layer",
    );
  });

  it("requires the component name on authedProxy only", () => {
    const { componentName: _c, ...withoutComponent } = base;
    expect(reasonOf(withoutComponent)).toBe("componentName: missing, expected string");
    expect(reasonOf({ ...withoutComponent, requestType: "proxy" })).toBeUndefined();
  });

  it("bounds the nesting depth of a form body", () => {
    const nest = (levels: number): unknown => (levels === 0 ? "x" : { a: nest(levels - 1) });
    expect(reasonOf({ ...base, body: { top: nest(MAX_FORM_DEPTH) } })).toBeUndefined();
    const tooDeep = reasonOf({ ...base, body: { top: nest(MAX_FORM_DEPTH + 1) } });
    expect(tooDeep).toMatch(/^body\.top(\.a)+/);
  });

  it("survives a hostile body that is nested thousands of levels deep", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    expect(rejectionOf(classifyDataLayerMessage({ data: { ...base, body: deep } }))?.reason).toBe(
      "invalid_payload",
    );
  });
});

describe("replies and broadcasts", () => {
  const authState = {
    status: "unauthenticated",
    expires: null,
    user: null,
    userSessionExpired: false,
  };

  it("accepts each reply kind", () => {
    for (const data of [
      { type: marker, requestType: "initresponse", requestId: "r1" },
      {
        type: marker,
        requestType: "response",
        requestId: "r4",
        ok: true,
        status: 200,
        statusText: "OK",
        body: { object: "list", data: [] },
        headers: { "request-id": "req_1" },
      },
      {
        type: marker,
        requestType: "errorResponse",
        requestId: "r4",
        error: { message: "An error occurred while making the request." },
      },
      {
        type: marker,
        requestType: "fetchErrorResponse",
        status: 400,
        message: "HTTP status code: 400. Reason: unknown error",
        error: { type: "invalid_request_error" },
      },
      { type: marker, requestType: "authState", requestId: "r6", authState },
      { type: marker, requestType: "authStateChanged", authState },
      { type: marker, requestType: "popupReady" },
      { type: marker, requestType: "popupComplete" },
    ]) {
      const parsed = parseDataLayerReply(data);
      expect(parsed.ok, `${data.requestType}: ${parsed.ok ? "" : parsed.error.message}`).toBe(true);
    }
  });

  it("rejects a response without status and a rebroadcast of the popup's key", () => {
    const noStatus = { type: marker, requestType: "response", requestId: "r", ok: true };
    expect(parseDataLayerReply(noStatus).ok).toBe(false);
    const leak = { type: marker, requestType: "popupAuthenticationComplete", apiKey: "k" };
    expect(parseDataLayerReply(leak).ok).toBe(false);
  });
});
