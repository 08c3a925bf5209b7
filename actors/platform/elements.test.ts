import { Window } from "happy-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnyActorRef } from "xstate";
import { catalogueManifest } from "../../protocol/catalogue/manifest.ts";
import { provider } from "../../protocol/provider.ts";
import { FakeWindow, link } from "../messaging/fake-window.ts";
import { createHostLink, type HostLink, type HostProps, type Size } from "../ui-frame/host-link.ts";
import { defineConnectElements, type ElementHandle, elementEvents } from "./elements.ts";
import {
  clearCurrentInstance,
  type InstanceLink,
  type SharedProps,
  setCurrentInstance,
} from "./registry.ts";

const CONNECT = "http://127.0.0.1:4100";
const PLATFORM_ORIGIN = "http://localhost:4000";
const quiet = { warn: () => {} };

/** An instance as elements see it (the loader's side is tested in loader.test.ts). */
function fakeInstance(options: { internalAllowed?: boolean } = {}) {
  let shared: SharedProps = { appearance: null, fonts: null, locale: "en-GB" };
  const sharedListeners = new Set<(p: SharedProps) => void>();
  const destroyListeners = new Set<() => void>();
  const inspected = new Set<AnyActorRef>();
  const instance: InstanceLink & {
    update(p: Partial<SharedProps>): void;
    destroy(): void;
    inspected: Set<AnyActorRef>;
  } = {
    namespace: `ns${Math.random().toString(16).slice(2)}`,
    connectOrigin: CONNECT,
    platformUrl: `${PLATFORM_ORIGIN}/dashboard`,
    internalAllowed: options.internalAllowed ?? false,
    shared: () => shared,
    failure: () => undefined,
    onFailure: () => () => {},
    onShared: (l) => {
      sharedListeners.add(l);
      return () => sharedListeners.delete(l);
    },
    onDestroy: (l) => {
      destroyListeners.add(l);
      return () => destroyListeners.delete(l);
    },
    inspected,
    inspectable: (actor) => {
      inspected.add(actor);
      return () => inspected.delete(actor);
    },
    update(p) {
      shared = { ...shared, ...p };
      for (const l of [...sharedListeners]) l(shared);
    },
    destroy() {
      for (const l of [...destroyListeners]) l();
    },
  };
  return instance;
}

interface Frame {
  hash: URLSearchParams;
  link: HostLink;
  size(size: Size): void;
}

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A page with the elements defined; each element's iframe gets a REAL frame-side host link. */
function page() {
  const window = new Window({
    url: `${PLATFORM_ORIGIN}/dashboard`,
    settings: { disableIframePageLoading: true },
  });
  const platform = new FakeWindow(PLATFORM_ORIGIN);
  const frames: Frame[] = [];
  const warnings: string[] = [];
  defineConnectElements({
    window: window as unknown as globalThis.Window & typeof globalThis,
    messages: platform,
    log: { warn: (message) => warnings.push(message) },
    frameWindow: (iframe) => {
      // The frame's page "loads" (happy-dom loads no iframe page here).
      setTimeout(() => iframe.dispatchEvent(new window.Event("load") as unknown as Event));
      const frame = new FakeWindow(CONNECT);
      const [frameSeenByPlatform, platformSeenByFrame] = link(platform, frame);
      const hash = new URLSearchParams(new URL(iframe.src).hash.slice(1));
      let onSize: (size: Size) => void = () => {};
      const hostLink = createHostLink({
        namespace: hash.get(provider.hashParams.namespace)!,
        self: frame,
        parent: platformSeenByFrame,
        platformOrigin: PLATFORM_ORIGIN,
        observeSize: (listener) => {
          onSize = listener;
          return () => {};
        },
        log: quiet,
      });
      frames.push({ hash, link: hostLink, size: (s) => onSize(s) });
      cleanups.push(() => hostLink.close());
      return frameSeenByPlatform;
    },
  });
  cleanups.push(() => window.happyDOM.close());
  const document = window.document as unknown as Document;
  const create = (tag: string) => document.createElement(tag) as unknown as ElementHandle;
  const iframes = () =>
    [...document.querySelectorAll("*")].flatMap((el) => [
      ...(el.shadowRoot?.querySelectorAll("iframe") ?? []),
    ]);
  return { window, document, frames, warnings, create, iframes };
}

const connected = (frame: Frame) => vi.waitFor(() => expect(frame.link.connected()).toBe(true));
const propsOf = async (frame: Frame, check: (p: HostProps) => void) =>
  vi.waitFor(() => {
    const props = frame.link.props();
    expect(props).toBeDefined();
    check(props!);
  });

describe("the custom elements, derived from the catalogue", () => {
  it("every catalogue entry, aliases included, is a defined tag with its setters", () => {
    const { window } = page();
    for (const [name, entry] of Object.entries(catalogueManifest)) {
      const defined = window.customElements.get(`${provider.tagPrefix}-${name}`);
      expect(defined, name).toBeDefined();
      for (const [setter] of entry.setters)
        expect(
          typeof (defined!.prototype as unknown as Record<string, unknown>)[setter],
          setter,
        ).toBe("function");
      expect((defined as unknown as { observedAttributes: string[] }).observedAttributes).toEqual(
        entry.attributes.map(([a]) => a),
      );
    }
  });

  it("an attached element owns one iframe to frame.html with the frame's hash parameters", async () => {
    const { document, create, frames, iframes } = page();
    const instance = fakeInstance();
    const element = create("oriel-account-onboarding");
    element.bindInstance(instance);
    document.body.append(element);
    expect(iframes()).toHaveLength(1);
    const src = new URL(iframes()[0]!.src);
    expect(src.origin + src.pathname).toBe(`${CONNECT}/frame.html`);
    const hash = frames[0]!.hash;
    expect(hash.get(provider.hashParams.component)).toBe("account-onboarding");
    expect(hash.get(provider.hashParams.namespace)).toBe(instance.namespace);
    expect(hash.get(provider.hashParams.platformUrl)).toBe(instance.platformUrl);
    expect(hash.get(provider.hashParams.runningInIframe)).toBe("true");
    await connected(frames[0]!);
  });

  it("props reach the frame: validated attributes, setters, handled events, and live locale/appearance", async () => {
    const { document, create, frames } = page();
    const instance = fakeInstance();
    const element = create("oriel-account-onboarding");
    element.setAttribute("privacy-policy-url", "https://platform.example/privacy");
    element.bindInstance(instance);
    document.body.append(element);
    const frame = frames[0]!;
    await propsOf(frame, (p) =>
      expect(p.attributes).toEqual({ "privacy-policy-url": "https://platform.example/privacy" }),
    );
    (element.setCollectionOptions as (v: unknown) => void)({ fields: "eventually_due" });
    const onExit = vi.fn();
    (element.setOnExit as (v: unknown) => void)(onExit);
    await propsOf(frame, (p) => {
      expect(p.setters.collectionOptions).toMatchObject({ fields: "eventually_due" });
      expect(p.setters.handledEvents).toEqual(["exit"]);
    });
    instance.update({ locale: "fr-FR", appearance: { variables: { colorPrimary: "#ff0000" } } });
    await propsOf(frame, (p) => {
      expect(p.locale).toBe("fr-FR");
      expect(p.appearance).toEqual({ variables: { colorPrimary: "#ff0000" } });
    });
  });

  it("a setter called with undefined unsets its value (a React prop removed), with no input error", async () => {
    const { document, create, frames, warnings } = page();
    const element = create("oriel-account-onboarding");
    element.bindInstance(fakeInstance());
    document.body.append(element);
    const frame = frames[0]!;
    const errors: unknown[] = [];
    element.addEventListener(elementEvents.inputError, (e) => errors.push(e));
    const set = (setter: string, value: unknown) =>
      (element[setter] as (v: unknown) => void).call(element, value);
    set("setCollectionOptions", { fields: "eventually_due" });
    set("setPrivacyPolicy", "https://platform.example/privacy");
    await propsOf(frame, (p) => {
      expect(p.setters.collectionOptions).toBeDefined();
      expect(p.attributes["privacy-policy-url"]).toBe("https://platform.example/privacy");
    });
    set("setCollectionOptions", undefined);
    set("setPrivacyPolicy", undefined);
    await propsOf(frame, (p) => {
      expect(p.setters.collectionOptions).toBeUndefined();
      expect(p.attributes["privacy-policy-url"]).toBeUndefined();
    });
    expect(element.hasAttribute("privacy-policy-url")).toBe(false);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it("a bad attribute value → a typed inputerror event and a warning naming it; nothing else changes", async () => {
    const { document, create, frames, warnings } = page();
    const element = create("oriel-account-onboarding");
    element.bindInstance(fakeInstance());
    document.body.append(element);
    const frame = frames[0]!;
    element.setAttribute("privacy-policy-url", "https://platform.example/privacy");
    await propsOf(frame, (p) => expect(p.attributes["privacy-policy-url"]).toBeDefined());
    const errors: CustomEvent[] = [];
    document.addEventListener(elementEvents.inputError, (e) => errors.push(e as CustomEvent));
    element.setAttribute("privacy-policy-url", "not a url");
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]!.detail).toMatchObject({
      code: "invalid_attribute",
      component: "account-onboarding",
      name: "privacy-policy-url",
    });
    expect(warnings.some((w) => w.includes("privacy-policy-url"))).toBe(true);
    expect(frame.link.props()!.attributes["privacy-policy-url"]).toBe(
      "https://platform.example/privacy",
    );
  });

  it("internal attributes and setters are honoured only where SPEC.md §6 allows", async () => {
    for (const internalAllowed of [false, true]) {
      const { document, create, frames } = page();
      const element = create("oriel-payouts-list");
      element.setAttribute("recent-payouts", "true");
      const errors: CustomEvent[] = [];
      element.addEventListener(elementEvents.inputError, (e) => errors.push(e as CustomEvent));
      element.bindInstance(fakeInstance({ internalAllowed }));
      document.body.append(element);
      if (internalAllowed)
        await propsOf(frames[0]!, (p) => expect(p.attributes["recent-payouts"]).toBe("true"));
      else {
        await vi.waitFor(() => expect(errors).toHaveLength(1));
        expect(errors[0]!.detail.code).toBe("internal_not_allowed");
        await propsOf(frames[0]!, (p) => expect(p.attributes).toEqual({}));
      }
    }
  });

  it("emitEvent → a bubbling, composed CustomEvent and the setOnX callback", async () => {
    const { document, create, frames } = page();
    const element = create("oriel-account-onboarding");
    element.bindInstance(fakeInstance());
    const onExit = vi.fn();
    (element.setOnExit as (v: unknown) => void)(onExit);
    document.body.append(element);
    const heard: CustomEvent[] = [];
    document.body.addEventListener("exit", (e) => heard.push(e as CustomEvent));
    await connected(frames[0]!);
    await frames[0]!.link.emitEvent("exit", { reason: "done" });
    expect(heard).toHaveLength(1);
    expect(heard[0]!.bubbles && heard[0]!.composed).toBe(true);
    expect(onExit).toHaveBeenCalledWith({ reason: "done" });
    // An event the component does not have is refused.
    await expect(frames[0]!.link.emitEvent("payoutcreated")).rejects.toThrow();
  });

  it("reportSize sizes the iframe; loaderstart and loaderror reach events and callbacks", async () => {
    const { document, create, frames, iframes } = page();
    const element = create("oriel-payouts-list");
    element.bindInstance(fakeInstance());
    const onLoaderStart = vi.fn();
    const onLoadError = vi.fn();
    element.setOnLoaderStart(onLoaderStart);
    element.setOnLoadError(onLoadError);
    document.body.append(element);
    const frame = frames[0]!;
    await connected(frame);
    frame.size({ width: 600, height: 412.4 });
    await vi.waitFor(() => expect(iframes()[0]!.style.height).toBe("413px"));
    await frame.link.reportLoaderStart();
    expect(onLoaderStart).toHaveBeenCalledWith({ elementTagName: "oriel-payouts-list" });
    const loadErrors: CustomEvent[] = [];
    element.addEventListener(elementEvents.loadError, (e) => loadErrors.push(e as CustomEvent));
    await frame.link.reportLoadError({ name: "api_error", message: "could not load" });
    expect(loadErrors[0]!.detail.error).toEqual({ type: "api_error", message: "could not load" });
    expect(onLoadError).toHaveBeenCalledTimes(1);
    await frame.link.overlayChanged(true);
    expect(element.hasAttribute("data-overlay-open")).toBe(true);
  });

  it("the element fills its container's width, capped by the catalogue's maxWidth where it has one", () => {
    const { create } = page();
    // A constructed stylesheet (no inline <style>: the platform's CSP need not allow it).
    const styleOf = (tag: string) => {
      const root = create(tag).shadowRoot!;
      expect(root.querySelector("style")).toBeNull();
      return [...root.adoptedStyleSheets[0]!.cssRules].map((rule) => rule.cssText).join("");
    };
    const capped = Object.entries(catalogueManifest).filter(([, entry]) => "maxWidth" in entry);
    expect(capped.length).toBeGreaterThan(0);
    for (const [name, entry] of capped)
      expect(styleOf(`${provider.tagPrefix}-${name}`)).toMatch(
        new RegExp(`max-width: ?${(entry as { maxWidth: number }).maxWidth}px`),
      );
    expect(styleOf("oriel-payouts-list")).toMatch(/width: ?100%/);
    expect(styleOf("oriel-payouts-list")).not.toContain("max-width");
  });

  it("attach, detach, re-attach, move and double mount leave one iframe while attached and none after", async () => {
    const { document, create, iframes, frames } = page();
    const element = create("oriel-payouts-list");
    element.bindInstance(fakeInstance());
    const other = document.createElement("section");
    document.body.append(other);
    for (let i = 0; i < 3; i++) {
      document.body.append(element);
      element.remove();
      document.body.append(element);
      expect(iframes()).toHaveLength(1);
      other.append(element); // a move
      expect(iframes()).toHaveLength(1);
      element.remove();
      expect(iframes()).toHaveLength(0);
    }
    // The last frame's server is gone: its link never connects again.
    document.body.append(element);
    await connected(frames.at(-1)!);
    element.remove();
    await vi.waitFor(() => expect(frames.at(-1)!.link.connected()).toBe(false));
  });

  it("an element's handshake server is offered to the instance's inspector while it serves, and taken back when it stops", async () => {
    const { document, create, frames } = page();
    const instance = fakeInstance();
    const element = create("oriel-payouts-list");
    element.bindInstance(instance);
    document.body.append(element);
    await connected(frames[0]!);
    const [server] = [...instance.inspected];
    expect(instance.inspected.size).toBe(1);
    expect((server as unknown as { logic: { id: string } }).logic.id).toBe("handshake.server");
    element.remove();
    expect(instance.inspected.size).toBe(0);
  });

  it("an element created before the loader binds to it when it appears", async () => {
    const { document, create, iframes } = page();
    const element = create("oriel-payouts-list");
    document.body.append(element);
    expect(iframes()).toHaveLength(0);
    const instance = fakeInstance();
    setCurrentInstance(instance);
    cleanups.push(() => clearCurrentInstance(instance));
    expect(iframes()).toHaveLength(1);
  });

  it("destroying the instance removes every element's iframe", () => {
    const { document, create, iframes } = page();
    const instance = fakeInstance();
    for (let i = 0; i < 10; i++) {
      const element = create("oriel-payouts-list");
      element.bindInstance(instance);
      document.body.append(element);
    }
    expect(iframes()).toHaveLength(10);
    instance.destroy();
    expect(iframes()).toHaveLength(0);
    // The elements are still on the page: the next instance takes them over.
    const next = fakeInstance();
    setCurrentInstance(next);
    cleanups.push(() => clearCurrentInstance(next));
    expect(iframes()).toHaveLength(10);
    for (const iframe of iframes())
      expect(new URLSearchParams(new URL(iframe.src).hash.slice(1)).get("namespace")).toBe(
        next.namespace,
      );
  });
});
