/**
 * The call protocol that runs over the MessagePort of an established handshake (SPEC.md §7
 * "Message-channel call protocol"). A client calls named methods and watches named
 * subscriptions on the server; method and subscription names are ours (docs/protocol.md).
 *
 *   client → server  CALL                 {id, method, args}   invoke a method
 *   server → client  CALL_RESPONSE        {id, result}         it returned (result may be absent)
 *   server → client  CALL_ERROR           {id, error}          it threw or timed out
 *   client → server  ADD_SUBSCRIPTION     {id, name, args?}    start watching `name`
 *   client → server  REMOVE_SUBSCRIPTION  {id}                 stop watching
 *   server → client  SUBSCRIPTION_RESULT  {id, value}          a (new) value of the subscription
 *
 * `id` is chosen by the client, unique among its calls and subscriptions in flight on that
 * port; the server echoes it. A subscription's id stays valid until REMOVE_SUBSCRIPTION or
 * the port closes. Values must survive structured cloning. Each message is a strict object:
 * a message with unknown fields is dropped.
 */
import * as z from "zod/mini";
import { safeParseMessage } from "../parse.ts";

/** A call or subscription id: 1–100 visible ASCII characters. */
export const callIdSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(100), z.regex(/^[\x21-\x7e]+$/));

/** A method or subscription name (`authedProxy`, `authState`, `ui.setAttribute`). */
export const callNameSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z][A-Za-z0-9_.:-]*$/));

export const MAX_CALL_ARGS = 32;
const argsSchema = z.array(z.unknown()).check(z.maxLength(MAX_CALL_ARGS));

/**
 * Codes of the errors the call runtime itself raises; a method may use its own codes too.
 * - method_not_found: no method of that name; invalid_arguments: args failed validation;
 * - timeout: no answer within the per-call timeout; connection_closed: fin or port closed;
 * - aborted: the caller gave up; internal: the method threw something that is not an Error.
 */
export const callErrorCodes = [
  "method_not_found",
  "invalid_arguments",
  "timeout",
  "connection_closed",
  "aborted",
  "internal",
] as const;
export type CallErrorCode = (typeof callErrorCodes)[number];

export const callErrorSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  message: z.string().check(z.maxLength(5000)),
  code: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  /** Structured details (an API error object, the failing field). */
  data: z.optional(z.unknown()),
});
export type CallError = z.output<typeof callErrorSchema>;

export const callSchema = z.strictObject({
  type: z.literal("CALL"),
  id: callIdSchema,
  method: callNameSchema,
  args: argsSchema,
});

export const callResponseSchema = z.strictObject({
  type: z.literal("CALL_RESPONSE"),
  id: callIdSchema,
  result: z.optional(z.unknown()),
});

export const callErrorMessageSchema = z.strictObject({
  type: z.literal("CALL_ERROR"),
  id: callIdSchema,
  error: callErrorSchema,
});

export const addSubscriptionSchema = z.strictObject({
  type: z.literal("ADD_SUBSCRIPTION"),
  id: callIdSchema,
  name: callNameSchema,
  args: z.optional(argsSchema),
});

export const removeSubscriptionSchema = z.strictObject({
  type: z.literal("REMOVE_SUBSCRIPTION"),
  id: callIdSchema,
});

export const subscriptionResultSchema = z.strictObject({
  type: z.literal("SUBSCRIPTION_RESULT"),
  id: callIdSchema,
  value: z.unknown(),
});

export const callMessageSchema = z.discriminatedUnion("type", [
  callSchema,
  callResponseSchema,
  callErrorMessageSchema,
  addSubscriptionSchema,
  removeSubscriptionSchema,
  subscriptionResultSchema,
]);

export type CallMessage = z.output<typeof callMessageSchema>;
export type CallMessageType = CallMessage["type"];
export type CallMessageOf<T extends CallMessageType> = Extract<CallMessage, { type: T }>;

/** Messages a server receives, and messages a client receives. */
export const clientToServerTypes = ["CALL", "ADD_SUBSCRIPTION", "REMOVE_SUBSCRIPTION"] as const;
export const serverToClientTypes = ["CALL_RESPONSE", "CALL_ERROR", "SUBSCRIPTION_RESULT"] as const;

/** Parses a message received on the port; never throws. */
export const parseCallMessage = (data: unknown) => safeParseMessage(callMessageSchema, data);
