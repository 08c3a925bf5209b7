/**
 * Events of the sign-in popup (SPEC.md §2, §5). The popup runs on the connect origin and
 * posts these to the data layer in the data-layer envelope `{type: <marker>, requestType}`.
 * The data layer checks the origin (the connect origin only) and rebroadcasts popupReady,
 * popupLoaded, popupDoRefresh and popupComplete to every connected frame. It never
 * rebroadcasts popupAuthenticationComplete: that one carries the provider user's key.
 */
import * as z from "zod/mini";
import { inspectionRecordsSchema } from "../inspection.ts";
import { provider } from "../provider.ts";

const marker = z.literal(provider.messageMarker);

/** The popup's page started and can receive messages. */
export const popupReadySchema = z.object({
  type: marker,
  requestType: z.literal("popupReady"),
});

/** The sign-in page finished loading (frames may stop showing a spinner). */
export const popupLoadedSchema = z.object({
  type: marker,
  requestType: z.literal("popupLoaded"),
});

/** The popup asks the frames to reload their data (the user changed something there). */
export const popupDoRefreshSchema = z.object({
  type: marker,
  requestType: z.literal("popupDoRefresh"),
});

/**
 * The provider user signed in. `apiKey` is the short-lived key the data layer exchanges at
 * `POST /v1/embedded/user_authed_key` (as `embedded_api_key`); an event without it is
 * rejected (SPEC.md §5).
 */
export const popupAuthenticationCompleteSchema = z.object({
  type: marker,
  requestType: z.literal("popupAuthenticationComplete"),
  apiKey: z.string().check(z.minLength(1), z.maxLength(1024)),
  /** The user's dashboard session was created for this embedded sign-in (sent on as
   * `session_created_from_embedded`). */
  sessionCreatedForEmbedded: z._default(z.boolean(), false),
});

/** The popup is done (closed, or the flow finished); any wait on it ends. */
export const popupCompleteSchema = z.object({
  type: marker,
  requestType: z.literal("popupComplete"),
});

/**
 * The popup's actors' records for the live inspector (issue 17), sent only after the data
 * layer told this popup `inspectionStart`, redacted in the popup (the password and the key
 * included). The data layer relays them to the inspector alone, as the popup's (scope
 * `popup`); never rebroadcast.
 */
export const popupInspectionReportSchema = z.object({
  type: marker,
  requestType: z.literal("popupInspectionReport"),
  records: inspectionRecordsSchema,
});

export const popupEventSchema = z.discriminatedUnion("requestType", [
  popupReadySchema,
  popupLoadedSchema,
  popupDoRefreshSchema,
  popupAuthenticationCompleteSchema,
  popupCompleteSchema,
  popupInspectionReportSchema,
]);

/**
 * What the data layer posts to a popup it heard from (its window, the connect origin):
 * whether the live inspector is open, so the popup starts or stops recording.
 */
export const toPopupMessageSchema = z.object({
  type: marker,
  requestType: z.enum(["inspectionStart", "inspectionStop"]),
});
export type ToPopupMessage = z.output<typeof toPopupMessageSchema>;

export type PopupEvent = z.output<typeof popupEventSchema>;
export type PopupEventType = PopupEvent["requestType"];

export const popupEventSchemas = {
  popupReady: popupReadySchema,
  popupLoaded: popupLoadedSchema,
  popupDoRefresh: popupDoRefreshSchema,
  popupAuthenticationComplete: popupAuthenticationCompleteSchema,
  popupComplete: popupCompleteSchema,
  popupInspectionReport: popupInspectionReportSchema,
} as const satisfies Record<PopupEventType, z.ZodMiniType>;

export const popupEventTypes = Object.keys(popupEventSchemas) as PopupEventType[];

/** The popup events the data layer rebroadcasts to every connected frame. */
export const rebroadcastPopupEventTypes = [
  "popupReady",
  "popupLoaded",
  "popupDoRefresh",
  "popupComplete",
] as const satisfies readonly PopupEventType[];

export const isPopupEventType = (requestType: string): requestType is PopupEventType =>
  Object.hasOwn(popupEventSchemas, requestType);
