/**
 * Analytics events (SPEC.md §7). The four events the data layer itself emits have fixed
 * fields; UI frames may also log their own events with a snake_case name and flat primitive
 * properties. A known event name must carry its known fields: it cannot pass as custom.
 */
import * as z from "zod/mini";
import { boundedString } from "./common.schema.ts";

const httpMethodSchema = z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/** A proxied call finished with a non-OK status (or failed: `code` 0). */
export const apiRequestFinishedEventSchema = z.object({
  event_name: z.literal("submerchant_surfaces_api_request_finished"),
  /** The URL without its query string. */
  url: boundedString(2048),
  method: httpMethodSchema,
  /** The HTTP status, 0 when the request never got an answer. */
  code: z.int().check(z.minimum(0), z.maximum(999)),
});

/** A provider-user key was received, from the popup or by refreshing with the token. */
export const userKeyReceivedEventSchema = z.object({
  event_name: z.literal("submerchant_surfaces_user_key_received"),
  method: z.enum(["popup", "refresh_token"]),
});

/** The account session was claimed; `duration` in milliseconds from request to answer. */
export const accountSessionClaimEventSchema = z.object({
  event_name: z.literal("submerchant_surfaces_account_session_claim"),
  duration: z.number().check(z.nonnegative()),
});

/** The platform's custom fonts finished loading in a UI frame. */
export const fontLoadedEventSchema = z.object({
  event_name: z.literal("connect_js_font_loaded"),
  /** The font families that loaded. */
  font_families: z._default(z.array(boundedString(255)).check(z.maxLength(50)), []),
  /** The component whose frame reported it. */
  component: z.optional(boundedString(100)),
});

export const knownAnalyticsEventSchema = z.discriminatedUnion("event_name", [
  apiRequestFinishedEventSchema,
  userKeyReceivedEventSchema,
  accountSessionClaimEventSchema,
  fontLoadedEventSchema,
]);

export const knownAnalyticsEventNames = [
  "submerchant_surfaces_api_request_finished",
  "submerchant_surfaces_user_key_received",
  "submerchant_surfaces_account_session_claim",
  "connect_js_font_loaded",
] as const;

const knownNames: ReadonlySet<string> = new Set(knownAnalyticsEventNames);

/** An event a UI frame logs for itself: flat properties only, so redaction stays simple. */
export const customAnalyticsEventSchema = z
  .object({
    event_name: z.string().check(z.maxLength(100), z.regex(/^[a-z][a-z0-9_]*$/)),
    properties: z._default(
      z
        .record(
          z.string().check(z.maxLength(100)),
          z.union([z.string().check(z.maxLength(1000)), z.number(), z.boolean(), z.null()]),
        )
        .check(z.refine((p) => Object.keys(p).length <= 50, "at most 50 properties")),
      {},
    ),
  })
  .check(
    z.refine((e) => !knownNames.has(e.event_name), {
      message: "a known event must carry its own fields",
      path: ["event_name"],
    }),
  );

export const analyticsEventSchema = z.union([
  knownAnalyticsEventSchema,
  customAnalyticsEventSchema,
]);

export type KnownAnalyticsEvent = z.output<typeof knownAnalyticsEventSchema>;
export type CustomAnalyticsEvent = z.output<typeof customAnalyticsEventSchema>;
export type AnalyticsEvent = z.output<typeof analyticsEventSchema>;
