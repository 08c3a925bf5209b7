/**
 * The data-layer page's wiring: reads the frame's URL (own origin, hash parameter
 * platformUrl), finds the service environment from the connect origin it is served on, and
 * starts `createDataLayer` over the browser's window, fetch and localStorage.
 */
import {
  hostsFor,
  type ProviderHosts,
  provider,
  type ServiceEnvironment,
  serviceEnvironments,
} from "../../protocol/provider.ts";
import { createDataLayer, type DataLayer } from "./data-layer.ts";
import type { DataLayerWindow, StorageLike, WindowMessageEvent } from "./types.ts";

/** The environment whose connect host serves this page; anything else is a local setup. */
export function environmentOf(origin: string): {
  environment: ServiceEnvironment;
  hosts: ProviderHosts;
} {
  for (const environment of serviceEnvironments) {
    if (environment === "local") continue;
    const hosts = hostsFor(environment);
    if (hosts.connect === origin) return { environment, hosts };
  }
  return { environment: "local", hosts: { ...hostsFor("local"), connect: origin } };
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

export function startDataLayerPage(early: MessageEvent[] = []): DataLayer {
  const { environment, hosts } = environmentOf(location.origin);
  const platform = platformOf(location.hash);
  return createDataLayer({
    window: browserWindow(early),
    fetch: (url, init) => fetch(url, init),
    storage: safeLocalStorage(),
    hosts,
    environment,
    selfOrigin: location.origin,
    platformOrigin: platform?.origin ?? null,
    ...(platform ? { platformPagePath: platform.path } : {}),
  });
}
