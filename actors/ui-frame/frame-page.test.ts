import { Window } from "happy-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDefinition } from "../../protocol/catalogue/index.ts";
import { hostsFor, provider } from "../../protocol/provider.ts";
import type { ComponentView } from "../../ui/components/registry.ts";
import { FakeWindow, link } from "../messaging/fake-window.ts";
import { dataLayerFrameName } from "../messaging/names.ts";
import { FakeDataLayer } from "./fake-data-layer.ts";
import { apiOriginFor, readFrameHash, startFramePage } from "./frame-page.ts";
import { baseProps, hostElement } from "./host-element.fixture.ts";
import type { Size } from "./host-link.ts";

const PLATFORM = "http://localhost:4000";
const CONNECT = "http://127.0.0.1:4100";
const NS = "instance-f";

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup.splice(0).reverse()) fn();
});

const hashFor = (component: string, namespace = NS, platformUrl = `${PLATFORM}/dashboard?x=1`) =>
  `#${new URLSearchParams({
    [provider.hashParams.runningInIframe]: "true",
    [provider.hashParams.platformUrl]: platformUrl,
    [provider.hashParams.namespace]: namespace,
    [provider.hashParams.component]: component,
  })}`;

const TestView: ComponentView = () => null;

/** A platform page with its host element, the data-layer frame and one UI frame. */
function setup(
  component: string,
  options: {
    registry?: Parameters<typeof startFramePage>[0]["registry"];
    namespace?: string;
    ancestorOrigins?: string[];
    document?: Document;
    /** Where the page is: its origin, the frames' connect origin and its platformUrl. */
    at?: { platform: string; connect: string; platformUrl: string };
  } = {},
) {
  const at = options.at ?? {
    platform: PLATFORM,
    connect: CONNECT,
    platformUrl: `${PLATFORM}/dashboard?x=1`,
  };
  const platform = new FakeWindow(at.platform);
  const uiFrame = new FakeWindow(at.connect);
  const dataLayerWindow = new FakeWindow(at.connect);
  const [platformSeenByFrame, frameSeenByPlatform] = link(uiFrame, platform);
  const [dataLayerSeenByFrame] = link(uiFrame, dataLayerWindow);
  const parent = Object.assign(platformSeenByFrame, {
    frames: { [dataLayerFrameName(NS)]: dataLayerSeenByFrame },
  });
  const self = Object.assign(uiFrame, { parent });
  const dataLayer = new FakeDataLayer(dataLayerWindow, at.connect);
  cleanup.push(() => dataLayer.close());
  const host = hostElement(NS, platform, frameSeenByPlatform, "host-1", cleanup);
  const warnings: string[] = [];
  let reportSize: ((size: Size) => void) | undefined;
  const page = startFramePage({
    hash: hashFor(component, options.namespace, at.platformUrl),
    origin: at.connect,
    self,
    registry: options.registry ?? {},
    observeSize: (onSize) => {
      reportSize = onSize;
      return () => {};
    },
    log: { warn: (message) => warnings.push(message) },
    ...(options.ancestorOrigins ? { ancestorOrigins: options.ancestorOrigins } : {}),
    ...(options.document ? { document: options.document } : {}),
  });
  cleanup.push(() => page.close());
  return { page, host, dataLayer, warnings, resize: (size: Size) => reportSize?.(size) };
}

const methods = (calls: { method: string }[]) => calls.map((c) => c.method);

describe("the frame's hash parameters (SPEC.md §2)", () => {
  it("reads running-in-iframe, the platform origin from platformUrl, namespace and component", () => {
    expect(readFrameHash(hashFor("payouts"))).toEqual({
      runningInIframe: true,
      platformOrigin: PLATFORM,
      platformPath: "/dashboard",
      namespace: NS,
      component: "payouts",
      overrideFlagSet: false,
    });
  });

  it("a missing or non-http platformUrl pins no origin in advance", () => {
    expect(readFrameHash("#namespace=a").platformOrigin).toBe("*");
    expect(readFrameHash("#platformUrl=javascript%3Aalert(1)").platformOrigin).toBe("*");
    expect(readFrameHash("").component).toBeNull();
  });

  it("the API origin is the one of the environment whose connect host serves the frame", () => {
    expect(apiOriginFor(hostsFor("prod").connect)).toBe(hostsFor("prod").api);
    expect(apiOriginFor(CONNECT)).toBe(hostsFor("local").api);
  });
});

describe("the component frame page", () => {
  it("a catalogue component without a view reports loader start, then component_unavailable with its error text", async () => {
    const { page, host, dataLayer } = setup("payouts");
    await vi.waitFor(() => expect(methods(host.calls)).toContain("reportLoadError"));
    expect(methods(host.calls)).toEqual(["reportLoaderStart", "reportLoadError"]);
    expect(host.calls[1]?.arg).toEqual({
      error: { name: "component_unavailable", message: getDefinition("payouts").errorText },
    });
    expect(page.state().status).toBe("error");
    expect(page.state().errorText).toBe(getDefinition("payouts").errorText);
    // Nothing to render, so the data layer is never asked for anything.
    expect(dataLayer.inits).toEqual([]);
  });

  it("a name outside the catalogue reports unknown_component", async () => {
    const { host, page } = setup("no-such-thing");
    await vi.waitFor(() => expect(methods(host.calls)).toContain("reportLoadError"));
    expect(host.calls.at(-1)?.arg).toMatchObject({ error: { name: "unknown_component" } });
    expect(page.state().errorText).toBeNull();
  });

  it("a registered view: connects the data layer in the component's name, loads the view, ready", async () => {
    const { page, host, dataLayer } = setup("payouts", {
      registry: { payouts: async () => ({ default: TestView }) },
    });
    await vi.waitFor(() => expect(page.state().status).toBe("ready"));
    expect(page.state().View).toBe(TestView);
    expect(page.state().services).toBeDefined();
    expect(dataLayer.inits).toEqual([{ sender: "ui_frame", componentName: "payouts" }]);
    await vi.waitFor(() => expect(methods(host.calls)).toContain("reportLoaderStart"));
    expect(methods(host.calls)).not.toContain("reportLoadError");
  });

  it("an alias renders its target's view", async () => {
    const { page } = setup("app-onboarding", {
      registry: { "app-install": async () => ({ default: TestView }) },
    });
    await vi.waitFor(() => expect(page.state().status).toBe("ready"));
  });

  it("a view chunk that fails to load is reported as Loading chunk {id} failed, owner accounts_ui", async () => {
    const { page, dataLayer } = setup("payouts", {
      registry: {
        payouts: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
      },
    });
    await vi.waitFor(() => expect(page.state().status).toBe("error"));
    await vi.waitFor(() =>
      expect(dataLayer.requests).toContainEqual(
        expect.objectContaining({
          requestType: "errorReport",
          error: { name: "ChunkLoadError", message: "Loading chunk payouts failed" },
          owner: "accounts_ui",
          tags: { chunk: "payouts", reason: "failed" },
        }),
      ),
    );
  });

  it("a view chunk that fails to load reports view_load_failed", async () => {
    const { page, host, warnings } = setup("payouts", {
      registry: {
        payouts: () => Promise.reject(new Error("Loading chunk 7 failed")),
      },
    });
    await vi.waitFor(() => expect(page.state().status).toBe("error"));
    await vi.waitFor(() => expect(methods(host.calls)).toContain("reportLoadError"));
    expect(host.calls.at(-1)?.arg).toEqual({
      error: { name: "view_load_failed", message: getDefinition("payouts").errorText },
    });
    expect(warnings.join("\n")).toContain("view_load_failed");
  });

  it("issue 14 item 11: embedded by a page other than the platformUrl's origin, the frame refuses to work: no data-layer conversation, an error state", async () => {
    const { page, dataLayer } = setup("payouts", {
      registry: { payouts: async () => ({ default: TestView }) },
      ancestorOrigins: ["https://evil.example"],
    });
    await vi.waitFor(() => expect(page.state().status).toBe("error"));
    expect(dataLayer.inits).toEqual([]);
  });

  it("issue 14 item 11: embedded by the platformUrl's origin (ancestorOrigins), the frame works", async () => {
    const { page } = setup("payouts", {
      registry: { payouts: async () => ({ default: TestView }) },
      ancestorOrigins: [PLATFORM],
    });
    await vi.waitFor(() => expect(page.state().status).toBe("ready"));
  });

  describe("the internal gate on a production connect host", () => {
    const connect = hostsFor("prod").connect;
    const onPage = (component: string, platform: string, path: string) =>
      setup(component, {
        registry: { [component]: async () => ({ default: TestView }) },
        ancestorOrigins: [platform],
        at: { platform, connect, platformUrl: `${platform}${path}` },
      });

    it("loads an entry point whose parent is the connect host's mobile entry page", async () => {
      const { page } = onPage("entry-point-create-payout", connect, "/entry.html");
      await vi.waitFor(() => expect(page.state().status).toBe("ready"));
    });

    it("refuses an entry point on another page of the connect origin or on a platform's page, and any other internal tool on the entry page", async () => {
      for (const [component, platform, path] of [
        ["entry-point-create-payout", connect, "/other.html"],
        ["entry-point-create-payout", "https://shop.example.com", "/entry.html"],
        ["debug-utils", connect, "/entry.html"],
      ] as const) {
        const { page, dataLayer } = onPage(component, platform, path);
        await vi.waitFor(() => expect(page.state().status).toBe("error"));
        // Refused before it asked the data layer for anything.
        expect(dataLayer.inits).toEqual([]);
        expect(page.state().errorText, `${component} at ${platform}${path}`).toBe(
          getDefinition(component).errorText,
        );
      }
    });
  });

  it("without a data-layer frame for its namespace the frame reports connection_failed", async () => {
    const { page } = setup("payouts", {
      namespace: "another-instance",
      registry: { payouts: async () => ({ default: TestView }) },
    });
    await vi.waitFor(() => expect(page.state().status).toBe("error"));
  });

  it("a 401 reported by the view shows the session-expired state", async () => {
    const { page } = setup("payouts", {
      registry: { payouts: async () => ({ default: TestView }) },
    });
    await vi.waitFor(() => expect(page.state().status).toBe("ready"));
    page.unauthorized();
    expect(page.state().status).toBe("sessionExpired");
  });

  it("the data layer turning unauthenticated after being authenticated expires the session; a new claim restores it", async () => {
    const { page, dataLayer } = setup("payouts", {
      registry: { payouts: async () => ({ default: TestView }) },
    });
    await vi.waitFor(() => expect(page.state().status).toBe("ready"));
    await vi.waitFor(() => expect(page.state().services?.authState()).toBeDefined());
    const expired = {
      status: "unauthenticated",
      expires: null,
      user: null,
      userSessionExpired: true,
    };
    dataLayer.broadcast({ requestType: "authStateChanged", authState: expired } as never);
    await vi.waitFor(() => expect(page.state().status).toBe("sessionExpired"));
    dataLayer.broadcast({
      requestType: "authStateChanged",
      authState: dataLayer.authState,
    } as never);
    await vi.waitFor(() => expect(page.state().status).toBe("ready"));
  });

  it("takes the host's props live, and its width from the observed size", async () => {
    const { page, host, resize } = setup("payouts");
    await vi.waitFor(() => expect(page.state().props).toEqual(baseProps));
    host.setProps({ ...baseProps, locale: "de-DE" });
    await vi.waitFor(() => expect(page.state().props?.locale).toBe("de-DE"));
    resize({ width: 360, height: 120 });
    expect(page.state().width).toBe(360);
  });

  it("sets <html lang> from the host's locale: a catalogue's tag at once, another once the matcher has decided, the newest props winning", async () => {
    const document = new Window({ url: CONNECT }).document as unknown as Document;
    const { page, host } = setup("payouts", { document });
    await vi.waitFor(() => expect(page.state().props).toEqual(baseProps));
    // A tag that needs the matcher (not loaded yet), then at once a catalogue's own: when the
    // matcher arrives its answer (de-DE) is for older props and is dropped.
    host.setProps({ ...baseProps, locale: "de-CH" });
    host.setProps({ ...baseProps, locale: "it-IT" });
    await vi.waitFor(() => expect(document.documentElement.lang).toBe("it-IT"));
    await import("../../protocol/locale-match.ts");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.documentElement.lang).toBe("it-IT");
    host.setProps({ ...baseProps, locale: "fr-BE" });
    await vi.waitFor(() => expect(document.documentElement.lang).toBe("fr-FR"));
    expect(document.documentElement.dir).toBe("ltr");
  });

  it("close() stops the lifecycle and the links", async () => {
    const { page, host } = setup("payouts");
    await vi.waitFor(() => expect(methods(host.calls)).toContain("reportLoadError"));
    page.close();
    page.unauthorized();
    expect(page.state().status).toBe("error");
  });
});
