/**
 * The connect host's mobile entry page (docs/mobile.md): where it is and the names of its
 * bridge — plain constants, so the platform script can compare its page with it without
 * loading a schema. The bridge's messages are `messages/entry-bridge.schema.ts`.
 */
import { provider } from "./provider.ts";

/** The entry page's path on the connect host. */
export const entryPagePath = "/entry.html";

/** The bridge version the page speaks (`ready` says it; a native side can check it). */
export const entryBridgeVersion = 1;

/** Where the bridge lives on each side. */
export const bridgeNames = {
  /** `window.webkit.messageHandlers[ios]` (iOS WKWebView). */
  ios: `${provider.id}Entry`,
  /** `window[android].postMessage(json)` (Android `addJavascriptInterface`). */
  android: `${provider.id}EntryAndroid`,
  /** The page's own object: `window[receive].receive(json)` is how the native side answers. */
  receive: `${provider.id}Entry`,
} as const;

/** The hash parameters of the entry page's URL (besides the component's own attributes). */
export const entryHashParams = {
  component: "component",
  publishableKey: "publishableKey",
  locale: "locale",
  /** `light` (default) or `dark`: the app's theme. */
  theme: "theme",
} as const;
