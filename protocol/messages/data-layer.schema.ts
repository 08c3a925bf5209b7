/**
 * The data-layer request protocol (SPEC.md §5, §7).
 *
 * Envelope. Every message is a plain object `{type: <marker>, requestType: <string>, ...}`
 * where the marker is `provider.messageMarker`. A window message whose `type` is anything
 * else is not ours and is ignored without a word (the page may carry other postMessage users).
 *
 * Transport. The platform page and each UI frame open the conversation with ONE window
 * message, `init`, posted to the data-layer frame with a fresh MessagePort in the transfer
 * list (`postMessage(msg, origin, [port])`, so the port arrives in `event.ports[0]`, never in
 * the data). The data layer answers `initresponse` on that port, and every later request and
 * reply of that sender travels on the port. Window messages other than `init` and the popup's
 * events are not accepted by the data layer.
 *
 * Correlation. A request that expects a reply carries `requestId`, an opaque string the
 * sender chooses, unique among its own requests in flight (a counter or a random id). The
 * reply carries the same `requestId`. `abort` names the request to abort in
 * `targetRequestId`. Fire-and-forget requests (analyticsEvent, errorReport, metricsEvent,
 * logIframeLoadedFontRequest, errorReportingTags, abort) carry no requestId and get no reply.
 * Broadcasts (authStateChanged and the rebroadcast popup events) carry no requestId; a
 * fetchErrorResponse carries one when it answers a request and none when it is broadcast
 * (a failed popup key exchange, SPEC.md §8).
 *
 * Direction. `dataLayerRequestSchema` is what the data layer accepts (plus the popup events
 * of `popup.schema.ts`); `dataLayerReplySchema` is what it sends. A reply-type message sent
 * TO the data layer is logged as invalid (SPEC.md §5). Some failures get no reply at all
 * (SPEC.md §8): that rule lives in the data layer, not here.
 *
 * Keys never travel in this protocol except inside popupAuthenticationComplete (popup → data
 * layer). The session in a claim reply is the sanitized session.
 */
import * as z from "zod/mini";
import { inspectionRecordsSchema as inspectionRecordsListSchema } from "../inspection.ts";
import { analyticsEventSchema } from "../objects/analytics-event.schema.ts";
import { apiErrorSchema } from "../objects/api-error.schema.ts";
import { authStateSchema } from "../objects/auth-state.schema.ts";
import { objectIdSchema } from "../objects/common.schema.ts";
import { filePurposes } from "../objects/file.schema.ts";
import { metricSchema } from "../objects/metrics.schema.ts";
import { riskExperienceContextSchema } from "../objects/risk-experience-context.schema.ts";
import { sanitizedSessionSchema } from "../objects/sanitized-session.schema.ts";
import { type ParseIssue, safeParseMessage } from "../parse.ts";
import { provider } from "../provider.ts";
import {
  isPopupEventType,
  type PopupEvent,
  popupCompleteSchema,
  popupDoRefreshSchema,
  popupEventSchemas,
  popupLoadedSchema,
  popupReadySchema,
} from "./popup.schema.ts";
import { isMessagePort } from "./port.ts";

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

const marker = z.literal(provider.messageMarker);

/** A correlation id: 1–100 visible ASCII characters, chosen by the sender. */
export const requestIdSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(100), z.regex(/^[\x21-\x7e]+$/));

/** A component's API name (`payouts`, `account_onboarding`) or tag name (`account-onboarding`). */
export const componentNameSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(100), z.regex(/^[a-z][a-z0-9_-]*$/));

export const httpMethods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export const httpMethodSchema = z.enum(httpMethods);

/** An absolute http(s) URL; the data layer checks its origin against the allowlist. */
export const absoluteUrlSchema = z.string().check(
  z.maxLength(4096),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "expected an absolute http(s) URL"),
);

/**
 * A request body as a record, form-encoded by the data layer with `a[b][0]=c` nesting
 * (empty values omitted, SPEC.md §7). Nesting is bounded (`MAX_FORM_DEPTH` levels below the
 * top) and so are sizes, so a hostile message cannot make parsing or encoding expensive.
 */
export const MAX_FORM_DEPTH = 5;
const MAX_FORM_KEYS = 200;
const MAX_FORM_ITEMS = 250;
const formScalarSchema = z.union([
  z.string().check(z.maxLength(50_000)),
  z.number(),
  z.boolean(),
  z.null(),
]);
const formKeySchema = z.string().check(z.minLength(1), z.maxLength(200));
const boundedRecord = <T extends z.ZodMiniType>(value: T) =>
  z
    .record(formKeySchema, value)
    .check(
      z.refine((r) => Object.keys(r).length <= MAX_FORM_KEYS, `at most ${MAX_FORM_KEYS} keys`),
    );

const formValueAtDepth = (depth: number): z.ZodMiniType => {
  if (depth === 0) return formScalarSchema;
  const inner = formValueAtDepth(depth - 1);
  return z.union([
    formScalarSchema,
    z.array(inner).check(z.maxLength(MAX_FORM_ITEMS)),
    boundedRecord(inner),
  ]);
};

export type FormValue =
  | string
  | number
  | boolean
  | null
  | FormValue[]
  | { [key: string]: FormValue };
type FormBody = Record<string, FormValue>;
export const formBodySchema = boundedRecord(formValueAtDepth(MAX_FORM_DEPTH)) as z.ZodMiniType<
  FormBody,
  FormBody
>;

/**
 * Extra request headers from a UI frame (`Accept-Language`, `Idempotency-Key`, ...). The data
 * layer sets Authorization and the account/version/livemode headers itself, so a frame may
 * not send Authorization.
 */
export const proxyHeadersSchema = z
  .record(
    z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/)),
    z.string().check(z.maxLength(8192)),
  )
  .check(
    z.refine((h) => Object.keys(h).length <= 50, "at most 50 headers"),
    z.refine(
      (h) => !Object.keys(h).some((name) => name.toLowerCase() === "authorization"),
      "Authorization is set by the data layer",
    ),
  );

const publishableKeySchema = z.string().check(
  z.maxLength(255),
  z.refine(
    (k) =>
      k.startsWith(provider.keyPrefixes.publishableTest) ||
      k.startsWith(provider.keyPrefixes.publishableLive),
    "expected a publishable key",
  ),
);

/** Short, non-secret labels attached to error reports (`component: "payouts"`). */
export const errorTagsSchema = z
  .record(z.string().check(z.minLength(1), z.maxLength(100)), z.string().check(z.maxLength(500)))
  .check(z.refine((t) => Object.keys(t).length <= 30, "at most 30 tags"));

/** The default owner of an error report (SPEC.md §9). */
export const DEFAULT_ERROR_OWNER = "accounts_ui";

// ---------------------------------------------------------------------------------------------
// Requests: sent to the data layer
// ---------------------------------------------------------------------------------------------

/**
 * Opens a conversation. Window message; its reply port is `event.ports[0]` (exactly one).
 * - sender: who opens it. `platform` (the loader, from the platform origin) must give its
 *   publishableKey; `ui_frame` (a component's frame, connect origin) must give componentName.
 * Reply: initresponse on the port.
 */
export const initRequestSchema = z
  .object({
    type: marker,
    requestType: z.literal("init"),
    requestId: requestIdSchema,
    sender: z.enum(["platform", "ui_frame"]),
    /** `pk_test_...` / `pk_live_...`; sent as `key` in the claim body. */
    publishableKey: z.optional(publishableKeySchema),
    componentName: z.optional(componentNameSchema),
  })
  .check(
    z.superRefine((init, ctx) => {
      if (init.sender === "platform" && init.publishableKey === undefined)
        ctx.addIssue({
          code: "custom",
          path: ["publishableKey"],
          message: "required when sender is platform",
        });
      if (init.sender === "ui_frame" && init.componentName === undefined)
        ctx.addIssue({
          code: "custom",
          path: ["componentName"],
          message: "required when sender is ui_frame",
        });
    }),
  );

/**
 * Claims the account session with the client secret the platform fetched.
 * - clientSecret: the platform's one-time secret (sent as `client_secret`).
 * - setNewKey: store the claimed key as the account-session key (false: claim only to read
 *   the session, e.g. to validate a secret). Default true.
 * - analyticsOnlyHostApp: sent as `analytics_only_host_app`.
 * - override: the override path of SPEC.md §7 — an API key and the platform it stands for;
 *   the data layer then calls retrieve_embedded_flags instead of claiming.
 * Reply: response whose body is the sanitized session; a 4xx → fetchErrorResponse; any other
 * failure → errorResponse.
 */
export const claimAccountSessionRequestSchema = z.object({
  type: marker,
  requestType: z.literal("claimAccountSessionRequest"),
  requestId: requestIdSchema,
  clientSecret: z.string().check(z.minLength(1), z.maxLength(1024)),
  setNewKey: z._default(z.boolean(), true),
  analyticsOnlyHostApp: z._default(z.boolean(), false),
  override: z.optional(
    z.object({
      apiKey: z.string().check(z.minLength(1), z.maxLength(1024)),
      platformId: objectIdSchema,
    }),
  ),
});

/** Collects risk signals (POST /v1/risk_signals). Reply: response with body {status}. */
export const collectRiskSignalsRequestSchema = z.object({
  type: marker,
  requestType: z.literal("collectRiskSignalsRequest"),
  requestId: requestIdSchema,
});

const proxyFields = {
  type: marker,
  requestId: requestIdSchema,
  /** Absolute URL on an allowlisted origin. The query string belongs here for GET. */
  url: absoluteUrlSchema,
  method: httpMethodSchema,
  /** Form-encoded by the data layer; not allowed on GET. */
  body: z.optional(formBodySchema),
  headers: z._default(proxyHeadersSchema, {}),
  /** Act for another merchant / mode (sent as the override headers of provider.ts). */
  merchantIdOverride: z.optional(objectIdSchema),
  livemodeOverride: z.optional(z.boolean()),
};

const noBodyOnGet = (request: { method: string; body?: unknown }, ctx: z.core.$RefinementCtx) => {
  if (request.method === "GET" && request.body !== undefined)
    ctx.addIssue({ code: "custom", path: ["body"], message: "a GET request has no body" });
};

/**
 * An API call made with the session's keys, from a UI frame's port only. The call is refused
 * when the port's component (bound at init; this componentName is not trusted) is not
 * enabled in the claimed session.
 * Reply: response, or errorResponse / fetchErrorResponse (SPEC.md §8).
 */
export const authedProxyRequestSchema = z
  .object({
    ...proxyFields,
    requestType: z.literal("authedProxy"),
    componentName: componentNameSchema,
  })
  .check(z.superRefine(noBodyOnGet));

/** An API call without a key (public endpoints, error-reporting origins). Same reply. */
export const proxyRequestSchema = z
  .object({
    ...proxyFields,
    requestType: z.literal("proxy"),
    componentName: z.optional(componentNameSchema),
  })
  .check(z.superRefine(noBodyOnGet));

/** Aborts the sender's request `targetRequestId` (a proxied call or a popup wait). No reply. */
export const abortRequestSchema = z.object({
  type: marker,
  requestType: z.literal("abort"),
  targetRequestId: requestIdSchema,
});

/** Logs an analytics event, optionally with the risk-experience context. No reply. */
export const analyticsEventRequestSchema = z.object({
  type: marker,
  requestType: z.literal("analyticsEvent"),
  event: analyticsEventSchema,
  riskExperienceContext: z.optional(riskExperienceContextSchema),
});

/** Reports an error to the error-reporting intake. No reply. */
export const errorReportRequestSchema = z.object({
  type: marker,
  requestType: z.literal("errorReport"),
  error: z.object({
    name: z.string().check(z.minLength(1), z.maxLength(200)),
    message: z.string().check(z.maxLength(5000)),
    stack: z.optional(z.string().check(z.maxLength(20_000))),
  }),
  /** Severity; a warning is, e.g., a claim answered with a 4xx (SPEC.md §8). */
  level: z._default(z.enum(["error", "warning", "info"]), "error"),
  /** The team that owns the code that failed. */
  owner: z._default(z.string().check(z.minLength(1), z.maxLength(100)), DEFAULT_ERROR_OWNER),
  /** Merged over the sender's errorReportingTags; this report's tags win. */
  tags: z._default(errorTagsSchema, {}),
  /** The component whose frame failed. */
  componentName: z.optional(componentNameSchema),
});

/** Records metrics; the data layer adds session metadata and host_env. No reply. */
export const metricsEventRequestSchema = z.object({
  type: marker,
  requestType: z.literal("metricsEvent"),
  metrics: z.array(metricSchema).check(z.minLength(1), z.maxLength(100)),
});

/** A UI frame reports the platform fonts it loaded (→ connect_js_font_loaded). No reply. */
export const logIframeLoadedFontRequestSchema = z.object({
  type: marker,
  requestType: z.literal("logIframeLoadedFontRequest"),
  fontFamilies: z.array(z.string().check(z.minLength(1), z.maxLength(255))).check(z.maxLength(50)),
  componentName: z.optional(componentNameSchema),
});

/** Asks for the current auth state. Reply: authState. */
export const authStateRequestSchema = z.object({
  type: marker,
  requestType: z.literal("authStateRequest"),
  requestId: requestIdSchema,
});

/**
 * Logs out (DELETE /v1/connect/session).
 * - clearUserSessionOnly: clear the provider-user key only, keep the account-session key.
 * - merchantIdOverride / livemodeOverride: sent as the override headers.
 * Reply: response once cleared; fetchErrorResponse when the server refused (keys kept).
 */
export const logoutRequestSchema = z.object({
  type: marker,
  requestType: z.literal("logout"),
  requestId: requestIdSchema,
  clearUserSessionOnly: z._default(z.boolean(), false),
  merchantIdOverride: z.optional(objectIdSchema),
  livemodeOverride: z.optional(z.boolean()),
});

/** Tags added to every later error report of this sender (merged, later wins). No reply. */
export const errorReportingTagsRequestSchema = z.object({
  type: marker,
  requestType: z.literal("errorReportingTags"),
  tags: errorTagsSchema,
});

/**
 * Waits for the provider user to sign in through the popup the UI frame opened on a user
 * gesture. Resolves at once when already user-authenticated. Reply: response with body
 * `{authState}`; abort → popupComplete is broadcast.
 */
export const openPopupAndWaitForAuthRequestSchema = z.object({
  type: marker,
  requestType: z.literal("openPopupAndWaitForAuth"),
  requestId: requestIdSchema,
  componentName: z.optional(componentNameSchema),
});

/**
 * The wait-for-complete mode of the popup wait (SPEC.md §4: it resolves at once). The frame
 * learns that the popup finished from the popupComplete broadcast. Reply: response.
 */
export const openPopupAndWaitForCompleteRequestSchema = z.object({
  type: marker,
  requestType: z.literal("openPopupAndWaitForComplete"),
  requestId: requestIdSchema,
  componentName: z.optional(componentNameSchema),
});

/** A file's bytes as a Blob (a File arrives as one; its name travels beside it). */
const blobSchema = z.custom<Blob>(
  (value) => typeof Blob !== "undefined" && value instanceof Blob,
  "expected a Blob or File",
);

/**
 * Uploads a file to the files host (`POST /v1/files`, multipart) with the session's key, in
 * the calling frame's component's name. The data layer checks the host's limits first
 * (`protocol/files.ts`: size, and the type by the file's first bytes): a refused file is
 * answered, without sending it, exactly as the host answers it (a `response` with ok false,
 * status 400 and the API error object, param `file`).
 * - purpose: the file's purpose (`dispute_evidence`, `identity_document`, ...);
 * - file: the bytes; filename: the name the host stores (a File's name does not survive
 *   every structured clone).
 * Replies: `uploadProgress` any number of times while the bytes go out, then `response`
 * (body: the file object, or the host's error), or errorResponse / fetchErrorResponse.
 */
export const uploadFileRequestSchema = z.object({
  type: marker,
  requestType: z.literal("uploadFile"),
  requestId: requestIdSchema,
  purpose: z.enum(filePurposes),
  file: blobSchema,
  filename: z.string().check(z.minLength(1), z.maxLength(255)),
});

/**
 * Downloads a file (a CSV export, a PDF, an uploaded file's contents) from the API or files
 * host with the session's key in the Authorization header — never in the URL, which must not
 * carry one. Reply: `fileResponse` with the bytes; a non-2xx answer is a `response` with ok
 * false and the API error; errorResponse / fetchErrorResponse as for any call.
 */
export const downloadFileRequestSchema = z.object({
  type: marker,
  requestType: z.literal("downloadFile"),
  requestId: requestIdSchema,
  url: absoluteUrlSchema,
});

/** The most bytes of a platform font stylesheet the data layer hands a frame. */
export const FONT_STYLESHEET_MAX_BYTES = 256 * 1024;

/**
 * Fetches a platform font stylesheet (the loader's `fonts: [{ cssSrc }]`) for a UI frame,
 * whose CSP loads no stylesheet from another origin (issue 14 item 12: a stylesheet's
 * selectors could read what the frame shows). The data layer GETs the URL without
 * credentials — https only, or loopback http where the frame runs in development — and
 * replies `fontStylesheet` with at most FONT_STYLESHEET_MAX_BYTES of `text/css`; the frame
 * applies only the @font-face rules it rebuilds from it. Anything else: errorResponse.
 */
export const fetchFontStylesheetRequestSchema = z.object({
  type: marker,
  requestType: z.literal("fetchFontStylesheet"),
  requestId: requestIdSchema,
  url: absoluteUrlSchema,
});

/**
 * The live inspector (issue 17, the internal `debug-utils` frame) opens inspection for the
 * whole loader instance. Accepted only on a UI frame's port bound to `debug-utils`, and only
 * where internal components may load (SPEC.md §6, `protocol/catalogue/internal-gate.ts`: the
 * platform page's host, or the override flag). The data layer then broadcasts
 * `inspectionStart` to every other port (and to ports that open later) and records its own
 * actors. Reply: response (body `{open: true}`), or errorResponse when refused.
 */
export const inspectorOpenRequestSchema = z.object({
  type: marker,
  requestType: z.literal("inspectorOpen"),
  requestId: requestIdSchema,
});

/**
 * The inspector closes: `inspectionStop` is broadcast and nothing more is recorded. Only the
 * inspector's own port may close it. Reply: response (body `{open: false}`).
 */
export const inspectorCloseRequestSchema = z.object({
  type: marker,
  requestType: z.literal("inspectorClose"),
  requestId: requestIdSchema,
});

/**
 * A frame's (or the loader's) recorded transitions, sent only after `inspectionStart`: the
 * data layer passes them to the inspector's port, or drops them when no inspector is open.
 * Payloads are redacted by the sender (`redactForInspection`). No reply.
 */
export const inspectionReportRequestSchema = z.object({
  type: marker,
  requestType: z.literal("inspectionReport"),
  records: inspectionRecordsListSchema,
});

export const dataLayerRequestSchemas = {
  init: initRequestSchema,
  claimAccountSessionRequest: claimAccountSessionRequestSchema,
  collectRiskSignalsRequest: collectRiskSignalsRequestSchema,
  authedProxy: authedProxyRequestSchema,
  proxy: proxyRequestSchema,
  abort: abortRequestSchema,
  analyticsEvent: analyticsEventRequestSchema,
  errorReport: errorReportRequestSchema,
  metricsEvent: metricsEventRequestSchema,
  logIframeLoadedFontRequest: logIframeLoadedFontRequestSchema,
  authStateRequest: authStateRequestSchema,
  logout: logoutRequestSchema,
  errorReportingTags: errorReportingTagsRequestSchema,
  openPopupAndWaitForAuth: openPopupAndWaitForAuthRequestSchema,
  openPopupAndWaitForComplete: openPopupAndWaitForCompleteRequestSchema,
  uploadFile: uploadFileRequestSchema,
  downloadFile: downloadFileRequestSchema,
  fetchFontStylesheet: fetchFontStylesheetRequestSchema,
  inspectorOpen: inspectorOpenRequestSchema,
  inspectorClose: inspectorCloseRequestSchema,
  inspectionReport: inspectionReportRequestSchema,
} as const;

export const dataLayerRequestSchema = z.discriminatedUnion("requestType", [
  initRequestSchema,
  claimAccountSessionRequestSchema,
  collectRiskSignalsRequestSchema,
  authedProxyRequestSchema,
  proxyRequestSchema,
  abortRequestSchema,
  analyticsEventRequestSchema,
  errorReportRequestSchema,
  metricsEventRequestSchema,
  logIframeLoadedFontRequestSchema,
  authStateRequestSchema,
  logoutRequestSchema,
  errorReportingTagsRequestSchema,
  openPopupAndWaitForAuthRequestSchema,
  openPopupAndWaitForCompleteRequestSchema,
  uploadFileRequestSchema,
  downloadFileRequestSchema,
  fetchFontStylesheetRequestSchema,
  inspectorOpenRequestSchema,
  inspectorCloseRequestSchema,
  inspectionReportRequestSchema,
]);

export type DataLayerRequest = z.output<typeof dataLayerRequestSchema>;
export type DataLayerRequestType = DataLayerRequest["requestType"];
export type DataLayerRequestOf<T extends DataLayerRequestType> = Extract<
  DataLayerRequest,
  { requestType: T }
>;
/** What a sender writes: defaulted fields may be left out. */
export type DataLayerRequestInput = z.input<typeof dataLayerRequestSchema>;
export type InitRequest = DataLayerRequestOf<"init">;

export const dataLayerRequestTypes = Object.keys(dataLayerRequestSchemas) as DataLayerRequestType[];

/**
 * Who may send what (docs/security.md "Who may send what to whom"). The platform page's
 * script (the loader) needs only these; every other request — the API proxy, the popup
 * waits, and any request type added later — is accepted only from a UI frame of the connect
 * origin. A script at the platform's origin is indistinguishable from the loader, so
 * anything the platform sender may send, any script on the platform page may send too.
 */
export const platformRequestTypes = [
  "claimAccountSessionRequest",
  "logout",
  "authStateRequest",
  "analyticsEvent",
  "errorReport",
  "metricsEvent",
  "errorReportingTags",
  "inspectionReport",
] as const satisfies readonly Exclude<DataLayerRequestType, "init">[];

const platformMay: ReadonlySet<string> = new Set(platformRequestTypes);

/** Whether a sender bound to a port at init may send `requestType` on it. */
export const senderMaySend = (sender: InitRequest["sender"], requestType: DataLayerRequestType) =>
  sender === "ui_frame" || platformMay.has(requestType);

// ---------------------------------------------------------------------------------------------
// Replies and broadcasts: sent by the data layer
// ---------------------------------------------------------------------------------------------

/**
 * The conversation is open; later requests may use the port.
 * - session: the sanitized session when one is claimed already, else null (a UI frame that
 *   opens before the claim completes learns it from the sessionChanged broadcast).
 */
export const initResponseSchema = z.object({
  type: marker,
  requestType: z.literal("initresponse"),
  requestId: requestIdSchema,
  session: z._default(z.nullable(sanitizedSessionSchema), null),
});

/** Broadcast to every port whenever a claim stores a new session (sanitized: no key). */
export const sessionChangedSchema = z.object({
  type: marker,
  requestType: z.literal("sessionChanged"),
  session: sanitizedSessionSchema,
});

/**
 * Sent on the platform's port only: the session expired (a 401, or the account-session key
 * read after its expiry) and the data layer needs a fresh client secret. The platform calls
 * its fetchClientSecret and answers with claimAccountSessionRequest.
 */
export const clientSecretNeededSchema = z.object({
  type: marker,
  requestType: z.literal("clientSecretNeeded"),
});

/**
 * The answer of an API call (any status) or of a request that succeeded.
 * - ok: status is 2xx; status/statusText: of the HTTP answer (200 "OK" for local answers);
 * - body: the parsed JSON body (null when empty), keys already redacted;
 * - headers: response headers the frame may read (Request-Id, ...), lower-case names.
 */
export const responseSchema = z.object({
  type: marker,
  requestType: z.literal("response"),
  requestId: requestIdSchema,
  ok: z.boolean(),
  status: z.number().check(z.int(), z.gte(100), z.lte(599)),
  statusText: z.string().check(z.maxLength(200)),
  body: z.unknown(),
  headers: z._default(
    z.record(z.string().check(z.maxLength(100)), z.string().check(z.maxLength(8192))),
    {},
  ),
});

/**
 * The request failed inside the data layer (not an HTTP answer): e.g. "An error occurred
 * while making the request.", "The url {url} is not in the data layer API proxy allowlist",
 * "User has not stored a key of type: {type}".
 */
export const errorResponseSchema = z.object({
  type: marker,
  requestType: z.literal("errorResponse"),
  requestId: requestIdSchema,
  error: z.object({
    name: z._default(z.string().check(z.maxLength(200)), "Error"),
    message: z.string().check(z.maxLength(5000)),
  }),
});

/**
 * An HTTP failure the caller should see as such (claim 4xx, logout refused, popup key
 * exchange failed). Without requestId it is a broadcast to every frame.
 * - status: HTTP status, 0 for a network failure;
 * - message: "HTTP status code: {status}. Reason: {message}" (SPEC.md §8);
 * - error: the API error object when the body had one;
 * - apiRequestId: the Request-Id response header.
 */
export const fetchErrorResponseSchema = z.object({
  type: marker,
  requestType: z.literal("fetchErrorResponse"),
  requestId: z.optional(requestIdSchema),
  status: z.number().check(z.int(), z.gte(0), z.lte(599)),
  message: z.string().check(z.maxLength(5000)),
  error: z.optional(apiErrorSchema),
  apiRequestId: z.optional(z.string().check(z.maxLength(255))),
});

/** The reply to authStateRequest. */
export const authStateReplySchema = z.object({
  type: marker,
  requestType: z.literal("authState"),
  requestId: requestIdSchema,
  authState: authStateSchema,
});

/** Broadcast to every frame whenever the auth state changes. */
export const authStateChangedSchema = z.object({
  type: marker,
  requestType: z.literal("authStateChanged"),
  authState: authStateSchema,
});

/** Progress of an upload: `loaded` of `total` bytes sent (many per request, before its reply). */
export const uploadProgressSchema = z.object({
  type: marker,
  requestType: z.literal("uploadProgress"),
  requestId: requestIdSchema,
  loaded: z.number().check(z.int(), z.gte(0)),
  total: z.number().check(z.int(), z.gte(0)),
});

/**
 * The bytes of a download, for the frame to hand to the person as a file to save.
 * - filename: from the answer's Content-Disposition (`download` when it names none);
 * - contentType: the answer's Content-Type;
 * - apiRequestId: the Request-Id response header.
 */
export const fileResponseSchema = z.object({
  type: marker,
  requestType: z.literal("fileResponse"),
  requestId: requestIdSchema,
  file: blobSchema,
  filename: z.string().check(z.minLength(1), z.maxLength(255)),
  contentType: z.string().check(z.maxLength(255)),
  apiRequestId: z.optional(z.string().check(z.maxLength(255))),
});

/** The text of a platform font stylesheet (the reply to fetchFontStylesheet). */
export const fontStylesheetSchema = z.object({
  type: marker,
  requestType: z.literal("fontStylesheet"),
  requestId: requestIdSchema,
  css: z.string().check(z.maxLength(FONT_STYLESHEET_MAX_BYTES)),
});

/** Broadcast while the inspector is open: record this context's actors and report them. */
export const inspectionStartSchema = z.object({
  type: marker,
  requestType: z.literal("inspectionStart"),
});

/** Broadcast when the inspector closes: stop recording, drop what is not sent. */
export const inspectionStopSchema = z.object({
  type: marker,
  requestType: z.literal("inspectionStop"),
});

/** To the inspector's port only: records of the instance's contexts, as they come. */
export const inspectionRecordsSchema = z.object({
  type: marker,
  requestType: z.literal("inspectionRecords"),
  records: inspectionRecordsListSchema,
});

export const dataLayerReplySchema = z.discriminatedUnion("requestType", [
  initResponseSchema,
  sessionChangedSchema,
  clientSecretNeededSchema,
  responseSchema,
  errorResponseSchema,
  fetchErrorResponseSchema,
  authStateReplySchema,
  authStateChangedSchema,
  popupReadySchema,
  popupLoadedSchema,
  popupDoRefreshSchema,
  popupCompleteSchema,
  uploadProgressSchema,
  fileResponseSchema,
  fontStylesheetSchema,
  inspectionStartSchema,
  inspectionStopSchema,
  inspectionRecordsSchema,
]);

export type DataLayerReply = z.output<typeof dataLayerReplySchema>;
export type DataLayerReplyType = DataLayerReply["requestType"];
export type DataLayerReplyInput = z.input<typeof dataLayerReplySchema>;

/** Reply-type messages: when one is sent TO the data layer it is logged as invalid. */
export const responseRequestTypes = [
  "initresponse",
  "sessionChanged",
  "clientSecretNeeded",
  "response",
  "errorResponse",
  "fetchErrorResponse",
  "authState",
  "authStateChanged",
  "uploadProgress",
  "fileResponse",
  "fontStylesheet",
  "inspectionStart",
  "inspectionStop",
  "inspectionRecords",
] as const satisfies readonly DataLayerReplyType[];

// ---------------------------------------------------------------------------------------------
// Classification of an incoming message (pure: the caller passes event.data and event.ports)
// ---------------------------------------------------------------------------------------------

export type DataLayerRejectionReason =
  /** `type` is not the marker (or the data is not an object): ignore silently. */
  | "not_ours"
  /** requestType is not a string. */
  | "invalid_request_type"
  | "unknown_request_type"
  /** init with no MessagePort in the transfer list. */
  | "init_without_port"
  /** A reply-type message sent to the data layer (SPEC.md §5: logged as invalid). */
  | "response_sent_to_data_layer"
  /** The payload failed its schema; `message` is the readable parse error. */
  | "invalid_payload";

export interface DataLayerRejection {
  reason: DataLayerRejectionReason;
  /** A short text for the log; never contains a received value. */
  message: string;
  /** The requestType when it was a string (clipped to 100 characters). */
  requestType?: string;
  issues?: ParseIssue[];
}

export type DataLayerClassification =
  | { ok: true; kind: "init"; message: InitRequest; port: MessagePort }
  | { ok: true; kind: "request"; message: Exclude<DataLayerRequest, InitRequest> }
  | { ok: true; kind: "popup"; message: PopupEvent }
  | { ok: false; rejection: DataLayerRejection };

const responseTypes: ReadonlySet<string> = new Set(responseRequestTypes);

const reject = (
  reason: DataLayerRejectionReason,
  message: string,
  requestType?: string,
  issues?: ParseIssue[],
): DataLayerClassification => ({
  ok: false,
  rejection: {
    reason,
    message,
    ...(requestType === undefined ? {} : { requestType }),
    ...(issues === undefined ? {} : { issues }),
  },
});

/**
 * Classifies a message that reached the data layer: a typed request (init with its port), a
 * popup event, or a typed rejection. Origin checks are the caller's: they need the window.
 */
export function classifyDataLayerMessage(event: {
  data: unknown;
  ports?: readonly unknown[];
}): DataLayerClassification {
  const { data } = event;
  if (typeof data !== "object" || data === null || Array.isArray(data))
    return reject("not_ours", "not an object");
  const envelope = data as { type?: unknown; requestType?: unknown };
  if (envelope.type !== provider.messageMarker) return reject("not_ours", "type is not the marker");
  if (typeof envelope.requestType !== "string")
    return reject("invalid_request_type", "requestType must be a string");

  const requestType = envelope.requestType;
  const shown = requestType.length > 100 ? `${requestType.slice(0, 100)}…` : requestType;

  if (responseTypes.has(requestType))
    return reject(
      "response_sent_to_data_layer",
      `${shown} is a reply and cannot be sent to the data layer`,
      shown,
    );

  if (isPopupEventType(requestType)) {
    const parsed = safeParseMessage(popupEventSchemas[requestType], data);
    if (!parsed.ok)
      return reject("invalid_payload", parsed.error.message, shown, parsed.error.issues);
    return { ok: true, kind: "popup", message: parsed.value };
  }

  if (!Object.hasOwn(dataLayerRequestSchemas, requestType))
    return reject("unknown_request_type", `unknown requestType ${JSON.stringify(shown)}`, shown);
  const type = requestType as DataLayerRequestType;

  if (type === "init") {
    const ports = event.ports ?? [];
    if (ports.length === 0 || !isMessagePort(ports[0]))
      return reject(
        "init_without_port",
        "init must carry a MessagePort in its transfer list",
        shown,
      );
    if (ports.length > 1)
      return reject("invalid_payload", "init must carry exactly one MessagePort", shown);
    const parsed = safeParseMessage(initRequestSchema, data);
    if (!parsed.ok)
      return reject("invalid_payload", parsed.error.message, shown, parsed.error.issues);
    return { ok: true, kind: "init", message: parsed.value, port: ports[0] };
  }

  const parsed = safeParseMessage(dataLayerRequestSchemas[type], data);
  if (!parsed.ok)
    return reject("invalid_payload", parsed.error.message, shown, parsed.error.issues);
  return {
    ok: true,
    kind: "request",
    message: parsed.value as Exclude<DataLayerRequest, InitRequest>,
  };
}

/** Parses a message a frame received from the data layer (reply or broadcast). */
export const parseDataLayerReply = (data: unknown) => safeParseMessage(dataLayerReplySchema, data);
