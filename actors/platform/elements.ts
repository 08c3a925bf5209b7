import {
  catalogueManifest,
  type PlatformManifestEntry,
} from "../../protocol/catalogue/manifest.ts";
import { provider, tagName } from "../../protocol/provider.ts";
import {
  consoleLogger,
  type Logger,
  type MessageReceiver,
  type PostTarget,
} from "../messaging/types.ts";
import { chunks } from "./chunks.ts";
import { type InstanceLink, type LoadFailure, whenInstance } from "./registry.ts";

/**
 * The custom elements of the whole catalogue, derived from the manifest: one base class, and
 * one small subclass per entry (aliases too) that only names its attributes, events and
 * setters. Never one class written per component.
 *
 * An element owns one iframe to its UI frame (in its shadow root) and, while attached, one
 * handshake server on its instance's namespace whose only peer is that iframe — so each frame
 * hears exactly its element, though all share the namespace. Detaching tears both down (a
 * browser reloads a moved iframe anyway); attaching builds them again. That makes moves,
 * re-attachment and React StrictMode's double mount leave exactly one frame, and removal none.
 *
 * Values are validated by the catalogue's schemas in a lazily imported chunk
 * (`validate.chunk.ts`); a bad one is not applied: the element fires `inputerror` (detail:
 * the catalogue's typed error) and warns naming the attribute or setter.
 */

/** The element's own events besides the catalogue's (every element has them). */
export const elementEvents = {
  loaderStart: "loaderstart",
  loadError: "loaderror",
  inputError: "inputerror",
  overlayChange: "overlaychange",
} as const;

/** Fallback minimum width of a component, unless its entry disables it. */
export const MIN_WIDTH_PX = 320;

type Validator = typeof import("./validate.chunk.ts");
let validator: Promise<Validator> | undefined;
let hostServer: Promise<typeof import("./host-server.chunk.ts")> | undefined;
const loadHostServer = () => {
  hostServer ??= chunks.hostServer();
  return hostServer;
};
const loadValidator = () => {
  validator ??= chunks.validate();
  return validator;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export interface ElementEnvironment {
  window: Window & typeof globalThis;
  log?: Logger;
  /** Where the frames' window messages arrive; defaults to `window`. */
  messages?: MessageReceiver;
  /** The element's iframe window; defaults to `contentWindow` (tests pass a stand-in). */
  frameWindow?: (iframe: HTMLIFrameElement) => PostTarget | null;
}

export type ElementHandle = HTMLElement & {
  /** Binds to a loader instance (else the page's current one is used). */
  bindInstance(instance: InstanceLink): void;
  setOnLoaderStart(callback: ((event: { elementTagName: string }) => void) | undefined): void;
  setOnLoadError(
    callback: ((event: { error: { type: string; message: string } }) => void) | undefined,
  ): void;
} & Record<string, unknown>;

/** A constructed stylesheet where the browser has them (every current one does). */
function constructSheet(window: Window & typeof globalThis, css: string) {
  if (
    typeof window.CSSStyleSheet !== "function" ||
    !("adoptedStyleSheets" in window.ShadowRoot.prototype)
  )
    return undefined;
  try {
    const sheet = new window.CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  } catch {
    return undefined;
  }
}

/** Builds the element class of one catalogue entry. */
function elementClass(env: ElementEnvironment, name: string, entry: PlatformManifestEntry) {
  const log = env.log ?? consoleLogger;
  const attributeNames = entry.attributes.map(([attribute]) => attribute as string);
  const internalAttributes = new Set(
    entry.attributes.filter(([, internal]) => internal).map(([attribute]) => attribute as string),
  );
  const eventNames = new Set(entry.events.map(([event]) => event as string));
  const listenerSetters = entry.setters.filter(([, type]) => type === "EventListenerMethod");
  for (const [, , event] of listenerSetters) eventNames.add(event);
  const tag = tagName(name);
  const maxWidth = "maxWidth" in entry ? entry.maxWidth : undefined;
  const css = `:host{display:block;width:100%;${
    entry.disableMinWidth ? "" : `min-width:${MIN_WIDTH_PX}px;`
  }${maxWidth ? `max-width:${maxWidth}px;` : ""}}iframe{display:block;width:100%;border:0;height:0;color-scheme:normal}`;
  let sheet: CSSStyleSheet | undefined;

  class Element extends env.window.HTMLElement {
    static observedAttributes = attributeNames;

    #instance: InstanceLink | undefined;
    #stopWaiting: (() => void) | undefined;
    #attributes: Record<string, string> = {};
    #setters: Record<string, unknown> = {};
    #callbacks = new Map<string, (detail: unknown) => void>();
    #pushers = new Set<() => void>();
    #teardown: (() => void) | undefined;
    #root: ShadowRoot;

    constructor() {
      super();
      this.#root = this.attachShadow({ mode: "open" });
      const root = this.#root;
      // A constructed stylesheet, not a <style> element: the platform's CSP need not allow
      // inline styles (docs/platform-csp.md). One sheet per tag, shared by its elements.
      sheet ??= constructSheet(env.window, css);
      if (sheet) root.adoptedStyleSheets = [sheet];
      else {
        const style = env.window.document.createElement("style");
        style.textContent = css;
        root.append(style);
      }
    }

    bindInstance(instance: InstanceLink) {
      if (this.#instance === instance) return;
      this.#stopWaiting?.();
      this.#stopWaiting = undefined;
      this.#detachFrame();
      this.#instance = instance;
      for (const attribute of attributeNames) {
        const value = this.getAttribute(attribute);
        if (value !== null) this.#checkAttribute(attribute, value);
      }
      if (this.isConnected) this.#attachFrame();
    }

    connectedCallback() {
      if (this.#instance) this.#attachFrame();
      else if (!this.#stopWaiting)
        this.#stopWaiting = whenInstance((instance) => this.bindInstance(instance));
    }

    disconnectedCallback() {
      this.#stopWaiting?.();
      this.#stopWaiting = undefined;
      this.#detachFrame();
    }

    attributeChangedCallback(attribute: string, _old: string | null, value: string | null) {
      if (!this.#instance) return; // checked when the element binds
      if (value === null) {
        delete this.#attributes[attribute];
        this.#push();
      } else this.#checkAttribute(attribute, value);
    }

    setOnLoaderStart(callback: unknown) {
      this.#setCallback(elementEvents.loaderStart, callback, "setOnLoaderStart");
    }

    setOnLoadError(callback: unknown) {
      this.#setCallback(elementEvents.loadError, callback, "setOnLoadError");
    }

    /** The setter methods of the manifest call this (see the loop below). */
    callSetter(setter: string, type: string, target: string, internal: boolean, value: unknown) {
      if (internal && this.#instance && !this.#instance.internalAllowed) {
        this.#reject({
          code: "internal_not_allowed",
          component: name,
          name: setter,
          message: `${name} ${setter}: is internal and not for platforms`,
        });
        return;
      }
      if (type === "EventListenerMethod") {
        this.#setCallback(target, value, setter);
        return;
      }
      if (type === "SupplementalFunction") {
        // A function cannot cross to the frame; it stays here.
        if (value === undefined || typeof value === "function") this.#setters[target] = value;
        else log.warn(`${tag} ${setter}: expects a function`);
        return;
      }
      if (value === undefined) {
        // Unset (a React prop removed): back to the component's default, nothing to check.
        if (type === "AttributeSettingMethod") this.removeAttribute(target);
        else {
          delete this.#setters[target];
          this.#push();
        }
        return;
      }
      loadValidator()
        .then(({ validateSetter }) => {
          const result = validateSetter(name, setter, value, {
            allowInternal: this.#instance?.internalAllowed ?? false,
            setters: this.#setters,
          });
          if (!result.ok) return this.#reject(result.error);
          if (type === "AttributeSettingMethod") {
            if (value === undefined || value === null) this.removeAttribute(target);
            else this.setAttribute(target, String(value));
          } else {
            this.#setters[target] = result.value;
            this.#push();
          }
        })
        .catch(() => log.warn(`${tag}: the input checks could not be loaded`));
    }

    #setCallback(event: string, callback: unknown, setter: string) {
      if (callback !== undefined && typeof callback !== "function") {
        log.warn(`${tag} ${setter}: expects a function`);
        return;
      }
      if (callback) this.#callbacks.set(event, callback as (detail: unknown) => void);
      else this.#callbacks.delete(event);
      this.#push();
    }

    #checkAttribute(attribute: string, value: string) {
      loadValidator()
        .then(({ validateAttribute }) => {
          // The attribute may have changed again while the chunk loaded.
          if (this.getAttribute(attribute) !== value) return;
          const result = validateAttribute(name, attribute, value, {
            allowInternal: this.#instance?.internalAllowed ?? false,
          });
          if (!result.ok) return this.#reject(result.error);
          this.#attributes[attribute] = value;
          this.#push();
        })
        .catch(() => log.warn(`${tag}: the input checks could not be loaded`));
    }

    #reject(error: { code: string; component: string; name: string; message: string }) {
      log.warn(`${tag}: ${error.message}; ignored`);
      this.dispatchEvent(
        new env.window.CustomEvent(elementEvents.inputError, {
          detail: error,
          bubbles: true,
          composed: true,
        }),
      );
    }

    #props() {
      const shared = this.#instance?.shared();
      const attributes: Record<string, string> = {};
      for (const [attribute, value] of Object.entries(this.#attributes)) {
        if (!internalAttributes.has(attribute) || this.#instance?.internalAllowed)
          attributes[attribute] = value;
      }
      const setters: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(this.#setters))
        if (typeof value !== "function" && value !== undefined) setters[key] = value;
      setters.handledEvents = [...this.#callbacks.keys()].filter((e) => eventNames.has(e));
      return {
        attributes,
        setters,
        appearance: shared?.appearance ?? null,
        fonts: shared?.fonts ?? null,
        locale: shared?.locale ?? null,
      };
    }

    #push() {
      for (const push of [...this.#pushers]) push();
    }

    #dispatch(event: string, detail: unknown) {
      this.dispatchEvent(
        new env.window.CustomEvent(event, { detail, bubbles: true, composed: true }),
      );
      const callback = this.#callbacks.get(event);
      if (callback) {
        try {
          callback(detail);
        } catch (error) {
          // The platform's callback must not break the frame's call.
          env.window.setTimeout(() => {
            throw error;
          });
        }
      }
    }

    #attachFrame() {
      const instance = this.#instance;
      if (!instance || this.#teardown) return;
      const failed = instance.failure();
      if (failed) {
        this.#failed(failed);
        return;
      }
      const { document } = env.window;
      const hash = new URLSearchParams({
        [provider.hashParams.runningInIframe]: "true",
        [provider.hashParams.platformUrl]: instance.platformUrl,
        [provider.hashParams.namespace]: instance.namespace,
        [provider.hashParams.component]: name,
        // The override flag of SPEC.md §6, for the frame's gate of internal entries.
        ...(instance.overrideFlagSet
          ? { [provider.flags.overrideFlagsInExternalDomains]: "true" }
          : {}),
      });
      const iframe = document.createElement("iframe");
      iframe.src = `${instance.connectOrigin}/frame.html#${hash}`;
      iframe.title = name;
      this.#root.append(iframe);
      const frameWindow = (env.frameWindow ?? ((f) => f.contentWindow))(iframe);
      if (!frameWindow) {
        iframe.remove();
        return;
      }
      let stopped = false;
      let stopServing: (() => void) | undefined;
      // Until its page has loaded the iframe holds about:blank on the platform's origin: a
      // message for the connect origin would be refused (with a console warning). The frame's
      // client re-sends its syn on our server-syn, so serving after the load loses nothing.
      const loaded = new Promise<void>((resolve) =>
        iframe.addEventListener("load", () => resolve(), { once: true }),
      );
      Promise.all([loadHostServer(), loaded])
        .then(([{ serveHost }]) => {
          if (stopped) return;
          stopServing = serveHost({
            namespace: instance.namespace,
            self: env.messages ?? (env.window as unknown as MessageReceiver),
            frame: frameWindow,
            connectOrigin: instance.connectOrigin,
            log,
            props: (push) => {
              const send = () => push(this.#props());
              this.#pushers.add(send);
              send();
              return () => this.#pushers.delete(send);
            },
            methods: this.#methods(iframe),
            inspectable: instance.inspectable,
          });
        })
        .catch(() => log.warn(`${tag}: the frame link could not be loaded`));
      const offShared = instance.onShared(() => this.#push());
      const offFailure = instance.onFailure((failure) => {
        this.#detachFrame();
        this.#failed(failure);
      });
      const offDestroy = instance.onDestroy(() => {
        this.#detachFrame();
        this.#instance = undefined;
        // Still on the page (a single-page app): the next instance takes it over.
        if (this.isConnected) this.#stopWaiting = whenInstance((next) => this.bindInstance(next));
      });
      this.#teardown = () => {
        stopped = true;
        offShared();
        offFailure();
        offDestroy();
        stopServing?.();
        iframe.remove();
      };
    }

    /** The whole instance failed (no data layer): this element reports it and shows nothing. */
    #failed(failure: LoadFailure) {
      this.#dispatch(elementEvents.loadError, {
        error: { type: failure.type, message: failure.message },
        elementTagName: tag,
      });
    }

    #detachFrame() {
      const teardown = this.#teardown;
      this.#teardown = undefined;
      this.#pushers.clear();
      teardown?.();
    }

    #methods(iframe: HTMLIFrameElement) {
      const bad = () => {
        throw new TypeError("invalid arguments");
      };
      return {
        emitEvent: (arg: unknown) => {
          if (!isRecord(arg) || typeof arg.name !== "string" || !eventNames.has(arg.name)) bad();
          const { name: event, detail } = arg as { name: string; detail?: unknown };
          this.#dispatch(event, detail);
        },
        reportSize: (arg: unknown) => {
          if (!isRecord(arg) || typeof arg.height !== "number" || !(arg.height >= 0)) bad();
          iframe.style.height = `${Math.ceil((arg as { height: number }).height)}px`;
        },
        reportLoadError: (arg: unknown) => {
          const error = isRecord(arg) ? arg.error : undefined;
          if (!isRecord(error) || typeof error.message !== "string") bad();
          const {
            name: type,
            message,
            requestId,
          } = error as {
            name?: unknown;
            message: string;
            requestId?: unknown;
          };
          this.#dispatch(elementEvents.loadError, {
            error: {
              type: typeof type === "string" ? type : "load_error",
              message,
              ...(typeof requestId === "string" ? { requestId } : {}),
            },
            elementTagName: tag,
          });
        },
        reportLoaderStart: () => {
          this.#dispatch(elementEvents.loaderStart, { elementTagName: tag });
        },
        overlayChanged: (arg: unknown) => {
          if (!isRecord(arg) || typeof arg.open !== "boolean") bad();
          const { open } = arg as { open: boolean };
          this.toggleAttribute("data-overlay-open", open);
          this.#dispatch(elementEvents.overlayChange, { open });
        },
      };
    }
  }

  for (const [setter, type, target, internal] of entry.setters) {
    Object.defineProperty(Element.prototype, setter, {
      configurable: true,
      writable: true,
      value(this: Element, value: unknown) {
        this.callSetter(setter, type, target, internal, value);
      },
    });
  }
  return Element;
}

/**
 * Defines `<prefix>-<name>` for every catalogue entry not yet defined in `env.window`.
 * Idempotent; called by the loader, never on import.
 */
export function defineConnectElements(env: ElementEnvironment): void {
  const registry = env.window.customElements;
  for (const [name, entry] of Object.entries(catalogueManifest) as [
    string,
    PlatformManifestEntry,
  ][]) {
    const tag = tagName(name);
    if (!registry.get(tag)) registry.define(tag, elementClass(env, name, entry));
  }
}

/** Binds an element made by `defineConnectElements` to an instance. */
export function bindElement(element: HTMLElement, instance: InstanceLink): void {
  (element as ElementHandle).bindInstance?.(instance);
}
