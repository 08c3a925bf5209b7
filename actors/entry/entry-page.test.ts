import { describe, expect, it, vi } from "vitest";
import { bridgeNames } from "../../protocol/entry-page.ts";
import { entryToNativeSchema } from "../../protocol/messages/entry-bridge.schema.ts";
import { tagName } from "../../protocol/provider.ts";
import type { ConnectInstance } from "../platform/loader.ts";
import type { ConnectOptions } from "../platform/options.ts";
import { nativeChannel, readEntryRequest, startEntryPage } from "./entry-page.ts";

const quiet = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() };
const hashOf = (params: Record<string, string>) => `#${new URLSearchParams(params)}`;
const good = {
  component: "entry-point-create-payout",
  publishableKey: "pk_test_abc",
  "payout-purpose": "Weekly earnings",
};

/** A web view with the iOS bridge, an element per create, and a loader that records its options. */
function webView(hash: string, framed = false) {
  const posted: unknown[] = [];
  const element = new EventTarget() as EventTarget & {
    attributes: Record<string, string>;
    setAttribute(n: string, v: string): void;
  };
  element.attributes = {};
  element.setAttribute = (n, v) => {
    element.attributes[n] = v;
  };
  const appended: unknown[] = [];
  const win = {
    location: { hash, origin: "https://connect.example" } as Location,
    webkit: {
      messageHandlers: { [bridgeNames.ios]: { postMessage: (m: unknown) => posted.push(m) } },
    },
  } as Record<string, unknown>;
  win.self = win;
  win.top = framed ? {} : win;
  const loaded: ConnectOptions[] = [];
  const created: string[] = [];
  const load = (options: ConnectOptions) => {
    loaded.push(options);
    return {
      create: (tag: string) => {
        created.push(tag);
        return element;
      },
    } as unknown as ConnectInstance;
  };
  const document = { getElementById: () => ({ append: (e: unknown) => appended.push(e) }) };
  const page = startEntryPage({
    window: win as never,
    document: document as unknown as Document,
    load,
    log: quiet,
  });
  const messages = () => posted.map((m) => entryToNativeSchema.parse(JSON.parse(m as string)));
  return { page, win, messages, loaded, created, element, appended };
}

describe("the mobile entry page's URL", () => {
  it("takes an entry point, the publishable key, the theme and that entry point's own attributes only", () => {
    expect(
      readEntryRequest(hashOf({ ...good, theme: "dark", "selected-currency": "usd" })),
    ).toEqual({
      ok: true,
      component: "entry-point-create-payout",
      publishableKey: "pk_test_abc",
      locale: undefined,
      theme: "dark",
      attributes: { "payout-purpose": "Weekly earnings" },
    });
  });

  it("refuses a component that is not a mobile entry point, a missing key and an unknown theme, naming the parameter", () => {
    for (const [params, named] of [
      [{ ...good, component: "payouts" }, "component"],
      [{ ...good, component: "nope" }, "component"],
      [{ component: good.component }, "publishableKey"],
      [{ ...good, theme: "sepia" }, "theme"],
    ] as const) {
      const request = readEntryRequest(hashOf(params));
      expect(request.ok).toBe(false);
      if (!request.ok) expect(request.message.startsWith(named)).toBe(true);
    }
  });
});

describe("the native bridge", () => {
  it("finds the iOS handler, the Android interface or React Native's channel, in that order", () => {
    const seen: string[] = [];
    const android = { postMessage: (m: string) => seen.push(`android ${m}`) };
    const rn = { postMessage: (m: string) => seen.push(`rn ${m}`) };
    nativeChannel({ [bridgeNames.android]: android, ReactNativeWebView: rn })?.("a");
    nativeChannel({ ReactNativeWebView: rn })?.("b");
    expect(seen).toEqual(["android a", "rn b"]);
    expect(nativeChannel({})).toBeNull();
  });

  it("says ready, creates the entry point with its attributes, and asks the app for a client secret, which reaches the loader", async () => {
    const view = webView(hashOf(good));
    expect(view.created).toEqual([tagName("entry-point-create-payout")]);
    expect(view.element.attributes).toEqual({ "payout-purpose": "Weekly earnings" });
    expect(view.appended).toEqual([view.element]);
    expect(view.loaded[0]).toMatchObject({
      publishableKey: "pk_test_abc",
      connectOrigin: "https://connect.example",
      appearance: { theme: "light" },
    });
    const secret = view.loaded[0]!.fetchClientSecret();
    const [ready, needed] = view.messages();
    expect(ready).toEqual({ type: "ready", version: 1, component: "entry-point-create-payout" });
    expect(needed?.type).toBe("clientSecretNeeded");
    const requestId = needed?.type === "clientSecretNeeded" ? needed.requestId : "";
    // The app answers through the page's frozen receive object, as JSON text.
    const receiver = view.win[bridgeNames.receive] as { receive(m: unknown): void };
    receiver.receive(JSON.stringify({ type: "clientSecret", requestId, clientSecret: "cs_1" }));
    await expect(secret).resolves.toBe("cs_1");
  });

  it("ignores what is not the bridge's (a wrong shape, an unknown request) and fails a secret the app could not get", async () => {
    const view = webView(hashOf(good));
    const secret = view.loaded[0]!.fetchClientSecret();
    const needed = view.messages()[1];
    const requestId = needed?.type === "clientSecretNeeded" ? needed.requestId : "";
    view.page.receive("not json");
    view.page.receive({ type: "clientSecret", requestId: "other", clientSecret: "cs_x" });
    view.page.receive({ type: "clientSecret", requestId, clientSecret: "cs_2", extra: 1 });
    view.page.receive({ type: "clientSecretFailed", requestId, message: "offline" });
    await expect(secret).rejects.toThrow("offline");
  });

  it("tells the app every event of the entry point: its own and the common ones", () => {
    const view = webView(hashOf(good));
    view.element.dispatchEvent(new CustomEvent("payoutcreated", { detail: { payoutId: "po_1" } }));
    view.element.dispatchEvent(new CustomEvent("exit", { detail: { completed: true } }));
    view.element.dispatchEvent(new CustomEvent("loaderror", { detail: { error: { type: "x" } } }));
    view.element.dispatchEvent(new CustomEvent("somethingelse"));
    expect(view.messages().filter((m) => m.type === "event")).toEqual([
      { type: "event", name: "payoutcreated", detail: { payoutId: "po_1" } },
      { type: "event", name: "exit", detail: { completed: true } },
      { type: "event", name: "loaderror", detail: { error: { type: "x" } } },
    ]);
  });

  it("does nothing but say why when framed or asked for something else", () => {
    const framed = webView(hashOf(good), true);
    expect(framed.messages()).toEqual([
      { type: "failed", code: "framed", message: "The entry page must not be framed." },
    ]);
    expect(framed.loaded).toHaveLength(0);
    const wrong = webView(hashOf({ ...good, component: "payments" }));
    expect(wrong.messages()[0]).toMatchObject({ type: "failed", code: "invalid_parameter" });
    expect(wrong.loaded).toHaveLength(0);
  });
});
