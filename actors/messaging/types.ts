/**
 * The small effect interfaces the messaging actors are built on. The browser's own objects
 * satisfy them; tests pass fakes (an EventTarget window, manual timers).
 */

/** The parts of a window `message` event a messenger reads. */
export interface MessageEventLike {
  data: unknown;
  origin: string;
  source: unknown;
  ports?: readonly MessagePort[];
}

/** Where window messages arrive (the frame's own `window`). */
export interface MessageReceiver {
  addEventListener(type: "message", listener: (event: MessageEventLike) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEventLike) => void): void;
}

/** A window one can post to (`window.parent`, an iframe's `contentWindow`). */
export interface PostTarget {
  postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Log lines carry reasons and names, never a received value (it may hold a key). */
export interface Logger {
  warn(message: string, detail?: Record<string, unknown>): void;
}

export const consoleLogger: Logger = {
  warn: (message, detail) => console.warn(message, detail ?? {}),
};

/**
 * A random endpoint id, request id prefix or namespace: 32 hex characters (visible ASCII, as
 * the schemas require) from `crypto.getRandomValues`, which every page has —
 * `crypto.randomUUID` exists only in secure contexts, and a platform in development may serve
 * its page over plain HTTP on a host name other than localhost.
 */
export function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
