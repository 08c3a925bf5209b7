import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDefinition } from "../../protocol/catalogue/index.ts";
import { launchChromium, openPage } from "./support/browser.ts";
import { startTestHosts } from "./support/hosts.ts";

// The component UI frame in real Chromium, served by the connect host under its CSP on
// 127.0.0.1 and embedded by a platform page on localhost that plays the host element on the
// wire protocol (test/e2e/pages/frame-host.js).

let hosts: Awaited<ReturnType<typeof startTestHosts>>;
let browser: Browser;

beforeAll(async () => {
  hosts = await startTestHosts();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await hosts?.close();
});

interface HostCall {
  method: string;
  arg: { error?: { name: string; message: string }; width?: number; height?: number };
}

interface FrameHostPage {
  page: Page;
  problems: string[];
  calls(): Promise<HostCall[]>;
  uiFrame(): Promise<Frame>;
}

async function openHost(
  component: string,
  width = "600px",
  place: { context?: BrowserContext; origin?: string; query?: Record<string, string> } = {},
): Promise<FrameHostPage> {
  const query = new URLSearchParams({
    namespace: `ns${Date.now()}`,
    connect: hosts.connect,
    component,
    width,
    ...place.query,
  });
  const { page, problems } = await openPage(
    place.context ?? browser,
    `${place.origin ?? hosts.platform}/frame-host.html?${query}`,
  );
  return {
    page,
    problems,
    calls: () =>
      page.evaluate(
        () => (window as never as { frameHost: { calls: HostCall[] } }).frameHost.calls,
      ),
    async uiFrame() {
      await page.waitForFunction(
        (origin) => [...document.querySelectorAll("iframe")].some((f) => f.src.startsWith(origin)),
        `${hosts.connect}/frame.html`,
      );
      const frame = page.frames().find((f) => f.url().startsWith(`${hosts.connect}/frame.html`));
      if (!frame) throw new Error("no UI frame");
      return frame;
    },
  };
}

const waitForCall = (host: FrameHostPage, method: string) =>
  host.page.waitForFunction(
    (m) =>
      (window as never as { frameHost: { calls: { method: string }[] } }).frameHost.calls.some(
        (c) => c.method === m,
      ),
    method,
  );

describe("the component frame in Chromium", () => {
  it("a catalogue component without a view in this version: loader start, then a typed component_unavailable load error showing its error text", async () => {
    const host = await openHost("issuing-card");
    const text = getDefinition("issuing-card").errorText;
    await waitForCall(host, "reportLoadError");
    const frame = await host.uiFrame();
    await frame.getByText(text).waitFor({ state: "visible" });
    await waitForCall(host, "reportSize");
    await host.page.waitForFunction(() =>
      (
        window as never as { frameHost: { calls: { method: string; arg: { height: number } }[] } }
      ).frameHost.calls.some((c) => c.method === "reportSize" && c.arg.height > 0),
    );

    const calls = await host.calls();
    const methods = calls.map((c) => c.method);
    expect(methods.indexOf("reportLoaderStart")).toBeGreaterThanOrEqual(0);
    expect(methods.indexOf("reportLoaderStart")).toBeLessThan(methods.indexOf("reportLoadError"));
    expect(calls.filter((c) => c.method === "reportLoadError")).toEqual([
      {
        method: "reportLoadError",
        arg: { error: { name: "component_unavailable", message: text } },
      },
    ]);
    const heights = calls.filter((c) => c.method === "reportSize").map((c) => c.arg.height ?? 0);
    expect(Math.max(...heights)).toBeGreaterThan(0);
    // The host sized its iframe to the reported height: the text is not clipped.
    const iframeHeight = await host.page.evaluate(
      () =>
        document.querySelector<HTMLIFrameElement>("iframe[title]")!.getBoundingClientRect().height,
    );
    expect(iframeHeight).toBeGreaterThan(0);
    expect(host.problems).toEqual([]);
    await host.page.close();
  });

  it("an internal catalogue entry on a host configured as production is a typed internal_not_allowed load error showing its text; the override flag lets it through the gate", async () => {
    // A platform on a production host name: this browser resolves shop.example.com to the
    // loopback address (no DNS, no network), where the platform's pages are served. The page
    // is then on the loopback address space like the connect host, as a real production
    // platform and provider are both public: Chromium's private-network rules let it frame.
    // Over plain HTTP the page is not a secure context, and the loader works there too.
    const platformPort = new URL(hosts.platform).port;
    const production = `http://shop.example.com:${platformPort}`;
    const productionBrowser = await launchChromium([
      "--host-resolver-rules=MAP shop.example.com 127.0.0.1",
    ]);
    const context = await productionBrowser.newContext();
    const loadErrors = async (host: FrameHostPage) => {
      await waitForCall(host, "reportLoadError");
      return (await host.calls()).filter((c) => c.method === "reportLoadError").map((c) => c.arg);
    };
    try {
      // A built internal tool and an internal entry without a view: both refused there.
      for (const component of ["debug-components-list", "invoice-history"] as const) {
        const host = await openHost(component, "600px", { context, origin: production });
        const text = getDefinition(component).errorText;
        expect(await loadErrors(host)).toEqual([
          { error: { name: "internal_not_allowed", message: text } },
        ]);
        await (await host.uiFrame()).getByText(text).waitFor({ state: "visible" });
        expect(host.problems).toEqual([]);
        await host.page.close();
      }
      // With the override flag on the page's URL the gate lets it through: the entry without
      // a view reaches the next check (component_unavailable), not the gate.
      const flagged = await openHost("invoice-history", "600px", {
        context,
        origin: production,
        query: { oriel_internal_override_flags_in_external_domains: "true" },
      });
      expect(await loadErrors(flagged)).toEqual([
        {
          error: {
            name: "component_unavailable",
            message: getDefinition("invoice-history").errorText,
          },
        },
      ]);
      expect(flagged.problems).toEqual([]);
    } finally {
      await productionBrowser.close();
    }
    // On the development host (localhost) the same entry passes the gate without the flag.
    const local = await openHost("invoice-history");
    expect(await loadErrors(local)).toEqual([
      {
        error: {
          name: "component_unavailable",
          message: getDefinition("invoice-history").errorText,
        },
      },
    ]);
    await local.page.close();
  });

  it("a name outside the catalogue is a typed unknown_component load error", async () => {
    const host = await openHost("no-such-component");
    await waitForCall(host, "reportLoadError");
    const calls = await host.calls();
    expect(calls.find((c) => c.method === "reportLoadError")?.arg.error?.name).toBe(
      "unknown_component",
    );
    const frame = await host.uiFrame();
    await frame.getByText("This component cannot be loaded.").waitFor({ state: "visible" });
    expect(host.problems).toEqual([]);
    await host.page.close();
  });

  it("applies a locale and an appearance from the host's props live, without a reload (a tag without a catalogue through the matcher)", async () => {
    const host = await openHost("issuing-card", "360px");
    await waitForCall(host, "reportLoadError");
    const frame = await host.uiFrame();
    await frame.getByText(getDefinition("issuing-card").errorText).waitFor({ state: "visible" });
    expect(await frame.locator(".frame-shell").getAttribute("class")).toContain(
      "frame-shell--narrow",
    );
    await frame.evaluate(() => {
      (window as never as { loadedOnce: boolean }).loadedOnce = true;
    });
    await host.page.evaluate(() =>
      (window as never as { frameHost: { setProps(p: unknown): void } }).frameHost.setProps({
        locale: "de-DE",
        appearance: { variables: { colorBackground: "#102030" } },
      }),
    );
    await frame.waitForFunction(() => document.documentElement.lang === "de-DE");
    await frame.waitForFunction(
      () => getComputedStyle(document.body).backgroundColor === "rgb(16, 32, 48)",
    );
    const shown = await frame.locator(".kit-banner__title").textContent();
    expect(shown).not.toBe(getDefinition("issuing-card").errorText);
    expect(shown).toMatch(/Karteninformationen/);
    // A tag without a catalogue of its own: the frame loads the CLDR matcher (its own chunk,
    // under the same CSP), then French.
    await host.page.evaluate(() =>
      (window as never as { frameHost: { setProps(p: unknown): void } }).frameHost.setProps({
        locale: "fr-BE",
      }),
    );
    await frame.waitForFunction(() => document.documentElement.lang === "fr-FR");
    await frame.getByText(/informations sur vos cartes/).waitFor({ state: "visible" });
    expect(
      await frame.evaluate(() => (window as never as { loadedOnce?: boolean }).loadedOnce),
    ).toBe(true);
    expect(host.problems).toEqual([]);
    await host.page.close();
  });
});
