/**
 * The mobile entry page's bridge (docs/mobile.md): a native app's web view loads the connect
 * host's entry page (`entryPagePath`) directly, with no platform page around it, and talks
 * to it through the web view's script bridge — the page posts JSON text to the native side
 * (iOS: a `WKScriptMessageHandler` named `bridgeNames.ios`; Android: an object named
 * `bridgeNames.android` with `postMessage(String)`; React Native: `ReactNativeWebView`), and
 * the native side calls `window[bridgeNames.receive].receive(message)` with JSON text (or
 * an object). Both directions are checked against these schemas; anything else is ignored
 * with a warning and changes nothing.
 */
import * as z from "zod/mini";
import { entryBridgeVersion } from "../entry-page.ts";

const requestId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

// -- page → native ---------------------------------------------------------------------------

/** The page's script started and its receive object exists. */
export const entryReadySchema = z.strictObject({
  type: z.literal("ready"),
  version: z.literal(entryBridgeVersion),
  component: z.string(),
});

/** The page needs a client secret (at start, and again whenever the session expires). */
export const entryClientSecretNeededSchema = z.strictObject({
  type: z.literal("clientSecretNeeded"),
  requestId,
});

/**
 * An event of the component as a platform page would hear it: its catalogue events (the
 * task's outcome, `exit`) and the common ones (`loaderstart`, `loaderror`, `inputerror`).
 */
export const entryEventSchema = z.strictObject({
  type: z.literal("event"),
  name: z.string().check(z.regex(/^[a-z]{1,64}$/)),
  detail: z.optional(z.unknown()),
});

/** The page cannot start: a parameter of its URL is missing or wrong. Nothing loads. */
export const entryFailedSchema = z.strictObject({
  type: z.literal("failed"),
  code: z.enum(["invalid_parameter", "framed"]),
  message: z.string(),
});

export const entryToNativeSchema = z.discriminatedUnion("type", [
  entryReadySchema,
  entryClientSecretNeededSchema,
  entryEventSchema,
  entryFailedSchema,
]);
export type EntryToNative = z.output<typeof entryToNativeSchema>;

// -- native → page ---------------------------------------------------------------------------

/** The answer to `clientSecretNeeded`: a fresh account session's client secret. */
export const nativeClientSecretSchema = z.strictObject({
  type: z.literal("clientSecret"),
  requestId,
  clientSecret: z.string().check(z.minLength(1), z.maxLength(1024)),
});

/** The native side could not get a client secret (the page's loader retries later). */
export const nativeClientSecretFailedSchema = z.strictObject({
  type: z.literal("clientSecretFailed"),
  requestId,
  message: z.optional(z.string().check(z.maxLength(1000))),
});

export const nativeToEntrySchema = z.discriminatedUnion("type", [
  nativeClientSecretSchema,
  nativeClientSecretFailedSchema,
]);
export type NativeToEntry = z.output<typeof nativeToEntrySchema>;
