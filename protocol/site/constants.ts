/**
 * The constants of the provider's shared site infrastructure (SPEC.md §9 "Shared site
 * infrastructure", "Versions, lifetimes and timeouts", "Environments and defaults"), in one
 * place for every page the provider serves itself: the connect host's frames and popup, the
 * dashboard host and the marketing host.
 */
import { provider } from "../provider.ts";

export const siteConstants = {
  /** The enforcement-mode lookup gives up after this and falls back to restricted. */
  enforcementModeTimeoutMs: 1000,
  /** Another tab's consent change is picked up by reading the cookie this often. */
  consentPollMs: 100,
  /** Analytics leave in batches of this many events... */
  analyticsBatchSize: 5,
  /** ...or this long after the first queued one, whichever comes first. */
  analyticsFlushMs: 3000,
  /** The largest analytics request body, in bytes (also the browsers' keep-alive budget). */
  analyticsPayloadCapBytes: 64_000,
  /** A page path is cut to this many characters. */
  pagePathMaxLength: 512,
  /** The `page` field of an analytics event is cut to this many characters. */
  analyticsPageMaxLength: 300,
  /** A chunk script that has not loaded after this long has failed. */
  chunkTimeoutMs: 120_000,
  /** The owner of an error report that names none. */
  defaultErrorOwner: "accounts_ui",
  /** Error reports one page sends at most per minute (after deduplication). */
  errorReportsPerMinute: 10,
} as const;

/** The consent cookie (format version 2, `consent.ts`), readable by every provider page. */
export const consentCookieName = `${provider.id}_cookie_consent`;

/** The consent calls (SPEC.md §7), on the marketing host. */
export const consentPaths = {
  settings: "/cookie-settings",
  policy: "/cookies-policy/legal",
  enforcementMode: "/cookie-settings/enforcement-mode",
  update: "/cookie-settings/update",
} as const;
