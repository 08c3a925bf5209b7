import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { provider } from "../../protocol/provider.ts";
import { dataLayerFrameName } from "../messaging/names.ts";
import { startPopupPage } from "./popup-page.ts";
import { popupUrl } from "./popup-url.ts";

const CONNECT = "http://127.0.0.1:4100";
const API = "http://127.0.0.1:4200";
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function world(options: { opener?: boolean; status?: number; body?: unknown } = {}) {
  const posted: { message: Record<string, unknown>; targetOrigin: string }[] = [];
  const dataLayer = {
    postMessage: (message: Record<string, unknown>, targetOrigin: string) =>
      posted.push({ message, targetOrigin }),
  };
  const self = {
    opener:
      options.opener === false
        ? null
        : { parent: { frames: { [dataLayerFrameName("ns1")]: dataLayer } } },
    closed: 0,
    close() {
      this.closed++;
    },
  };
  const calls: { url: string; body: string }[] = [];
  const page = startPopupPage({
    hash: new URL(popupUrl(CONNECT, { namespace: "ns1", account: "acct_1" })).hash,
    origin: CONNECT,
    apiOrigin: API,
    self,
    fetch: async (url, init) => {
      calls.push({ url, body: String(init.body) });
      return new Response(
        JSON.stringify(
          options.body ?? {
            object: "connect_sign_in",
            api_key: "uk_test_popup",
            session_created_for_embedded: true,
          },
        ),
        { status: options.status ?? 200 },
      );
    },
  });
  const types = () => posted.map((p) => p.message.requestType);
  return { page, posted, types, self, calls };
}

describe("the sign-in popup page", () => {
  it("reports popupReady at once and popupLoaded once, to the data layer next to its opener, at the connect origin only", () => {
    const w = world();
    expect(w.types()).toEqual(["popupReady"]);
    w.page.loaded();
    w.page.loaded();
    expect(w.types()).toEqual(["popupReady", "popupLoaded"]);
    for (const p of w.posted) {
      expect(p.targetOrigin).toBe(CONNECT);
      expect(p.message.type).toBe(provider.messageMarker);
    }
  });

  it("signs in at the API host, hands the key to the data layer, says it is complete and closes", async () => {
    const w = world();
    w.page.submit({ email: "anna@example.com", password: "correct horse" });
    await settle();
    expect(w.calls).toEqual([
      {
        url: `${API}${endpoints.connectSignIn}`,
        body: "email=anna%40example.com&password=correct+horse&account=acct_1",
      },
    ]);
    expect(w.posted.slice(1).map((p) => p.message)).toEqual([
      {
        type: provider.messageMarker,
        requestType: "popupAuthenticationComplete",
        apiKey: "uk_test_popup",
        sessionCreatedForEmbedded: true,
      },
      { type: provider.messageMarker, requestType: "popupComplete" },
    ]);
    expect(w.self.closed).toBe(1);
    expect(w.page.view().status).toBe("done");
  });

  it("a wrong password shows the credentials error and tells the data layer nothing", async () => {
    const w = world({
      status: 400,
      body: { error: { type: "invalid_request_error", code: "sign_in_failed" } },
    });
    w.page.submit({ email: "anna@example.com", password: "wrong" });
    await settle();
    expect(w.page.view()).toEqual({ status: "editing", failure: "credentials" });
    expect(w.types()).toEqual(["popupReady"]);
    expect(w.self.closed).toBe(0);
  });

  it("too many attempts (429) and other failures are typed too", async () => {
    const limited = world({ status: 429, body: { error: { type: "rate_limit_error" } } });
    limited.page.submit({ email: "a@b.c", password: "x" });
    await settle();
    expect(limited.page.view().failure).toBe("rate_limited");
    const broken = world({ status: 500, body: {} });
    broken.page.submit({ email: "a@b.c", password: "x" });
    await settle();
    expect(broken.page.view().failure).toBe("unavailable");
  });

  it("cancel and closing the window end with popupComplete", () => {
    const cancelled = world();
    cancelled.page.cancel();
    expect(cancelled.types()).toEqual(["popupReady", "popupComplete"]);
    expect(cancelled.self.closed).toBe(1);
    const closed = world();
    closed.page.closing();
    expect(closed.types()).toEqual(["popupReady", "popupComplete"]);
  });

  it("opened without a UI frame of a data layer, it posts nothing and only offers to close", () => {
    const w = world({ opener: false });
    expect(w.page.view().status).toBe("orphaned");
    expect(w.posted).toEqual([]);
    w.page.cancel();
    expect(w.self.closed).toBe(1);
  });
});

describe("the sign-in popup and the live inspector", () => {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  function inspected() {
    const posted: { message: Record<string, unknown>; targetOrigin: string }[] = [];
    const dataLayer = {
      postMessage: (message: Record<string, unknown>, targetOrigin: string) =>
        posted.push({ message, targetOrigin }),
    };
    type Listener = (event: { data: unknown; origin: string; source: unknown }) => void;
    const listeners = new Set<Listener>();
    const self = {
      opener: { parent: { frames: { [dataLayerFrameName("ns1")]: dataLayer } } },
      close() {},
      addEventListener: (_: "message", l: Listener) => listeners.add(l),
      removeEventListener: (_: "message", l: Listener) => listeners.delete(l),
    };
    let loads = 0;
    const page = startPopupPage({
      hash: new URL(popupUrl(CONNECT, { namespace: "ns1", account: "acct_1" })).hash,
      origin: CONNECT,
      apiOrigin: API,
      self,
      fetch: async () =>
        new Response(JSON.stringify({ api_key: "upk_test_abcdefgh12345678" }), { status: 200 }),
      loadRecorder: () => {
        loads++;
        return import("../inspection/recorder.ts");
      },
    });
    const hear = (requestType: string, from: unknown = dataLayer, origin = CONNECT) => {
      for (const l of [...listeners])
        l({ data: { type: provider.messageMarker, requestType }, origin, source: from });
    };
    const reports = () =>
      posted
        .filter((p) => p.message.requestType === "popupInspectionReport")
        .flatMap((p) => p.message.records as { scope: string; machine: string }[]);
    return { page, posted, hear, reports, loads: () => loads };
  }

  it("records nothing until the data layer says inspectionStart; then its sign-in machine's records go to the data layer, password and key redacted", async () => {
    const w = inspected();
    await wait(150);
    expect(w.loads()).toBe(0);
    expect(w.reports()).toEqual([]);
    w.hear("inspectionStart");
    await expect.poll(() => w.reports().length, { timeout: 5_000 }).toBeGreaterThan(0);
    w.page.submit({ email: "anna@example.com", password: "correct horse" });
    // Its form.submit, and the sign-in's answer carrying the key, are recorded too.
    await expect
      .poll(() => JSON.stringify(w.reports()), { timeout: 5_000 })
      .toContain("xstate.done.actor");
    expect(JSON.stringify(w.reports())).toContain('"password":"[redacted]"');
    // Everything it sends is the popup's; its sign-in machine among it (in a test run other
    // files' actors share this module's registry; in the popup the sign-in is alone).
    expect(new Set(w.reports().map((r) => r.scope))).toEqual(new Set(["popup"]));
    expect(w.reports().map((r) => r.machine)).toContain("signIn");
    const text = JSON.stringify(
      w.posted.filter((p) => p.message.requestType === "popupInspectionReport"),
    );
    expect(text).not.toContain("correct horse");
    expect(text).not.toContain("abcdefgh12345678");
    for (const p of w.posted) expect(p.targetOrigin).toBe(CONNECT);
  });

  it("ignores inspectionStart from any other window or origin, and stops on inspectionStop", async () => {
    const w = inspected();
    w.hear("inspectionStart", { postMessage() {} });
    w.hear("inspectionStart", undefined, "https://evil.example");
    await wait(50);
    expect(w.loads()).toBe(0);
    w.hear("inspectionStart");
    await expect.poll(() => w.reports().length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(w.loads()).toBe(1);
    const started = w.reports().length;
    w.hear("inspectionStop");
    w.page.submit({ email: "anna@example.com", password: "correct horse" });
    await wait(150);
    expect(w.reports().length).toBe(started);
  });
});
