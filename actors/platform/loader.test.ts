import { MessageChannel, type MessagePort } from "node:worker_threads";
import { Window } from "happy-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SimulatedClock } from "xstate";
import {
  classifyDataLayerMessage,
  type DataLayerRequest,
} from "../../protocol/messages/data-layer.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { dataLayerFrameName } from "../messaging/names.ts";
import { bindElement, defineConnectElements } from "./elements.ts";
import {
  InstanceDestroyedError,
  InvalidOptionError,
  LogoutFailedError,
  ServerEnvironmentError,
  UnknownComponentError,
} from "./errors.ts";
import { type ConnectInstance, createLoader, loadConnectAndInitialize } from "./loader.ts";
import type { ConnectOptions } from "./options.ts";
import type { InstanceLink } from "./registry.ts";

const CONNECT = "http://127.0.0.1:4100";
const PLATFORM = "http://localhost:4000/dashboard?tab=payouts";

type ClaimAnswer = "ok" | "reject" | "fail" | "silent";

/**
 * A data layer that checks what the loader sends with the real wire schema
 * (`classifyDataLayerMessage`) and answers on the port like the real one.
 */
class FakeDataLayer {
  readonly inits: { origin: string; data: unknown }[] = [];
  readonly requests: DataLayerRequest[] = [];
  readonly invalid: unknown[] = [];
  port: MessagePort | undefined;
  claimAnswer: ClaimAnswer = "ok";
  logoutOk = true;

  readonly window = {
    postMessage: (data: unknown, origin: string, transfer?: unknown[]) => {
      const classified = classifyDataLayerMessage({ data, ports: transfer ?? [] });
      if (!classified.ok || classified.kind !== "init") {
        this.invalid.push(data);
        return;
      }
      this.inits.push({ origin, data });
      const port = classified.port as unknown as MessagePort;
      this.port = port;
      port.on("message", (message: unknown) => this.#onRequest(message));
      this.#reply({
        requestType: "initresponse",
        requestId: classified.message.requestId,
        session: null,
      });
    },
  };

  #reply(message: Record<string, unknown>) {
    this.port?.postMessage({ type: provider.messageMarker, ...message });
  }

  secretNeeded() {
    this.#reply({ requestType: "clientSecretNeeded" });
  }

  /** A broadcast the data layer sends every port (`inspectionStart`, …). */
  broadcast(requestType: string) {
    this.#reply({ requestType });
  }

  #onRequest(data: unknown) {
    const classified = classifyDataLayerMessage({ data });
    if (!classified.ok || classified.kind !== "request") {
      this.invalid.push(data);
      return;
    }
    const request = classified.message;
    this.requests.push(request);
    if (request.requestType === "claimAccountSessionRequest") {
      const { requestId } = request;
      if (this.claimAnswer === "ok")
        this.#reply({
          requestType: "response",
          requestId,
          ok: true,
          status: 200,
          statusText: "OK",
          body: {},
          headers: {},
        });
      else if (this.claimAnswer === "reject")
        this.#reply({
          requestType: "fetchErrorResponse",
          requestId,
          status: 400,
          message: "HTTP status code: 400. Reason: invalid",
        });
      else if (this.claimAnswer === "fail")
        this.#reply({
          requestType: "errorResponse",
          requestId,
          error: { name: "Error", message: "An error occurred while making the request." },
        });
    }
    if (request.requestType === "logout") {
      const { requestId } = request;
      if (this.logoutOk)
        this.#reply({
          requestType: "response",
          requestId,
          ok: true,
          status: 200,
          statusText: "OK",
          body: null,
          headers: {},
        });
      else
        this.#reply({
          requestType: "fetchErrorResponse",
          requestId,
          status: 500,
          message: "HTTP status code: 500. Reason: down",
        });
    }
  }

  of<T extends DataLayerRequest["requestType"]>(type: T) {
    return this.requests.filter((r) => r.requestType === type) as Extract<
      DataLayerRequest,
      { requestType: T }
    >[];
  }
}

const open: { window: Window; instance: ConnectInstance }[] = [];
afterEach(async () => {
  for (const { window, instance } of open.splice(0)) {
    instance.destroy();
    await window.happyDOM.close();
  }
});

/** Lets port messages and promise callbacks run. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 2));
};

function setup(
  overrides: Partial<ConnectOptions> = {},
  html = "",
  url = PLATFORM,
  importSession?: () => Promise<typeof import("./session.chunk.ts")>,
) {
  const window = new Window({ url, settings: { disableIframePageLoading: true } });
  window.document.body.innerHTML = html;
  const document = window.document as unknown as Document;
  const dataLayer = new FakeDataLayer();
  const clock = new SimulatedClock();
  const warnings: string[] = [];
  let secrets = 0;
  const fetchClientSecret = vi.fn(async () => `acs_secret_${++secrets}`);
  // The session logic is a lazy chunk: the test knows when it has arrived.
  const session = import("./session.chunk.ts");
  const instance = createLoader(
    {
      publishableKey: "pk_test_123",
      fetchClientSecret,
      connectOrigin: CONNECT,
      ...overrides,
    },
    {
      window: window as unknown as Pick<Window & globalThis.Window, "location">,
      document,
      frameWindow: () => dataLayer.window,
      createChannel: () => new MessageChannel() as unknown as globalThis.MessageChannel,
      clock,
      importSession: importSession ?? (() => session),
      log: { warn: (message) => warnings.push(message) },
      elements: {
        define: () =>
          defineConnectElements({
            window: window as unknown as globalThis.Window & typeof globalThis,
            log: { warn: (message) => warnings.push(message) },
            // The UI frames' side is covered by elements.test.ts.
            frameWindow: () => ({ postMessage: () => {} }),
          }),
        bind: bindElement,
      },
    },
  );
  open.push({ window, instance });
  const iframe = () => document.querySelector("iframe");
  const loadFrame = async () => {
    iframe()?.dispatchEvent(new window.Event("load") as unknown as Event);
    await session;
    await settle();
  };
  return {
    window,
    document,
    dataLayer,
    clock,
    warnings,
    fetchClientSecret,
    instance,
    iframe,
    loadFrame,
  };
}

describe("loadConnectAndInitialize", () => {
  it("is synchronous and creates ONE hidden data-layer iframe named after its namespace", () => {
    const { document, iframe, fetchClientSecret } = setup();
    expect(document.querySelectorAll("iframe")).toHaveLength(1);
    const frame = iframe()!;
    const url = new URL(frame.src);
    expect(url.origin + url.pathname).toBe(`${CONNECT}/data-layer.html`);
    const hash = new URLSearchParams(url.hash.slice(1));
    const namespace = hash.get(provider.hashParams.namespace)!;
    expect(namespace).toMatch(/^[0-9a-f]{32}$/);
    expect(frame.name).toBe(dataLayerFrameName(namespace));
    // Origin and path only: the page's query never reaches the frames (issue 14 item 11).
    expect(hash.get(provider.hashParams.platformUrl)).toBe("http://localhost:4000/dashboard");
    expect(frame.src).not.toContain("tab");
    expect(hash.get(provider.hashParams.runningInIframe)).toBe("true");
    expect(frame.getAttribute("aria-hidden")).toBe("true");
    expect(frame.style.display).toBe("none");
    // The first secret is asked for at once, beside the frame's load; nothing is claimed yet.
    expect(fetchClientSecret).toHaveBeenCalledTimes(1);
  });

  it("a secret still being fetched when the data layer answers is claimed when it arrives, fetched once", async () => {
    let release: (secret: string) => void = () => {};
    const fetchClientSecret = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const { dataLayer, loadFrame } = setup({ fetchClientSecret });
    await loadFrame();
    expect(dataLayer.of("claimAccountSessionRequest")).toEqual([]);
    release("acs_secret_slow");
    await settle();
    expect(fetchClientSecret).toHaveBeenCalledTimes(1);
    expect(dataLayer.of("claimAccountSessionRequest").map((r) => r.clientSecret)).toEqual([
      "acs_secret_slow",
    ]);
  });

  it("each instance has its own random namespace", () => {
    const a = setup().iframe()!.name;
    const b = setup().iframe()!.name;
    expect(a).not.toBe(b);
  });

  it("posts init (sender platform, publishableKey) with a port to the connect origin, then claims a fetched secret", async () => {
    const { dataLayer, loadFrame, fetchClientSecret } = setup();
    await loadFrame();
    expect(dataLayer.invalid).toEqual([]);
    expect(dataLayer.inits).toHaveLength(1);
    expect(dataLayer.inits[0]!.origin).toBe(CONNECT);
    expect(dataLayer.inits[0]!.data).toMatchObject({
      sender: "platform",
      publishableKey: "pk_test_123",
    });
    expect(fetchClientSecret).toHaveBeenCalledTimes(1);
    expect(dataLayer.of("claimAccountSessionRequest").map((r) => r.clientSecret)).toEqual([
      "acs_secret_1",
    ]);
  });

  it("a second load event (the frame reloaded) does not post init twice", async () => {
    const { dataLayer, loadFrame } = setup();
    await loadFrame();
    await loadFrame();
    expect(dataLayer.inits).toHaveLength(1);
  });

  it("clientSecretNeeded → sessionExpired, ONE new fetchClientSecret call, claim, sessionRefreshed", async () => {
    const { dataLayer, loadFrame, fetchClientSecret, instance } = setup();
    const events: string[] = [];
    instance.on("sessionExpired", () => events.push("sessionExpired"));
    instance.on("sessionRefreshed", () => events.push("sessionRefreshed"));
    await loadFrame();
    dataLayer.secretNeeded();
    dataLayer.secretNeeded();
    dataLayer.secretNeeded();
    await settle();
    expect(fetchClientSecret).toHaveBeenCalledTimes(2);
    expect(dataLayer.of("claimAccountSessionRequest").map((r) => r.clientSecret)).toEqual([
      "acs_secret_1",
      "acs_secret_2",
    ]);
    expect(events).toEqual(["sessionExpired", "sessionRefreshed"]);
  });

  it("a failing fetchClientSecret is retried with backoff, never twice at once", async () => {
    let calls = 0;
    const fetchClientSecret = vi.fn(async () => {
      calls += 1;
      if (calls < 3) throw new Error("platform server down");
      return "acs_secret_ok";
    });
    const { dataLayer, loadFrame, clock, warnings } = setup({ fetchClientSecret });
    await loadFrame();
    expect(calls).toBe(1);
    clock.increment(999);
    await settle();
    expect(calls).toBe(1);
    clock.increment(1);
    await settle();
    expect(calls).toBe(2);
    clock.increment(2000);
    await settle();
    expect(calls).toBe(3);
    expect(dataLayer.of("claimAccountSessionRequest").map((r) => r.clientSecret)).toEqual([
      "acs_secret_ok",
    ]);
    expect(warnings.filter((w) => w.includes("fetchClientSecret failed"))).toHaveLength(2);
  });

  it("fetchClientSecret resolving with a non-secret counts as a failure", async () => {
    const { dataLayer, loadFrame, warnings } = setup({
      fetchClientSecret: async () => undefined as unknown as string,
    });
    await loadFrame();
    expect(dataLayer.of("claimAccountSessionRequest")).toEqual([]);
    expect(warnings.some((w) => w.includes("did not resolve with a client secret"))).toBe(true);
  });

  it("a claim refused with a 4xx fires authenticationRequired", async () => {
    const { dataLayer, loadFrame, instance } = setup();
    dataLayer.claimAnswer = "reject";
    const heard = vi.fn();
    instance.on("authenticationRequired", heard);
    await loadFrame();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("logout() asks the data layer, resolves, and fires loggedOut", async () => {
    const { dataLayer, loadFrame, instance } = setup();
    const loggedOut = vi.fn();
    instance.on("loggedOut", loggedOut);
    await loadFrame();
    await instance.logout();
    expect(dataLayer.of("logout")).toHaveLength(1);
    expect(dataLayer.of("logout")[0]!.clearUserSessionOnly).toBe(false);
    expect(loggedOut).toHaveBeenCalledTimes(1);
    // Logged out: an expiry asks for no new secret.
    dataLayer.secretNeeded();
    await settle();
    expect(dataLayer.of("claimAccountSessionRequest")).toHaveLength(1);
  });

  it("logout() before the data layer or the session logic is ready waits for them, then logs out", async () => {
    const { dataLayer, loadFrame, instance, fetchClientSecret } = setup();
    const done = instance.logout();
    await loadFrame();
    await done;
    expect(dataLayer.of("logout")).toHaveLength(1);
    // The secret asked for at creation is never claimed, and no other is asked for.
    expect(fetchClientSecret).toHaveBeenCalledTimes(1);
    expect(dataLayer.of("claimAccountSessionRequest")).toEqual([]);
  });

  it("a refused logout rejects with LogoutFailedError", async () => {
    const { dataLayer, loadFrame, instance } = setup();
    dataLayer.logoutOk = false;
    await loadFrame();
    await expect(instance.logout()).rejects.toBeInstanceOf(LogoutFailedError);
  });

  it("destroy() removes the iframe, hears no late secret, and later use fails clearly", async () => {
    let release: (secret: string) => void = () => {};
    const { document, dataLayer, loadFrame, instance } = setup({
      fetchClientSecret: () => new Promise<string>((resolve) => (release = resolve)),
    });
    await loadFrame();
    instance.destroy();
    instance.destroy();
    expect(document.querySelectorAll("iframe")).toHaveLength(0);
    release("acs_secret_late");
    await settle();
    expect(dataLayer.of("claimAccountSessionRequest")).toEqual([]);
    expect(() => instance.create("oriel-payouts")).toThrow(InstanceDestroyedError);
    expect(() => instance.update({ locale: "fr-FR" })).toThrow(InstanceDestroyedError);
    await expect(instance.logout()).rejects.toBeInstanceOf(InstanceDestroyedError);
  });

  it("bad options fail at once with a typed error naming the option", () => {
    const base = { publishableKey: "pk_test_1", fetchClientSecret: async () => "s" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, publishableKey: "sk_test_1" }, "publishableKey"],
      [{ ...base, publishableKey: undefined }, "publishableKey"],
      [{ ...base, fetchClientSecret: "acs_secret" }, "fetchClientSecret"],
      [{ ...base, locale: "not a tag!" }, "locale"],
      [{ ...base, locale: 42 }, "locale"],
      [{ ...base, appearance: "dark" }, "appearance"],
      [{ ...base, fonts: {} }, "fonts"],
      [{ ...base, connectOrigin: "http://example.com" }, "connectOrigin"],
      [{ ...base, connectOrigin: "https://connect.example.com/path" }, "connectOrigin"],
    ];
    for (const [options, option] of cases) {
      let thrown: unknown;
      try {
        setup(options as unknown as ConnectOptions);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, option).toBeInstanceOf(InvalidOptionError);
      expect((thrown as InvalidOptionError).option).toBe(option);
      expect((thrown as InvalidOptionError).message).not.toContain("sk_test_1");
    }
  });

  it("update() hands new appearance and locale to every bound element; a bad locale is refused", async () => {
    const { instance } = setup({ locale: "en_GB" });
    // The registry's link is what elements bind to; create() is covered by the element tests.
    const { whenInstance } = await import("./registry.ts");
    let link: InstanceLink | undefined;
    whenInstance((l) => (link = l));
    expect(link!.shared().locale).toBe("en-GB");
    const seen: unknown[] = [];
    link!.onShared((props) => seen.push(props));
    instance.update({ locale: "fr-CA", appearance: { variables: { colorPrimary: "#ff0000" } } });
    expect(seen).toEqual([
      { locale: "fr-CA", appearance: { variables: { colorPrimary: "#ff0000" } }, fonts: null },
    ]);
    expect(() => instance.update({ locale: "??" })).toThrow(InvalidOptionError);
    expect(link!.shared().locale).toBe("fr-CA");
  });

  it("a bad appearance variable is reported by the lazily loaded check, naming it", async () => {
    const { warnings } = setup({
      appearance: { variables: { colorPrimary: "not-a-colour;" } } as ConnectOptions["appearance"],
    });
    await vi.waitFor(() =>
      expect(warnings.some((w) => w.includes("appearance.variables.colorPrimary"))).toBe(true),
    );
  });

  it("create() refuses a tag outside the catalogue", () => {
    const { instance } = setup();
    expect(() => instance.create("oriel-no-such-thing")).toThrow(UnknownComponentError);
    expect(() => instance.create("div")).toThrow(UnknownComponentError);
  });
});

describe("the instance and its elements", () => {
  const frameSources = (document: Document) =>
    [...document.querySelectorAll("*")].flatMap((el) =>
      [...(el.shadowRoot?.querySelectorAll("iframe") ?? [])].map((f) => new URL(f.src)),
    );

  it("elements in the page's HTML and elements from create() get frames on the instance's namespace; destroy() removes every frame", () => {
    const { document, instance, iframe } = setup({}, "<oriel-payouts-list></oriel-payouts-list>");
    const namespace = new URLSearchParams(new URL(iframe()!.src).hash.slice(1)).get(
      provider.hashParams.namespace,
    );
    const created = instance.create("oriel-account-onboarding");
    expect(created.tagName.toLowerCase()).toBe("oriel-account-onboarding");
    expect(frameSources(document)).toHaveLength(1);
    document.body.append(created);
    const sources = frameSources(document);
    expect(sources.map((u) => new URLSearchParams(u.hash.slice(1)).get("component"))).toEqual([
      "payouts-list",
      "account-onboarding",
    ]);
    for (const url of sources)
      expect(new URLSearchParams(url.hash.slice(1)).get(provider.hashParams.namespace)).toBe(
        namespace,
      );
    instance.destroy();
    expect(document.querySelectorAll("iframe")).toHaveLength(0);
    expect(frameSources(document)).toHaveLength(0);
  });
});

describe("when the data-layer frame does not load", () => {
  it("it is reloaded after DATA_LAYER_TIMEOUT_MS, and after the last try every element hears a typed load error", async () => {
    const { DATA_LAYER_ATTEMPTS, DATA_LAYER_TIMEOUT_MS } = await import(
      "../../machines/platform/loader.machine.ts"
    );
    const { document, clock, instance, iframe, warnings, fetchClientSecret } = setup(
      {},
      "<oriel-payouts-list></oriel-payouts-list>",
    );
    await import("./session.chunk.ts");
    await settle();
    const first = iframe();
    clock.increment(DATA_LAYER_TIMEOUT_MS);
    await settle();
    // One data-layer frame at a time, a fresh one.
    expect(document.querySelectorAll("iframe")).toHaveLength(1);
    expect(iframe()).not.toBe(first);
    for (let i = 1; i < DATA_LAYER_ATTEMPTS; i++) clock.increment(DATA_LAYER_TIMEOUT_MS);
    await settle();
    expect(document.querySelectorAll("iframe")).toHaveLength(0);
    const errors: unknown[] = [];
    document.addEventListener("loaderror", (event) => errors.push((event as CustomEvent).detail));
    // An element already on the page dropped its frame; one created now reports at once.
    const inPage = document.querySelector("oriel-payouts-list")!;
    expect(inPage.shadowRoot!.querySelectorAll("iframe")).toHaveLength(0);
    const late = instance.create("oriel-payouts-list");
    const heard: unknown[] = [];
    late.setOnLoadError((detail) => heard.push(detail));
    document.body.append(late as unknown as Node);
    expect(heard).toEqual([
      {
        error: { type: "data_layer_unavailable", message: expect.stringContaining("frame-src") },
        elementTagName: "oriel-payouts-list",
      },
    ]);
    expect(errors).toHaveLength(1);
    expect(warnings.some((w) => w.includes("did not answer"))).toBe(true);
    // Only the secret asked for at creation: no retry for a data layer that never answered.
    expect(fetchClientSecret).toHaveBeenCalledTimes(1);
    await expect(instance.logout()).rejects.toBeInstanceOf(LogoutFailedError);
  });

  it("session logic that cannot be loaded (network, CSP) is a typed load error on every element", async () => {
    const { document, warnings } = setup(
      {},
      "<oriel-payouts-list></oriel-payouts-list>",
      PLATFORM,
      () => Promise.reject(new Error("blocked")),
    );
    const heard: { error: { type: string; message: string } }[] = [];
    document.addEventListener("loaderror", (event) => heard.push((event as CustomEvent).detail));
    await settle();
    expect(heard.map((d) => d.error.type)).toEqual(["loader_unavailable"]);
    expect(heard[0]!.error.message).toContain("script-src");
    expect(warnings.some((w) => w.includes("could not be loaded"))).toBe(true);
  });

  it("a reloaded frame that answers is used: init on its own port, then the claim", async () => {
    const { DATA_LAYER_TIMEOUT_MS } = await import("../../machines/platform/loader.machine.ts");
    const { clock, dataLayer, loadFrame } = setup();
    await import("./session.chunk.ts");
    await settle();
    clock.increment(DATA_LAYER_TIMEOUT_MS);
    await settle();
    await loadFrame();
    expect(dataLayer.inits).toHaveLength(1);
    expect(dataLayer.of("claimAccountSessionRequest")).toHaveLength(1);
  });
});

describe("internal attributes and setters (SPEC.md §6)", () => {
  const internalAllowed = async () => {
    const { whenInstance } = await import("./registry.ts");
    let link: InstanceLink | undefined;
    whenInstance((l) => (link = l));
    return link!.internalAllowed;
  };
  const flag = provider.flags.overrideFlagsInExternalDomains;

  it("are honoured in development, not on a platform's production domain", async () => {
    setup();
    expect(await internalAllowed()).toBe(true);
    setup({}, "", "https://dashboard.platform.example/payouts");
    expect(await internalAllowed()).toBe(false);
  });

  it("are honoured on a production domain when the override flag is set in the URL", async () => {
    setup({}, "", `https://dashboard.platform.example/payouts?${flag}=true`);
    expect(await internalAllowed()).toBe(true);
    setup({}, "", `https://dashboard.platform.example/payouts#${flag}`);
    expect(await internalAllowed()).toBe(true);
    setup({}, "", `https://dashboard.platform.example/payouts?${flag}=false`);
    expect(await internalAllowed()).toBe(false);
  });
});

describe("on a server (no window)", () => {
  it("nothing is fetched, and using the instance fails clearly", async () => {
    expect(typeof window).toBe("undefined");
    const fetchClientSecret = vi.fn(async () => "acs_secret_1");
    const instance = loadConnectAndInitialize({ publishableKey: "pk_test_1", fetchClientSecret });
    expect(() => instance.create("oriel-payouts")).toThrow(ServerEnvironmentError);
    expect(() => instance.update({})).toThrow(ServerEnvironmentError);
    await expect(instance.logout()).rejects.toBeInstanceOf(ServerEnvironmentError);
    instance.destroy();
    await settle();
    expect(fetchClientSecret).not.toHaveBeenCalled();
  });
});

describe("the loader reports to the live inspector (issue 17)", () => {
  const recordsOf = (dataLayer: FakeDataLayer) =>
    dataLayer.of("inspectionReport").flatMap((report) => report.records);
  const eventTypes = (dataLayer: FakeDataLayer) =>
    recordsOf(dataLayer).flatMap((record) =>
      record.kind === "event" ? [(record.event as { type: string }).type] : [],
    );

  it("sends no inspection message while no inspector is open", async () => {
    const { dataLayer, loadFrame } = setup();
    await loadFrame();
    dataLayer.secretNeeded();
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(dataLayer.of("claimAccountSessionRequest")).toHaveLength(2);
    expect(dataLayer.of("inspectionReport")).toEqual([]);
  });

  it("inspectionStart → its machine's start and transitions as schema-valid reports of scope loader, the client secret never in them; inspectionStop → nothing more", async () => {
    let fetched = 0;
    // Client secrets as the provider issues them (a prefix and 24 key characters).
    const fetchClientSecret = async () => `acs_secret_${String(++fetched).padStart(24, "x")}`;
    const { dataLayer, loadFrame } = setup({ fetchClientSecret });
    await loadFrame();
    dataLayer.broadcast("inspectionStart");
    await vi.waitFor(() => expect(recordsOf(dataLayer).length).toBeGreaterThan(0));
    expect(recordsOf(dataLayer)[0]).toMatchObject({
      scope: "loader",
      machine: "loader",
      kind: "start",
    });
    dataLayer.secretNeeded();
    await vi.waitFor(() =>
      expect(eventTypes(dataLayer)).toEqual(
        expect.arrayContaining(["secret.needed", "secret.fetched", "claim.succeeded"]),
      ),
    );
    // Every report passed the data layer's own schema (`invalid` holds what did not).
    expect(dataLayer.invalid).toEqual([]);
    expect(JSON.stringify(recordsOf(dataLayer))).not.toContain("acs_secret_");
    // …but replaced by a placeholder of the same type, so a trace of it still replays.
    expect(recordsOf(dataLayer)).toContainEqual(
      expect.objectContaining({ event: { type: "secret.fetched", clientSecret: "[redacted]" } }),
    );

    dataLayer.broadcast("inspectionStop");
    await settle();
    const reports = dataLayer.of("inspectionReport").length;
    dataLayer.secretNeeded();
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(dataLayer.of("claimAccountSessionRequest")).toHaveLength(3);
    expect(dataLayer.of("inspectionReport")).toHaveLength(reports);
  });

  it("a stop that comes while the recorder loads wins, and a destroyed instance records nothing", async () => {
    const { dataLayer, loadFrame, instance } = setup();
    await loadFrame();
    dataLayer.broadcast("inspectionStart");
    dataLayer.broadcast("inspectionStop");
    await settle();
    dataLayer.secretNeeded();
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(dataLayer.of("inspectionReport")).toEqual([]);
    dataLayer.broadcast("inspectionStart");
    instance.destroy();
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(dataLayer.of("inspectionReport")).toEqual([]);
  });
});
