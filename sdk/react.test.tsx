// @vitest-environment happy-dom

import { readFileSync } from "node:fs";
import { act, cleanup, render } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { defineConnectElements } from "../actors/platform/elements.ts";
import type { ConnectInstance } from "../actors/platform/loader.ts";
import type { ConnectElement } from "../actors/platform/types.ts";
import { catalogueManifest } from "../protocol/catalogue/manifest.ts";
import { provider } from "../protocol/provider.ts";
import { loadConnectAndInitialize } from "./index.ts";
import * as react from "./react.tsx";
import {
  type ConnectComponentProps,
  ConnectComponentsProvider,
  connectComponents,
  propPlan,
} from "./react.tsx";
import { generatedPath, renderReactComponents } from "./react-components.generate.ts";

const { ConnectPayoutDetails, ConnectAccountOnboarding, ConnectPayoutsList } = connectComponents;
interface HappySettings {
  disableIframePageLoading: boolean;
  navigation: { disableChildFrameNavigation: boolean };
}
const instances: ConnectInstance[] = [];
let consoleErrors: unknown[][] = [];

beforeAll(() => {
  // The frames' pages are not loaded in these tests (the element tests and the browser tests
  // cover them): the elements and their iframes are real; each iframe's window is a stand-in.
  const { settings } = (window as unknown as { happyDOM: { settings: HappySettings } }).happyDOM;
  settings.disableIframePageLoading = true;
  settings.navigation.disableChildFrameNavigation = true;
  defineConnectElements({
    window: window as Window & typeof globalThis,
    frameWindow: () => ({ postMessage: () => {} }),
  });
});

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  cleanup();
  for (const instance of instances.splice(0)) instance.destroy();
  vi.restoreAllMocks();
});

function instance() {
  const created = loadConnectAndInitialize({
    publishableKey: "pk_test_react",
    fetchClientSecret: async () => "acs_secret_react",
    connectOrigin: "http://127.0.0.1:4100",
  });
  instances.push(created);
  return created;
}

/** The component iframes in the page (each element's, in its shadow root). */
const componentFrames = () =>
  [...document.querySelectorAll("*")].flatMap((el) => [
    ...(el.shadowRoot?.querySelectorAll("iframe") ?? []),
  ]);
const tag = (name: string) => `${provider.tagPrefix}-${name}`;

describe("React wrappers, generated from the catalogue", () => {
  it("one component per public catalogue tag, and none for internal tools or entry points", () => {
    const publicNames = Object.entries(catalogueManifest)
      .filter(([, e]) => e.releaseState !== "internal" && e.releaseState !== "entry_point")
      .map(([name]) => name);
    expect(Object.keys(connectComponents)).toHaveLength(publicNames.length);
    expect(Object.keys(connectComponents)).toContain("ConnectPayoutsList");
    expect(Object.keys(connectComponents)).not.toContain("ConnectDebugComponentsList");
    expect(ConnectPayoutsList.displayName).toBe("ConnectPayoutsList");
  });

  it("each is also a named export, generated from the manifest: regenerate with npx tsx sdk/react-components.generate.ts", () => {
    expect(readFileSync(generatedPath, "utf8")).toBe(renderReactComponents());
    for (const [name, component] of Object.entries(connectComponents)) {
      const named = (react as Record<string, unknown>)[name] as { displayName?: string };
      expect(named?.displayName, name).toBe(component.displayName);
    }
    expectTypeOf(react.ConnectPayoutsList).toEqualTypeOf(connectComponents.ConnectPayoutsList);
  });

  it("props are derived from the entry: setters by their name, untargeted attributes camel-cased, internal items left out", () => {
    const plan = propPlan(catalogueManifest["account-onboarding"]);
    expect(plan.get("onExit")).toEqual({ kind: "listener", setter: "setOnExit" });
    expect(plan.get("collectionOptions")).toEqual({
      kind: "setter",
      setter: "setCollectionOptions",
    });
    expect(plan.get("fullTermsOfService")).toEqual({
      kind: "setter",
      setter: "setFullTermsOfService",
    });
    expect(plan.has("fullTermsOfServiceUrl")).toBe(false);
    expect(plan.has("prefillOptions")).toBe(false); // internal
    expect(plan.has("debug")).toBe(false); // internal attribute
    expect(propPlan(catalogueManifest["payout-details"]).get("payout")).toEqual({
      kind: "attribute",
      attribute: "payout",
    });
    expectTypeOf<ConnectComponentProps<"account-onboarding">["onStepChange"]>().toEqualTypeOf<
      ((detail: { step: string }) => void) | undefined
    >();
    expectTypeOf<ConnectComponentProps<"payout-details">["inline"]>().toEqualTypeOf<
      boolean | string | undefined
    >();
    expectTypeOf<ConnectComponentProps<"account-onboarding">>().not.toHaveProperty(
      "prefillOptions",
    );
  });
});

describe("under <StrictMode>", () => {
  it("mounted and unmounted three times: one iframe while mounted, none after, no console error", async () => {
    const connect = instance();
    for (let round = 0; round < 3; round++) {
      const view = render(
        <StrictMode>
          <ConnectComponentsProvider connectInstance={connect}>
            <ConnectPayoutsList />
          </ConnectComponentsProvider>
        </StrictMode>,
      );
      await act(async () => {});
      expect(document.querySelectorAll(tag("payouts-list"))).toHaveLength(1);
      expect(componentFrames()).toHaveLength(1);
      view.unmount();
      expect(document.querySelectorAll(tag("payouts-list"))).toHaveLength(0);
      expect(componentFrames()).toHaveLength(0);
    }
    expect(consoleErrors).toEqual([]);
  });

  it("props reach the element as attributes and setters, callbacks as setOnX; changes are applied", async () => {
    const connect = instance();
    const onExit = vi.fn();
    const view = render(
      <StrictMode>
        <ConnectComponentsProvider connectInstance={connect}>
          <ConnectPayoutDetails payout="po_123" inline />
          <ConnectAccountOnboarding
            onExit={onExit}
            fullTermsOfService="https://platform.example/tos"
          />
        </ConnectComponentsProvider>
      </StrictMode>,
    );
    await act(async () => {});
    const details = document.querySelector(tag("payout-details"))!;
    expect(details.getAttribute("payout")).toBe("po_123");
    expect(details.getAttribute("inline")).toBe("true");
    const onboarding = document.querySelector(tag("account-onboarding"))!;
    // The element checks the value with the validation chunk (`actors/platform/chunks.ts`),
    // loaded on first use: on a busy machine that takes more than vi.waitFor's default second.
    await vi.waitFor(
      () =>
        expect(onboarding.getAttribute("full-terms-of-service-url")).toBe(
          "https://platform.example/tos",
        ),
      { timeout: 15_000 },
    );
    // The element calls the latest callback for its event.
    onboarding.dispatchEvent(new CustomEvent("exit"));
    view.rerender(
      <StrictMode>
        <ConnectComponentsProvider connectInstance={connect}>
          <ConnectPayoutDetails payout="po_456" />
          <ConnectAccountOnboarding
            onExit={onExit}
            fullTermsOfService="https://platform.example/tos"
          />
        </ConnectComponentsProvider>
      </StrictMode>,
    );
    await act(async () => {});
    expect(details.getAttribute("payout")).toBe("po_456");
    expect(details.hasAttribute("inline")).toBe(false);
    expect(document.querySelectorAll(tag("payout-details"))).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });

  it("a bad prop value reaches onInputError and is not applied", async () => {
    const connect = instance();
    const onInputError = vi.fn();
    render(
      <StrictMode>
        <ConnectComponentsProvider connectInstance={connect}>
          <ConnectPayoutDetails inline="sometimes" onInputError={onInputError} />
        </ConnectComponentsProvider>
      </StrictMode>,
    );
    await vi.waitFor(() => expect(onInputError).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    expect(onInputError.mock.calls[0]![0]).toMatchObject({ name: "inline" });
  });
});

describe("ConnectComponentsProvider", () => {
  it("with null or an unresolved promise renders no component; once resolved, the component appears", async () => {
    const connect = instance();
    let resolve: (instance: ConnectInstance) => void = () => {};
    const pending = new Promise<ConnectInstance>((r) => (resolve = r));
    const view = render(
      <ConnectComponentsProvider connectInstance={null}>
        <ConnectPayoutsList />
      </ConnectComponentsProvider>,
    );
    expect(view.container.innerHTML).toBe("");
    view.rerender(
      <ConnectComponentsProvider connectInstance={pending}>
        <ConnectPayoutsList />
      </ConnectComponentsProvider>,
    );
    await act(async () => {});
    expect(componentFrames()).toHaveLength(0);
    await act(async () => resolve(connect));
    expect(componentFrames()).toHaveLength(1);
  });

  it("swapping instances moves every component to the new one, leaving one iframe", async () => {
    const first = instance();
    const ui = (connect: ConnectInstance) => (
      <StrictMode>
        <ConnectComponentsProvider connectInstance={connect}>
          <ConnectPayoutsList />
        </ConnectComponentsProvider>
      </StrictMode>
    );
    const view = render(ui(first));
    await act(async () => {});
    const before = componentFrames()[0]!.src;
    first.destroy();
    const second = instance();
    view.rerender(ui(second));
    await act(async () => {});
    const frames = componentFrames();
    expect(frames).toHaveLength(1);
    const namespace = (src: string) =>
      new URLSearchParams(new URL(src).hash.slice(1)).get(provider.hashParams.namespace);
    expect(namespace(frames[0]!.src)).not.toBe(namespace(before));
  });

  it("a component outside the provider fails with a clear message", () => {
    vi.mocked(console.error).mockImplementation(() => {});
    expect(() => render(<ConnectPayoutsList />)).toThrow(/inside <ConnectComponentsProvider>/);
  });
});

describe("JSX types for the tags (React 19)", () => {
  it("a tag takes its attributes and a ref typed for its element", () => {
    const typeOnly = () => (
      <oriel-payout-details
        payout="po_1"
        ref={(element) => {
          expectTypeOf(element).toEqualTypeOf<ConnectElement<"payout-details"> | null>();
        }}
      />
    );
    expect(typeof typeOnly).toBe("function");
  });
});
