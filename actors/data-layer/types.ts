/**
 * The effects the data layer is built on, as small interfaces: the page passes the browser's
 * own objects, tests pass fakes (an EventTarget window, a recording fetch, a manual clock).
 */
import type { ProviderHosts, ServiceEnvironment } from "../../protocol/provider.ts";

/** The parts of a window `message` event the intake reads. */
export interface WindowMessageEvent {
  origin: string;
  data: unknown;
  ports: readonly MessagePort[];
  /** The window that posted (`event.source`); null for a message with none. */
  source: unknown;
}

export interface DataLayerWindow {
  /** This frame's parent: the platform page. */
  readonly parent: unknown;
  /** This frame's own window. */
  readonly self: unknown;
  addEventListener(type: "message", listener: (event: WindowMessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: WindowMessageEvent) => void): void;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Log lines never carry a key or a received value, only reasons and names. */
export interface Logger {
  info(message: string, detail?: Record<string, unknown>): void;
  warn(message: string, detail?: Record<string, unknown>): void;
  error(message: string, detail?: Record<string, unknown>): void;
}

export const consoleLogger: Logger = {
  info: (message, detail) => console.info(message, detail ?? ""),
  warn: (message, detail) => console.warn(message, detail ?? ""),
  error: (message, detail) => console.error(message, detail ?? ""),
};

export const systemClock: Clock = { now: () => Date.now() };

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Everything `createDataLayer` needs; the page builds it from `window` and the URL hash. */
export interface DataLayerDeps {
  window: DataLayerWindow;
  fetch: FetchLike;
  /** localStorage, or undefined when the browser refuses it (partitioned / sandboxed). */
  storage?: StorageLike | undefined;
  clock?: Clock;
  timers?: Timers;
  hosts: ProviderHosts;
  environment: ServiceEnvironment;
  /** The data-layer frame's own origin. */
  selfOrigin: string;
  /** The platform page's origin, from the hash parameter platformUrl; null when absent. */
  platformOrigin: string | null;
  /** The platform page's path, for analytics (truncated to 512 characters). */
  platformPagePath?: string;
  /** The platform page carries the override flag of SPEC.md §6 (the loader passes it on). */
  overrideFlagSet?: boolean;
  /**
   * The page's consent manager (`actors/site/consent.ts`): analytics, the functional
   * category, are collected only when it allows them.
   */
  consent: {
    allows(category: "authentication" | "essential" | "functional" | "advertising"): boolean;
  };
  log?: Logger;
}
