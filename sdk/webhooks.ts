/**
 * Webhook verification for the platform's server (`<package>/webhooks`): checks that a
 * delivery was signed by the provider with the endpoint's secret, over exactly this body, and
 * recently, then returns the event. Web Crypto only (Node 20+, Deno, Bun, workers), no
 * dependency; it keeps nothing between calls (no key, no cache).
 *
 * ```ts
 * import { constructEvent, signatureHeaderName, WebhookVerificationError } from "<package>/webhooks";
 *
 * app.post("/webhooks", async (c) => {
 *   const body = await c.req.text();                // the raw body, before any JSON parsing
 *   try {
 *     const event = await constructEvent(body, c.req.header(signatureHeaderName), secret);
 *     if (event.type === "charge.refunded") { … }
 *     return c.body(null, 204);
 *   } catch (e) {
 *     if (e instanceof WebhookVerificationError) return c.text(e.message, 400);
 *     throw e;
 *   }
 * });
 * ```
 */
import type { ApiEvent, EventType } from "../protocol/objects/event.schema.ts";
import { provider } from "../protocol/provider.ts";
import {
  fromHex,
  hmacKey,
  parseWebhookSignatureHeader,
  signedPayload,
} from "../protocol/webhook-signature.ts";

export type { ApiEvent as WebhookEvent, EventType as WebhookEventType };

/** The header that carries the signature (`<Provider>-Signature`). */
export const signatureHeaderName: string = provider.headers.webhookSignature;

/** How old (or how far ahead) a delivery's timestamp may be by default: five minutes. */
export const defaultToleranceSeconds = 300;

export type WebhookVerificationCode =
  /** No signature header, or no secret to check it with. */
  | "missing_signature"
  /** The header has no `t=` timestamp or no `v1=` signature. */
  | "malformed_signature"
  /** No `v1` signature matches the body with this secret: forged, tampered or another secret. */
  | "signature_mismatch"
  /** The timestamp is outside the tolerance: a replayed (or badly delayed) delivery. */
  | "timestamp_outside_tolerance"
  /** Signed, but the body is not an event. */
  | "invalid_payload";

/** Why a delivery was refused; answer it with a 400. */
export class WebhookVerificationError extends Error {
  readonly code: WebhookVerificationCode;
  constructor(code: WebhookVerificationCode, message: string) {
    super(message);
    this.name = "WebhookVerificationError";
    this.code = code;
  }
}

export interface ConstructEventOptions {
  /** Seconds a delivery's timestamp may differ from now (default 300; 0 or less: no check). */
  toleranceSeconds?: number;
  /** The current time in Unix seconds (tests); the system clock by default. */
  now?: () => number;
}

const decoder = new TextDecoder();

/**
 * Verifies a delivery and returns its event. `body` is the raw request body (a string or its
 * bytes — parse nothing before this), `signatureHeader` the value of the `<Provider>-Signature` header.
 * Throws `WebhookVerificationError` for a missing or malformed header, a signature that does
 * not match (a tampered body, another secret), a timestamp outside the tolerance (a replay)
 * and a body that is not an event.
 */
export async function constructEvent(
  body: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
  options: ConstructEventOptions = {},
): Promise<ApiEvent> {
  const text = typeof body === "string" ? body : decoder.decode(body);
  if (!signatureHeader || !secret) {
    throw new WebhookVerificationError(
      "missing_signature",
      `No ${signatureHeaderName} header (or no secret to check it with).`,
    );
  }
  const parsed = parseWebhookSignatureHeader(signatureHeader);
  if (!parsed) {
    throw new WebhookVerificationError(
      "malformed_signature",
      `The ${signatureHeaderName} header has no t= timestamp or no v1= signature.`,
    );
  }
  const key = await hmacKey(secret, "verify");
  const payload = signedPayload(parsed.timestamp, text);
  let matched = false;
  for (const candidate of parsed.signatures) {
    const bytes = fromHex(candidate);
    // crypto.subtle.verify compares in constant time.
    if (bytes && (await crypto.subtle.verify("HMAC", key, bytes, payload))) matched = true;
  }
  if (!matched) {
    throw new WebhookVerificationError(
      "signature_mismatch",
      "No signature matches this body with this secret: the delivery was altered or not signed with it.",
    );
  }
  const tolerance = options.toleranceSeconds ?? defaultToleranceSeconds;
  const now = options.now?.() ?? Math.floor(Date.now() / 1000);
  if (tolerance > 0 && Math.abs(now - parsed.timestamp) > tolerance) {
    throw new WebhookVerificationError(
      "timestamp_outside_tolerance",
      `The delivery was signed at ${parsed.timestamp}, more than ${tolerance} s from now (${now}): refused as a replay.`,
    );
  }
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError("invalid_payload", "The body is not JSON.");
  }
  if (!isEvent(event)) {
    throw new WebhookVerificationError("invalid_payload", "The body is not an event object.");
  }
  return event;
}

/** The fields every event has; newer fields and types pass (the provider may add them). */
function isEvent(value: unknown): value is ApiEvent {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.object === "event" &&
    typeof v.id === "string" &&
    typeof v.type === "string" &&
    typeof v.created === "number" &&
    typeof v.data === "object" &&
    v.data !== null &&
    typeof (v.data as Record<string, unknown>).object === "object"
  );
}
