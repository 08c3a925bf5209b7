import { emit, enqueueActions, setup } from "xstate";
import { handshakeMessage } from "../../protocol/messages/handshake.schema.ts";
import type { CloseEvent, SendEffect } from "./handshake.types.ts";

/**
 * The server endpoint of the handshake (SPEC.md §4): it announces itself with server-syn,
 * answers every syn with syn-ack, takes a client on its ack (which carries the dedicated
 * port), drops a client on its fin, and on close sends fin-server and finishes once no client
 * remains. A client that never answers fin-server is dropped after `closeTimeout`, so a
 * closing frame is never held open by a frame that already went away.
 */

export interface HandshakeServerInput {
  namespace: string;
  serverId: string;
}

export interface HandshakeServerContext {
  namespace: string;
  serverId: string;
  /** Connected client ids, sorted, so equal sets are equal states. */
  clients: string[];
}

export type HandshakeServerEvent =
  | { type: "handshake.syn"; clientId: string }
  | { type: "handshake.ack"; clientId: string; serverId: string; port: MessagePort }
  | { type: "handshake.fin"; clientId: string }
  | CloseEvent;

export type HandshakeServerEffect =
  | SendEffect
  /** Serve this client on this port (replacing any port it had). */
  | { type: "client.connected"; clientId: string; port: MessagePort }
  /** Stop serving this client and close its port. */
  | { type: "client.dropped"; clientId: string };

/** How long a closing server waits for its clients' fin. */
export const SERVER_CLOSE_TIMEOUT_MS = 2000;

export const handshakeServerMachine = setup({
  types: {
    input: {} as HandshakeServerInput,
    context: {} as HandshakeServerContext,
    events: {} as HandshakeServerEvent,
    emitted: {} as HandshakeServerEffect,
  },
  actions: {
    announce: emit(
      ({ context }): SendEffect => ({
        type: "send",
        message: handshakeMessage(context.namespace, "server-syn", { serverId: context.serverId }),
      }),
    ),
    answerSyn: emit(({ context, event }): SendEffect => {
      const clientId = event.type === "handshake.syn" ? event.clientId : "";
      return {
        type: "send",
        message: handshakeMessage(context.namespace, "syn-ack", {
          clientId,
          serverId: context.serverId,
        }),
      };
    }),
    acceptClient: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "handshake.ack") return;
      const { clientId, port } = event;
      enqueue.assign({ clients: [...new Set([...context.clients, clientId])].sort() });
      enqueue.emit({ type: "client.connected", clientId, port });
    }),
    dropClient: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "handshake.fin") return;
      const { clientId } = event;
      enqueue.assign({ clients: context.clients.filter((id) => id !== clientId) });
      enqueue.emit({ type: "client.dropped", clientId });
    }),
    dropAllClients: enqueueActions(({ context, enqueue }) => {
      for (const clientId of context.clients) enqueue.emit({ type: "client.dropped", clientId });
      enqueue.assign({ clients: [] });
    }),
    announceClosing: emit(
      ({ context }): SendEffect => ({
        type: "send",
        message: handshakeMessage(context.namespace, "fin-server", { serverId: context.serverId }),
      }),
    ),
  },
  guards: {
    /** An ack names the server it answers; another server's ack is not ours to take. */
    isAckForThisServer: ({ context, event }) =>
      event.type === "handshake.ack" && event.serverId === context.serverId,
    isKnownClient: ({ context, event }) =>
      event.type === "handshake.fin" && context.clients.includes(event.clientId),
    noClientsLeft: ({ context }) => context.clients.length === 0,
  },
  delays: {
    closeTimeout: SERVER_CLOSE_TIMEOUT_MS,
  },
}).createMachine({
  id: "handshake.server",
  context: ({ input }) => ({ namespace: input.namespace, serverId: input.serverId, clients: [] }),
  initial: "open",
  states: {
    open: {
      entry: "announce",
      on: {
        "handshake.syn": { actions: "answerSyn" },
        "handshake.ack": { guard: "isAckForThisServer", actions: "acceptClient" },
        "handshake.fin": { guard: "isKnownClient", actions: "dropClient" },
        "endpoint.close": { target: "closing" },
      },
    },
    closing: {
      // A closing server answers no syn and takes no ack: clients must move to a new server.
      entry: "announceClosing",
      always: { guard: "noClientsLeft", target: "closed" },
      on: {
        "handshake.fin": { guard: "isKnownClient", actions: "dropClient" },
      },
      after: {
        closeTimeout: { target: "closed", actions: "dropAllClients" },
      },
    },
    closed: { type: "final" },
  },
});
