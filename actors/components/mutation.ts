/**
 * The mutation actor of the component kit: one POST or DELETE through the data layer's
 * proxy, sent with the intent's `Idempotency-Key`, its answer validated with the protocol
 * schema it is given, and every failure turned into the typed `CallFailure` the machines
 * branch on.
 *
 * One key per user intent: the key is minted when the person acts (`newIdempotencyKey`) and
 * travels with the call's input, so a retry of the same intent (the form machine keeps the
 * key while the values are the same) sends the same key and the provider acts once, even
 * when the first answer was lost on the way back.
 *
 * The form machine's `submit` slot takes `createMutation(...)` as is:
 * `formMachine.provide({ actors: { [SUBMIT_ACTOR]: createMutation({ api, url, schema }) } })`.
 */
import { fromPromise } from "xstate";
import { type $ZodType, type output, safeParse } from "zod/v4/core";
import type { CallFailure } from "../../machines/auth/failure.ts";
import type { FormValue } from "../../protocol/messages/data-layer.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { DataLayerReplyError, type ResponseReply } from "../ui-frame/data-layer-client.ts";
import { httpFailure } from "./resource-client.ts";

/** What the mutation needs of the frame's API: `useApi()` gives one. */
/** What a mutation reads of the data layer's answer. */
export type MutationAnswer = Pick<ResponseReply, "ok" | "status" | "body" | "headers">;

export interface MutationTransport {
  request(
    method: "POST" | "DELETE",
    url: string,
    options: {
      body?: Record<string, FormValue>;
      headers?: Record<string, string>;
      signal?: AbortSignal;
    },
  ): Promise<MutationAnswer>;
}

/** The input of one call: its body (the form's parsed body) and the intent's key. */
export interface MutationInput<Body> {
  body: Body;
  idempotencyKey: string;
}

export interface MutationOptions<Schema extends $ZodType, Body> {
  transport: MutationTransport;
  method?: "POST" | "DELETE";
  /** The API path (`/v1/refunds`) or absolute URL, or one made from the body. */
  url: string | ((body: Body) => string);
  /** The answer's protocol schema: an answer it rejects is a failure, never a result. */
  schema: Schema;
  /** The form-encoded body the provider takes; by default the body as it is. */
  toRequestBody?: (body: Body) => Record<string, FormValue> | undefined;
}

/** A key for a new user intent: minted when the person acts, never derived from the values. */
export { newIdempotencyKey } from "../../ui/frame/frame-context.tsx";

/** The code of the failure for a 2xx answer the schema rejects (the call may have acted). */
export const INVALID_ANSWER_CODE = "response_invalid";

/** The answer of a call that failed in the data layer or on the way, as a CallFailure. */
export function failureOfError(error: unknown): CallFailure {
  if (error instanceof DataLayerReplyError) {
    const { reply } = error;
    if (reply.requestType === "fetchErrorResponse" && reply.status > 0)
      return {
        kind: "http",
        status: reply.status,
        error: reply.error ?? {},
        requestId: reply.apiRequestId ?? null,
      };
    return {
      kind: "network",
      message:
        reply.requestType === "errorResponse" ? reply.error.message : reply.message || "Unknown",
    };
  }
  // Timeouts, aborts, a closed connection, a failed fetch: no answer reached the frame.
  return { kind: "network", message: (error instanceof Error && error.message) || "Unknown error" };
}

/**
 * Validates one answer: the parsed object, or throws the CallFailure (a non-2xx answer, or
 * a 2xx the schema rejects).
 */
export function resultOf<Schema extends $ZodType>(
  schema: Schema,
  reply: MutationAnswer,
): output<Schema> {
  if (!reply.ok) throw httpFailure(reply);
  const parsed = safeParse(schema, reply.body);
  if (!parsed.success)
    throw {
      kind: "http",
      status: reply.status,
      error: {
        type: "api_error",
        code: INVALID_ANSWER_CODE,
        message: `The answer did not match its schema: ${parsed.error.issues[0]?.message ?? ""}`,
      },
      requestId: reply.headers[provider.headers.requestId.toLowerCase()] ?? null,
    } satisfies CallFailure;
  return parsed.data;
}

/** Sends one mutation; resolves with the validated answer, rejects with a CallFailure. */
export async function mutate<Schema extends $ZodType, Body>(
  options: MutationOptions<Schema, Body>,
  input: MutationInput<Body>,
  signal?: AbortSignal,
): Promise<output<Schema>> {
  const method = options.method ?? "POST";
  const url = typeof options.url === "function" ? options.url(input.body) : options.url;
  const body = options.toRequestBody
    ? options.toRequestBody(input.body)
    : (input.body as Record<string, FormValue> | undefined);
  let reply: MutationAnswer;
  try {
    reply = await options.transport.request(method, url, {
      ...(body === undefined ? {} : { body }),
      headers: { [provider.headers.idempotencyKey]: input.idempotencyKey },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    throw failureOfError(error);
  }
  return resultOf(options.schema, reply);
}

/** The mutation as promise logic, for a machine's actor slot (the form's `submit`). */
export function createMutation<Schema extends $ZodType, Body = unknown>(
  options: MutationOptions<Schema, Body>,
) {
  return fromPromise<output<Schema>, MutationInput<Body>>(({ input, signal }) =>
    mutate(options, input, signal),
  );
}
