/**
 * The message-channel handshake (SPEC.md §3 "Messaging handshake message", §4 "Frame
 * messaging connection lifecycle"; READING.md: the full version with server-syn and
 * fin-server).
 *
 * One server endpoint and many client endpoints share a `namespace` (the loader picks a
 * random one per instance). Every message is `{namespace, message, data}` and carries
 * exactly the ids its step needs:
 *
 *   server-syn  {serverId}            server announces itself on start
 *   syn         {clientId}            client asks to connect (again on every server-syn)
 *   syn-ack     {clientId, serverId}  server answers one client's syn
 *   ack         {clientId, serverId}  client accepts a syn-ack for its own clientId and hands
 *                                     over a dedicated MessagePort: the connection is open
 *   fin         {clientId}            a client closes (or answers fin-server)
 *   fin-server  {serverId}            the server closes; it finishes once no client remains
 *
 * The ack's port travels in the transfer list (`event.ports[0]`); SPEC.md §3 also allows it
 * at `data.port`, so a peer may put it in both places. Ids are opaque strings chosen by the
 * endpoint (a random id per start); they only need to differ between endpoints. Over the
 * port, the call protocol of `call.schema.ts` runs.
 *
 * Window messages are matched by namespace first: a message of another namespace, or that
 * is not shaped like a handshake message at all, is not ours and is ignored silently.
 */
import * as z from "zod/mini";
import { safeParseMessage } from "../parse.ts";
import { isMessagePort } from "./port.ts";

/** An endpoint id: 1–100 visible ASCII characters. */
export const endpointIdSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(100), z.regex(/^[\x21-\x7e]+$/));

/** The namespace shared by one server and its clients: 1–200 visible ASCII characters. */
export const namespaceSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(200), z.regex(/^[\x21-\x7e]+$/));

const messagePortSchema = z.custom<MessagePort>(isMessagePort, "expected a MessagePort");

export const serverSynSchema = z.strictObject({
  namespace: namespaceSchema,
  message: z.literal("server-syn"),
  data: z.strictObject({ serverId: endpointIdSchema }),
});

export const synSchema = z.strictObject({
  namespace: namespaceSchema,
  message: z.literal("syn"),
  data: z.strictObject({ clientId: endpointIdSchema }),
});

export const synAckSchema = z.strictObject({
  namespace: namespaceSchema,
  message: z.literal("syn-ack"),
  data: z.strictObject({ clientId: endpointIdSchema, serverId: endpointIdSchema }),
});

export const ackSchema = z.strictObject({
  namespace: namespaceSchema,
  message: z.literal("ack"),
  data: z.strictObject({
    clientId: endpointIdSchema,
    serverId: endpointIdSchema,
    /** Optional here: the port normally travels in the transfer list. */
    port: z.optional(messagePortSchema),
  }),
});

export const finSchema = z.strictObject({
  namespace: namespaceSchema,
  message: z.literal("fin"),
  data: z.strictObject({ clientId: endpointIdSchema }),
});

export const finServerSchema = z.strictObject({
  namespace: namespaceSchema,
  message: z.literal("fin-server"),
  data: z.strictObject({ serverId: endpointIdSchema }),
});

export const handshakeMessageSchema = z.discriminatedUnion("message", [
  serverSynSchema,
  synSchema,
  synAckSchema,
  ackSchema,
  finSchema,
  finServerSchema,
]);

export type HandshakeMessage = z.output<typeof handshakeMessageSchema>;
export type HandshakeMessageType = HandshakeMessage["message"];
export type HandshakeMessageOf<T extends HandshakeMessageType> = Extract<
  HandshakeMessage,
  { message: T }
>;
export type AckMessage = HandshakeMessageOf<"ack">;

export const handshakeMessageSchemas = {
  "server-syn": serverSynSchema,
  syn: synSchema,
  "syn-ack": synAckSchema,
  ack: ackSchema,
  fin: finSchema,
  "fin-server": finServerSchema,
} as const satisfies Record<HandshakeMessageType, z.ZodMiniType>;

export const handshakeMessageTypes = Object.keys(handshakeMessageSchemas) as HandshakeMessageType[];

/** Builds a handshake message (without the port: pass it in the transfer list). */
export const handshakeMessage = <T extends HandshakeMessageType>(
  namespace: string,
  message: T,
  data: Omit<HandshakeMessageOf<T>["data"], "port">,
) => ({ namespace, message, data }) as HandshakeMessageOf<T>;

export type HandshakeRejectionReason =
  /** Not handshake-shaped, or another namespace: ignore silently. */
  | "not_ours"
  | "unknown_message"
  /** ack with no MessagePort in the transfer list nor at data.port. */
  | "ack_without_port"
  | "invalid_payload";

export type HandshakeClassification =
  | { ok: true; message: AckMessage; port: MessagePort }
  | { ok: true; message: Exclude<HandshakeMessage, AckMessage> }
  | { ok: false; rejection: { reason: HandshakeRejectionReason; message: string } };

const rejectHandshake = (
  reason: HandshakeRejectionReason,
  message: string,
): HandshakeClassification => ({ ok: false, rejection: { reason, message } });

/**
 * Classifies a window message for the handshake. With `namespace`, messages of any other
 * namespace are not ours. Pure: the caller passes `event.data` and `event.ports`.
 */
export function classifyHandshakeMessage(
  event: { data: unknown; ports?: readonly unknown[] },
  options: { namespace?: string } = {},
): HandshakeClassification {
  const { data } = event;
  if (typeof data !== "object" || data === null || Array.isArray(data))
    return rejectHandshake("not_ours", "not an object");
  const shape = data as { namespace?: unknown; message?: unknown };
  if (typeof shape.namespace !== "string" || !("message" in shape))
    return rejectHandshake("not_ours", "not a handshake message");
  if (options.namespace !== undefined && shape.namespace !== options.namespace)
    return rejectHandshake("not_ours", "another namespace");
  if (typeof shape.message !== "string" || !Object.hasOwn(handshakeMessageSchemas, shape.message))
    return rejectHandshake("unknown_message", "message is not a handshake step");

  const type = shape.message as HandshakeMessageType;
  const parsed = safeParseMessage(handshakeMessageSchemas[type], data);
  if (!parsed.ok) return rejectHandshake("invalid_payload", parsed.error.message);
  const message = parsed.value as HandshakeMessage;

  if (message.message === "ack") {
    const port = [event.ports?.[0], message.data.port].find(isMessagePort);
    if (!port) return rejectHandshake("ack_without_port", "ack must carry a MessagePort");
    return { ok: true, message, port };
  }
  return { ok: true, message };
}
