/**
 * The webhook signature scheme, shared by the provider (which signs each delivery) and the
 * platform's verification helper (`sdk/webhooks.ts`, which checks it). A delivery carries
 * the header named `provider.headers.webhookSignature`:
 *
 *     <Provider>-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">
 *
 * keyed with the endpoint's signing secret. The timestamp is signed with the body, so a
 * receiver that refuses old timestamps refuses a replayed delivery. Web Crypto only (the
 * browser's and Node's `globalThis.crypto`); no key is kept between calls.
 */

/** The one signature scheme today; a receiver ignores schemes it does not know. */
export const webhookSignatureScheme = "v1";

const encoder = new TextEncoder();

const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/** Hex to bytes, or undefined when it is not an even-length hex string. */
export function fromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** A one-use HMAC-SHA256 key for `secret` (not extractable, never cached). */
export const hmacKey = (secret: string, usage: "sign" | "verify") =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    usage,
  ]);

/** The bytes that are signed: `<t>.<body>`. */
export const signedPayload = (timestamp: number, body: string) =>
  encoder.encode(`${timestamp}.${body}`);

/** The hex signature of `body` at `timestamp` with `secret`. */
export async function computeWebhookSignature(
  secret: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const key = await hmacKey(secret, "sign");
  return toHex(await crypto.subtle.sign("HMAC", key, signedPayload(timestamp, body)));
}

/** The header value for a delivery made at `timestamp`. */
export async function webhookSignatureHeader(
  secret: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const signature = await computeWebhookSignature(secret, timestamp, body);
  return `t=${timestamp},${webhookSignatureScheme}=${signature}`;
}

/**
 * Reads a signature header: its timestamp and every `v1` signature (a header may carry
 * several, e.g. while a secret is rolled). Undefined when it has no timestamp or no `v1`.
 */
export function parseWebhookSignatureHeader(
  header: string,
): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === webhookSignatureScheme && value) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}
