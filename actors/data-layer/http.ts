/**
 * The HTTP edge of the data layer (SPEC.md §7 "Common request form", §8 "HTTP and network
 * errors"): form encoding, one fetch with JSON parsing, and the error texts.
 */
import { type CallFailure, httpErrorMessage } from "../../machines/auth/failure.ts";
import type { FormValue } from "../../protocol/messages/data-layer.schema.ts";
import { provider } from "../../protocol/provider.ts";
import type { FetchLike } from "./types.ts";

/** Appends one value at `key`; empty values (null, "", empty arrays and objects) are omitted. */
function appendValue(pairs: string[], key: string, value: FormValue | undefined): void {
  if (value === null || value === undefined || value === "") return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      appendValue(pairs, `${key}[${index}]`, item);
    });
    return;
  }
  if (typeof value === "object") {
    for (const [child, item] of Object.entries(value)) appendValue(pairs, `${key}[${child}]`, item);
    return;
  }
  pairs.push(`${encodeKey(key)}=${encodeURIComponent(String(value))}`);
}

/** Brackets stay literal (`a[b][0]=c`); everything else is percent-encoded. */
const encodeKey = (key: string) =>
  encodeURIComponent(key).replace(/%5B/g, "[").replace(/%5D/g, "]");

/** `{a: {b: ["c"]}, d: ""}` → `a[b][0]=c` (SPEC.md §7: nested keys, empty values omitted). */
export function encodeForm(body: Record<string, FormValue | undefined>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(body)) appendValue(pairs, key, value);
  return pairs.join("&");
}

export { httpErrorMessage };

/** SPEC.md §8: a network failure's message, "Unknown error" when there is none. */
export const networkErrorMessage = (error: unknown) =>
  (error instanceof Error && error.message) || "Unknown error";

export type StatusRange = "1xx" | "2xx" | "3xx" | "4xx" | "5xx" | "unknown";

/** SPEC.md §8: status codes grouped into 1xx..5xx; anything else is unknown. */
export function statusRange(status: number): StatusRange {
  if (!Number.isInteger(status) || status < 100 || status > 599) return "unknown";
  return `${Math.floor(status / 100)}xx` as StatusRange;
}

/** The generic errorResponse text (SPEC.md §8). */
export const GENERIC_REQUEST_ERROR = "An error occurred while making the request.";

export interface HttpRequest {
  url: string;
  method: string;
  headers?: Record<string, string>;
  /** Form-encoded when given. */
  form?: Record<string, FormValue | undefined>;
  /** Sent as JSON when given (telemetry intake only). */
  json?: unknown;
  signal?: AbortSignal;
}

export interface HttpAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  /** The parsed JSON body; null when empty or not JSON. */
  body: unknown;
  /** Response headers, lower-case names. */
  headers: Record<string, string>;
  /** The Request-Id header. */
  requestId: string | null;
}

/** The thrown value of `send` when no answer came: the network failed or the call was aborted. */
export class NetworkFailure extends Error {
  readonly aborted: boolean;
  constructor(message: string, aborted: boolean) {
    super(message);
    this.name = aborted ? "AbortError" : "FetchError";
    this.aborted = aborted;
  }
}

/** One HTTP call. Any status resolves; a network failure or abort rejects with NetworkFailure. */
export async function send(fetch: FetchLike, request: HttpRequest): Promise<HttpAnswer> {
  const headers: Record<string, string> = {};
  // The body's encoding is ours: a caller's Content-Type (any spelling) never doubles it.
  for (const [name, value] of Object.entries(request.headers ?? {}))
    if (name.toLowerCase() !== "content-type") headers[name] = value;
  let body: string | undefined;
  if (request.form !== undefined) {
    body = encodeForm(request.form);
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  } else if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers["Content-Type"] = "application/json";
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      ...(body === undefined ? {} : { body }),
      ...(request.signal ? { signal: request.signal } : {}),
    });
    text = await response.text();
  } catch (error) {
    const aborted = request.signal?.aborted === true;
    throw new NetworkFailure(networkErrorMessage(error), aborted);
  }
  let parsed: unknown = null;
  if (text.length > 0) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name.toLowerCase()] = value;
  });
  return {
    ok: response.ok,
    status: response.status,
    statusText: response.statusText,
    body: parsed,
    headers: responseHeaders,
    requestId: response.headers.get(provider.headers.requestId),
  };
}

/** The API error object of a body `{error: {...}}`, keeping only string fields. */
export function apiErrorOf(body: unknown): {
  type?: string;
  code?: string;
  message?: string;
  message_code?: string;
  param?: string;
} {
  if (typeof body !== "object" || body === null) return {};
  const error = (body as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return {};
  const out: Record<string, string> = {};
  for (const field of ["type", "code", "message", "message_code", "param"] as const) {
    const value = (error as Record<string, unknown>)[field];
    if (typeof value === "string") out[field] = value;
  }
  return out;
}

/** A non-OK answer as the CallFailure the machines branch on. */
export const httpFailure = (answer: HttpAnswer): CallFailure => ({
  kind: "http",
  status: answer.status,
  error: apiErrorOf(answer.body),
  requestId: answer.requestId,
});

/** Calls `request`; a non-OK answer rejects with its CallFailure, a network failure too. */
export async function sendOrFail(fetch: FetchLike, request: HttpRequest): Promise<HttpAnswer> {
  let answer: HttpAnswer;
  try {
    answer = await send(fetch, request);
  } catch (error) {
    throw { kind: "network", message: networkErrorMessage(error) } satisfies CallFailure;
  }
  if (!answer.ok) throw httpFailure(answer);
  return answer;
}

/** The URL without its query string or fragment (analytics never carry query values). */
export function urlWithoutQuery(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url.split(/[?#]/)[0] ?? url;
  }
}
