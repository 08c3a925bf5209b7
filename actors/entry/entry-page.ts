/**
 * The connect host's mobile entry page (connect/entry.html, docs/mobile.md): what a native
 * app's web view loads directly — no platform page around it. The page plays the platform's
 * part for one mobile entry point: it runs the loader (`loadConnectAndInitialize`, the same
 * data-layer frame and UI frame as on any platform page), asks the native side for each
 * client secret over the web view's script bridge, and tells it every event of the component.
 *
 * The bridge (protocol/messages/entry-bridge.schema.ts): the page posts JSON text to the
 * first native channel it finds (iOS message handler, Android interface, React Native), and
 * the native side answers by calling `window[bridgeNames.receive].receive(message)`. Every
 * message each way is checked against its schema; anything else is ignored with a warning.
 * The page never sees a key: the client secret goes to the data layer, as on a platform page.
 */
import { isManifestName, manifestEntry } from "../../protocol/catalogue/manifest.ts";
import { bridgeNames, entryBridgeVersion, entryHashParams } from "../../protocol/entry-page.ts";
import {
  type EntryToNative,
  type NativeToEntry,
  nativeToEntrySchema,
} from "../../protocol/messages/entry-bridge.schema.ts";
import { tagName } from "../../protocol/provider.ts";
import { consoleLogger, type Logger, randomId } from "../messaging/types.ts";
import type { ConnectInstance } from "../platform/loader.ts";
import type { ConnectOptions } from "../platform/options.ts";

/** How long the page waits for the native side's client secret before the loader retries. */
export const clientSecretTimeoutMs = 30_000;

/** The events every element has, which the native side hears too. */
const commonEvents = ["loaderstart", "loaderror", "inputerror"] as const;

/** One native channel: where the page's messages go, as JSON text. */
export type NativePost = (json: string) => void;

interface NativeWindow {
  webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): void }> };
  ReactNativeWebView?: { postMessage(message: string): void };
  [name: string]: unknown;
}

/** The native side's channel in this web view, if the app installed one. */
export function nativeChannel(win: NativeWindow): NativePost | null {
  const ios = win.webkit?.messageHandlers?.[bridgeNames.ios];
  if (ios) return (json) => ios.postMessage(json);
  const android = win[bridgeNames.android] as { postMessage?(message: string): void } | undefined;
  if (typeof android?.postMessage === "function") return (json) => android.postMessage?.(json);
  const reactNative = win.ReactNativeWebView;
  if (reactNative) return (json) => reactNative.postMessage(json);
  return null;
}

/** What the entry page's URL asks for, checked; or why it cannot start. */
export type EntryRequest =
  | {
      ok: true;
      component: string;
      publishableKey: string;
      locale: string | undefined;
      theme: "light" | "dark";
      /** The entry point's own attributes (its catalogue names only). */
      attributes: Record<string, string>;
    }
  | { ok: false; message: string };

export function readEntryRequest(hash: string): EntryRequest {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const component = params.get(entryHashParams.component) ?? "";
  const entry = isManifestName(component) ? manifestEntry(component) : undefined;
  if (entry?.releaseState !== "entry_point")
    return { ok: false, message: `${entryHashParams.component}: not a mobile entry point` };
  const publishableKey = params.get(entryHashParams.publishableKey);
  if (!publishableKey) return { ok: false, message: `${entryHashParams.publishableKey}: missing` };
  const theme = params.get(entryHashParams.theme) ?? "light";
  if (theme !== "light" && theme !== "dark")
    return { ok: false, message: `${entryHashParams.theme}: must be light or dark` };
  const attributes: Record<string, string> = {};
  for (const [name] of entry.attributes) {
    const value = params.get(name);
    if (value !== null) attributes[name] = value;
  }
  return {
    ok: true,
    component,
    publishableKey,
    locale: params.get(entryHashParams.locale) ?? undefined,
    theme,
    attributes,
  };
}

export interface EntryPageOptions {
  window: NativeWindow & { location: Location; top: unknown; self: unknown };
  document: Document;
  /** The loader (`loadConnectAndInitialize`); tests pass their own. */
  load(options: ConnectOptions): ConnectInstance;
  log?: Logger;
  timers?: Pick<typeof globalThis, "setTimeout" | "clearTimeout">;
}

export interface EntryPage {
  /** What the native side calls (also `window[bridgeNames.receive].receive`). */
  receive(message: unknown): void;
  instance: ConnectInstance | null;
}

export function startEntryPage(options: EntryPageOptions): EntryPage {
  const { window: win, document } = options;
  const log = options.log ?? consoleLogger;
  const timers = options.timers ?? globalThis;
  const channel = nativeChannel(win);
  const post = (message: EntryToNative) => {
    if (channel) channel(JSON.stringify(message));
    else log.warn("entry page: no native bridge in this web view", { type: message.type });
  };

  const waiting = new Map<string, { resolve(secret: string): void; reject(e: Error): void }>();
  const receive = (raw: unknown) => {
    let message: unknown = raw;
    if (typeof raw === "string") {
      try {
        message = JSON.parse(raw);
      } catch {
        message = undefined;
      }
    }
    const parsed = nativeToEntrySchema.safeParse(message);
    if (!parsed.success) {
      log.warn("entry page: ignored a native message that is not the bridge's");
      return;
    }
    answer(parsed.data);
  };
  const answer = (message: NativeToEntry) => {
    const wait = waiting.get(message.requestId);
    if (!wait) {
      log.warn("entry page: a native answer to no request", { type: message.type });
      return;
    }
    waiting.delete(message.requestId);
    if (message.type === "clientSecret") wait.resolve(message.clientSecret);
    else wait.reject(new Error(message.message ?? "The app could not get a client secret."));
  };
  Object.defineProperty(win, bridgeNames.receive, {
    value: Object.freeze({ receive }),
    writable: false,
    configurable: false,
  });

  const page: EntryPage = { receive, instance: null };
  // The page is the whole web view: framed by anyone, it does nothing.
  if (win.top !== win.self) {
    post({ type: "failed", code: "framed", message: "The entry page must not be framed." });
    return page;
  }
  const request = readEntryRequest(win.location.hash);
  if (!request.ok) {
    post({ type: "failed", code: "invalid_parameter", message: request.message });
    return page;
  }
  post({ type: "ready", version: entryBridgeVersion, component: request.component });

  const fetchClientSecret = () =>
    new Promise<string>((resolve, reject) => {
      const requestId = randomId();
      const timer = timers.setTimeout(() => {
        if (!waiting.delete(requestId)) return;
        reject(new Error("The app did not answer with a client secret in time."));
      }, clientSecretTimeoutMs);
      const done = () => timers.clearTimeout(timer);
      waiting.set(requestId, {
        resolve: (secret) => {
          done();
          resolve(secret);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      post({ type: "clientSecretNeeded", requestId });
    });

  let instance: ConnectInstance;
  try {
    instance = options.load({
      publishableKey: request.publishableKey,
      connectOrigin: win.location.origin,
      fetchClientSecret,
      appearance: { theme: request.theme },
      ...(request.locale ? { locale: request.locale } : {}),
    });
  } catch (error) {
    post({
      type: "failed",
      code: "invalid_parameter",
      message: error instanceof Error ? error.message : String(error),
    });
    return page;
  }
  page.instance = instance;
  const element = instance.create(tagName(request.component));
  const entry = manifestEntry(request.component);
  for (const [name, value] of Object.entries(request.attributes)) element.setAttribute(name, value);
  for (const name of [...(entry?.events.map(([event]) => event) ?? []), ...commonEvents])
    element.addEventListener(name, (event) => {
      const detail = (event as CustomEvent).detail;
      post({ type: "event", name, ...(detail === undefined ? {} : { detail }) });
    });
  document.getElementById("root")?.append(element);
  return page;
}
