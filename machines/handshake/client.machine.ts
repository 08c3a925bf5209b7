import { assign, emit, setup } from "xstate";
import { handshakeMessage } from "../../protocol/messages/handshake.schema.ts";
import type { AckMessage, CloseEvent, SendEffect } from "./handshake.types.ts";

/**
 * The client endpoint of the handshake (SPEC.md §4): it sends syn on start and again on
 * every server-syn, accepts the first syn-ack that names its own clientId, answers it with an
 * ack carrying a dedicated port, and on fin-server from its current server sends fin, resets
 * and starts over with a new syn. A syn-ack from a server that has just closed is ignored, so
 * a late answer can never bind the client to a server that is going away. A syn-ack from a
 * new server while connected (the old one vanished without fin-server, then a new one
 * announced itself) moves the connection to the new server.
 */

export interface HandshakeClientInput {
  namespace: string;
  clientId: string;
}

export interface HandshakeClientContext {
  namespace: string;
  clientId: string;
  /** The server this client is connected to. */
  serverId: string | null;
  /** The server that last sent this client fin-server. */
  formerServerId: string | null;
}

export type HandshakeClientEvent =
  | { type: "handshake.server-syn"; serverId: string }
  | { type: "handshake.syn-ack"; clientId: string; serverId: string }
  | { type: "handshake.fin-server"; serverId: string }
  | CloseEvent;

export type HandshakeClientEffect =
  | SendEffect
  /**
   * Open the connection: create a MessageChannel, post the ack `message` with one end in
   * the transfer list, and keep the other end as the link to the server.
   */
  | { type: "port.open"; message: AckMessage }
  /** Close the port of the connection to this server. */
  | { type: "port.close"; serverId: string };

const send = (context: HandshakeClientContext, name: "syn" | "fin"): SendEffect => ({
  type: "send",
  message: handshakeMessage(context.namespace, name, { clientId: context.clientId }),
});

export const handshakeClientMachine = setup({
  types: {
    input: {} as HandshakeClientInput,
    context: {} as HandshakeClientContext,
    events: {} as HandshakeClientEvent,
    emitted: {} as HandshakeClientEffect,
  },
  actions: {
    sendSyn: emit(({ context }) => send(context, "syn")),
    sendFin: emit(({ context }) => send(context, "fin")),
    rememberServer: assign({
      serverId: ({ event }) => (event.type === "handshake.syn-ack" ? event.serverId : null),
    }),
    openPort: emit(({ context }) => ({
      type: "port.open" as const,
      message: handshakeMessage(context.namespace, "ack", {
        clientId: context.clientId,
        serverId: context.serverId ?? "",
      }),
    })),
    closePort: emit(({ context }) => ({
      type: "port.close" as const,
      serverId: context.serverId ?? "",
    })),
    forgetServer: assign({
      formerServerId: ({ context }) => context.serverId,
      serverId: null,
    }),
  },
  guards: {
    /** SPEC.md §4.4: a syn-ack counts only if its clientId is ours. */
    isSynAckForThisClient: ({ context, event }) =>
      event.type === "handshake.syn-ack" &&
      event.clientId === context.clientId &&
      event.serverId !== context.formerServerId,
    /** A new server answered our syn while we were connected: the old one is gone. */
    isSynAckFromNewServer: ({ context, event }) =>
      event.type === "handshake.syn-ack" &&
      event.clientId === context.clientId &&
      event.serverId !== context.serverId &&
      event.serverId !== context.formerServerId,
    /** SPEC.md §4.7: only the current server's fin-server resets the client. */
    isFromCurrentServer: ({ context, event }) =>
      event.type === "handshake.fin-server" && event.serverId === context.serverId,
  },
}).createMachine({
  id: "handshake.client",
  context: ({ input }) => ({
    namespace: input.namespace,
    clientId: input.clientId,
    serverId: null,
    formerServerId: null,
  }),
  initial: "connecting",
  states: {
    connecting: {
      entry: "sendSyn",
      on: {
        "handshake.server-syn": { actions: "sendSyn" },
        "handshake.syn-ack": {
          guard: "isSynAckForThisClient",
          target: "connected",
          actions: ["rememberServer", "openPort"],
        },
        "endpoint.close": { target: "closed", actions: "sendFin" },
      },
    },
    connected: {
      on: {
        "handshake.server-syn": { actions: "sendSyn" },
        "handshake.syn-ack": {
          guard: "isSynAckFromNewServer",
          actions: ["closePort", "rememberServer", "openPort"],
        },
        // Entering `connecting` again sends the new syn.
        "handshake.fin-server": {
          guard: "isFromCurrentServer",
          target: "connecting",
          actions: ["sendFin", "closePort", "forgetServer"],
        },
        "endpoint.close": { target: "closed", actions: ["sendFin", "closePort", "forgetServer"] },
      },
    },
    closed: { type: "final" },
  },
});
