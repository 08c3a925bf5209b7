/**
 * The handshake as the machines see it (SPEC.md §3 "Messaging handshake message", §4 "Frame
 * messaging connection lifecycle"). The wire messages are those of
 * `protocol/messages/handshake.schema.ts`; the transport actor classifies a window message
 * with it, drops anything outside its namespace, and turns the rest into the dotted machine
 * events of each machine. The machines answer with emitted effects that the actor performs,
 * so a test observes exactly what would be sent.
 */
import type { AckMessage, HandshakeMessage } from "../../protocol/messages/handshake.schema.ts";

export type { AckMessage, HandshakeMessage };

/** Asks the endpoint to close (its frame is going away). Not a wire message. */
export interface CloseEvent {
  type: "endpoint.close";
}

/** Post a handshake message on the namespace. An ack is never sent this way: it opens a port. */
export interface SendEffect {
  type: "send";
  message: Exclude<HandshakeMessage, AckMessage>;
}
