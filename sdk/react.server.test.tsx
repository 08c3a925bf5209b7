// @vitest-environment node

import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Server-side rendering (issue 18, item 4): `sdk/react` and the loader are imported and
// rendered with `renderToString` where there is no DOM. Neither may touch `window`,
// `document`, `customElements` or `HTMLElement` while importing or rendering, nor call
// `fetchClientSecret`; the browser test test/e2e/frameworks.e2e.ts hydrates such a page.

const browserGlobals = ["window", "document", "customElements", "HTMLElement", "navigator"];
const touched: string[] = [];
let saved: Record<string, PropertyDescriptor | undefined> = {};

beforeAll(() => {
  saved = Object.fromEntries(
    browserGlobals.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]),
  );
  // Each browser global is absent, as on a server, but a read of it is recorded.
  for (const name of browserGlobals)
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        touched.push(name);
        return undefined;
      },
    });
});

afterAll(() => {
  for (const name of browserGlobals) {
    const descriptor = saved[name];
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (globalThis as Record<string, unknown>)[name];
  }
});

async function importFresh() {
  vi.resetModules();
  const sdk = await import("./index.ts");
  const react = await import("./react.tsx");
  return { sdk, react };
}

describe("sdk/react and the loader on a server", () => {
  it("importing them reads no browser global", async () => {
    touched.length = 0;
    await importFresh();
    expect(touched).toEqual([]);
  });

  it("renderToString of every wrapper under the provider reads no browser global, renders each one's empty container, and never calls fetchClientSecret", async () => {
    const { sdk, react } = await importFresh();
    const fetchClientSecret = vi.fn(async () => "acs_secret_1");
    // The server's instance: the loader sees no window and does nothing.
    const instance = sdk.loadConnectAndInitialize({
      publishableKey: "pk_test_1",
      fetchClientSecret,
    });
    const wrappers = Object.entries(react.connectComponents);
    expect(wrappers.length).toBeGreaterThan(10);
    touched.length = 0;
    const html = renderToString(
      createElement(
        react.ConnectComponentsProvider,
        { connectInstance: instance },
        wrappers.map(([name, Component]) =>
          createElement(Component as (props: { className: string }) => null, {
            key: name,
            className: name,
          }),
        ),
      ),
    );
    expect(touched).toEqual([]);
    expect(html).toBe(wrappers.map(([name]) => `<div class="${name}"></div>`).join(""));
    await new Promise((done) => setTimeout(done, 20));
    expect(fetchClientSecret).not.toHaveBeenCalled();
  });

  it("a provider without an instance yet (null, or a promise) renders nothing for its components", async () => {
    const { react } = await importFresh();
    const { ConnectPayoutsList } = react.connectComponents;
    for (const connectInstance of [null, new Promise<never>(() => {})])
      expect(
        renderToString(
          createElement(
            react.ConnectComponentsProvider,
            { connectInstance },
            createElement(ConnectPayoutsList),
          ),
        ),
      ).toBe("");
  });
});
