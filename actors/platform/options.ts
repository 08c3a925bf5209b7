import type { AppearanceOption, FontSource } from "../../protocol/appearance.schema.ts";
import { hostsFor, isLoopbackIp, provider } from "../../protocol/provider.ts";
import { InvalidOptionError } from "./errors.ts";

/**
 * The options of `loadConnectAndInitialize` and `update()`, checked synchronously with small
 * guards (the shape, the key prefix, a well-formed locale tag). The deep checks —
 * every appearance variable, every font source, the catalogue locale — use zod and the CLDR
 * matcher, too heavy for the platform script: `options.check.ts` runs them in a lazily
 * imported chunk and warns, as the frames do, naming each bad value.
 */

export interface ConnectOptions {
  /** `pk_test_…` or `pk_live_…`. */
  publishableKey: string;
  /** Returns a fresh account-session client secret from the platform's server. */
  fetchClientSecret: () => Promise<string>;
  appearance?: AppearanceOption;
  /** A BCP 47 tag; the frames resolve it to the closest catalogue. */
  locale?: string;
  fonts?: FontSource[];
  /**
   * The connect host's origin. Defaults to production's; a local or sandbox setup names its
   * own (http only on a loopback host).
   */
  connectOrigin?: string;
}

export interface UpdateOptions {
  appearance?: AppearanceOption;
  locale?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function checkPublishableKey(value: unknown): string {
  const { publishableTest, publishableLive } = provider.keyPrefixes;
  if (typeof value !== "string") throw new InvalidOptionError("publishableKey", "is required");
  const prefixed = value.startsWith(publishableTest) || value.startsWith(publishableLive);
  if (!prefixed || !/^[A-Za-z0-9_]{1,255}$/.test(value))
    throw new InvalidOptionError(
      "publishableKey",
      `must be a publishable key (${publishableTest}… or ${publishableLive}…)`,
    );
  return value;
}

/** A well-formed BCP 47 tag, canonicalised as Intl does; the frames pick the catalogue. */
export function checkLocale(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "")
    throw new InvalidOptionError("locale", "must be a BCP 47 language tag");
  try {
    const canonical = Intl.getCanonicalLocales(value.trim().replaceAll("_", "-"))[0];
    if (canonical) return canonical;
  } catch {
    // fall through
  }
  throw new InvalidOptionError("locale", "must be a BCP 47 language tag");
}

export function checkAppearance(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw new InvalidOptionError("appearance", "must be an object");
  return value;
}

export function checkFonts(value: unknown): unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new InvalidOptionError("fonts", "must be an array");
  return value;
}

export function checkConnectOrigin(value: unknown): string {
  if (value === undefined) return hostsFor("prod").connect;
  let url: URL | undefined;
  try {
    url = typeof value === "string" ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  const secure = url?.protocol === "https:" || (url?.protocol === "http:" && isLocal(url));
  if (!url || url.origin !== value || !secure)
    throw new InvalidOptionError(
      "connectOrigin",
      "must be an origin (https, or http on a loopback host)",
    );
  return url.origin;
}

const isLocal = (url: URL) => url.hostname === "localhost" || isLoopbackIp(url.hostname);

/** Everything checked at once, as `loadConnectAndInitialize` needs it. */
export function checkConnectOptions(options: unknown) {
  if (!isRecord(options))
    throw new InvalidOptionError("options", "must be an object of loader options");
  if (typeof options.fetchClientSecret !== "function")
    throw new InvalidOptionError("fetchClientSecret", "must be a function returning a promise");
  return {
    publishableKey: checkPublishableKey(options.publishableKey),
    fetchClientSecret: options.fetchClientSecret as () => unknown,
    appearance: checkAppearance(options.appearance),
    locale: checkLocale(options.locale),
    fonts: checkFonts(options.fonts),
    connectOrigin: checkConnectOrigin(options.connectOrigin),
  };
}
