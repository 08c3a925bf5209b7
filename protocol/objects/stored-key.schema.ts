/**
 * A key the data layer holds (SPEC.md §3 "Stored key"). Keys live only in the data-layer
 * frame; this record never crosses a frame boundary.
 */
import * as z from "zod/mini";
import { boundedString, epochMillisSchema } from "./common.schema.ts";

/**
 * - `provider_user`: the stronger key of a provider user signed in through the popup;
 * - `account_session`: the key of the claimed account session;
 * - `external_account`: the key a verification or challenge step returns, required by the
 *   external-account endpoints (SPEC.md §6).
 */
export const storedKeyTypes = ["provider_user", "account_session", "external_account"] as const;
export const storedKeyTypeSchema = z.enum(storedKeyTypes);
export type StoredKeyType = z.output<typeof storedKeyTypeSchema>;

/** Default lifetime of a stored key without its own expiry (SPEC.md §9: 7 days). */
export const DEFAULT_KEY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Expiry of a key obtained through the override path (SPEC.md §9: 365 days). */
export const OVERRIDE_KEY_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

export const storedKeySchema = z.object({
  apiKey: boundedString(1024),
  /** When the key stops being usable, epoch milliseconds. A key read after it is dropped. */
  expires: epochMillisSchema,
  type: storedKeyTypeSchema,
});

export type StoredKey = z.output<typeof storedKeySchema>;

/** Is the key still usable at `now` (epoch ms)? Expiry is exclusive: at `expires` it is gone. */
export const isKeyLive = (key: StoredKey, now: number): boolean => now < key.expires;
