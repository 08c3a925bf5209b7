/**
 * The data-layer page's wiring: reads the frame's URL (own origin, hash parameter
 * platformUrl), finds the service environment from the connect origin it is served on, and
 * starts `createDataLayer` over the browser's window, fetch and localStorage.
 */
import {
  environmentOfConnectOrigin,
  hostsMetaName,
  parseHostsMeta,
  platformMatchesParent,
  provider,
} from "../../protocol/provider.ts";
import { browserCookies, createConsentManager } from "../site/consent.ts";
import { createDataLayer, type DataLayer } from "./data-layer.ts";
import type { DataLayerWindow, StorageLike, WindowMessageEvent } from "./types.ts";

/** The environment whose connect host serves this page (see `environmentOfConnectOrigin`). */
export function environmentOf(origin: string, hostsMeta?: string | null) {
  return environmentOfConnectOrigin(origin, parseHostsMeta(hostsMeta));
}

/** The platform page (hash parameter platformUrl, SPEC.md §2): its origin and path. */
export function platformOf(hash: string): { origin: string; path: string } | null {
  const raw = new URLSearchParams(hash.replace(/^#/, "")).get(provider.hashParams.platformUrl);
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return { origin: url.origin, path: url.pathname };
  } catch {
    return null;
  }
}

/** localStorage throws in some partitioned or sandboxed frames: then there is none. */
function safeLocalStorage(): StorageLike | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The browser window; `early` messages (held while the page loaded) go to the first listener. */
function browserWindow(early: MessageEvent[]): DataLayerWindow {
  const wrappers = new Map<(event: WindowMessageEvent) => void, (event: MessageEvent) => void>();
  return {
    parent: window.parent,
    self: window,
    addEventListener(type, listener) {
      const wrapper = (event: MessageEvent) => listener(event);
      wrappers.set(listener, wrapper);
      window.addEventListener(type, wrapper);
      for (const event of early.splice(0)) listener(event);
    },
    removeEventListener(type, listener) {
      const wrapper = wrappers.get(listener);
      if (wrapper) window.removeEventListener(type, wrapper);
      wrappers.delete(listener);
    },
  };
}

/** The page's ancestors' origins, where the browser tells them (Chromium, Safari). */
const ancestorOrigins = (): ArrayLike<string> | undefined =>
  (location as Location & { ancestorOrigins?: ArrayLike<string> }).ancestorOrigins;

export const embeddingRefusedMessage =
  "data layer: the page that embeds this frame is not the platformUrl's origin; refusing to work";

/** Starts the data layer; null (and nothing listens) when the embedding page is not the platform. */
export function startDataLayerPage(early: MessageEvent[] = []): DataLayer | null {
  const meta = document.querySelector(`meta[name="${hostsMetaName}"]`)?.getAttribute("content");
  const { environment, hosts } = environmentOf(location.origin, meta);
  const platform = platformOf(location.hash);
  if (!platformMatchesParent(platform?.origin ?? null, ancestorOrigins())) {
    console.error(embeddingRefusedMessage);
    return null;
  }
  const storage = safeLocalStorage();
  // The provider's consent manager (docs/security.md "Consent"): analytics only with the
  // functional category, and what was written in a withdrawn category removed.
  const consent = createConsentManager({
    marketingOrigin: hosts.marketing,
    fetch: (url, init) => fetch(url, init),
    cookies: browserCookies(),
    storage,
    now: () => Date.now(),
    onWarning: (message, detail) => console.warn(message, detail),
  });
  const layer = createDataLayer({
    window: browserWindow(early),
    fetch: (url, init) => fetch(url, init),
    storage,
    hosts,
    environment,
    selfOrigin: location.origin,
    platformOrigin: platform?.origin ?? null,
    ...(platform ? { platformPagePath: platform.path } : {}),
    overrideFlagSet:
      new URLSearchParams(location.hash.replace(/^#/, "")).get(
        provider.flags.overrideFlagsInExternalDomains,
      ) === "true",
    consent,
  });
  // What is queued leaves on a keep-alive request when the page hides.
  addEventListener("pagehide", () => layer.telemetry.flush({ keepalive: true }));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") layer.telemetry.flush({ keepalive: true });
  });
  consent.subscribe((allowed) => {
    if (!allowed.functional) layer.telemetry.analyticsLogger.discard();
  });
  return layer;
}
