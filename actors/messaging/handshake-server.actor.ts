import { type ActorOptions, type AnyActorLogic, type AnyActorRef, createActor } from "xstate";
import {
  type HandshakeServerEffect,
  handshakeServerMachine,
} from "../../machines/handshake/server.machine.ts";
import { randomId } from "./types.ts";
import type { Peer, WindowMessenger } from "./window-messenger.ts";

/**
 * The server endpoint of a namespace (the platform page's instance), run over a window
 * messenger: window messages become machine events, and the machine's effects are performed
 * here. A syn-ack goes back only to the window whose syn it answers; server-syn and
 * fin-server go to every peer. A connected client is handed to `onConnect` with the
 * dedicated port it sent in its ack; on its fin (or when the server closes) the port is
 * closed and `onDisconnect` is told.
 */

export interface HandshakeServerOptions {
  messenger: WindowMessenger;
  /** Defaults to a random id per start. */
  serverId?: string;
  /** xstate's clock for the close timeout (a SimulatedClock in tests). */
  clock?: ActorOptions<AnyActorLogic>["clock"];
}

export interface HandshakeServer {
  readonly serverId: string;
  /** The running machine, for the live inspector to watch (it never sends to it). */
  readonly actor: AnyActorRef;
  onConnect(listener: (clientId: string, port: MessagePort) => void): () => void;
  onDisconnect(listener: (clientId: string) => void): () => void;
  /** Connected client ids. */
  clients(): string[];
  /** Sends fin-server; resolves once no client remains (or the close timeout dropped them). */
  close(): Promise<void>;
}

export function startHandshakeServer(options: HandshakeServerOptions): HandshakeServer {
  const { messenger } = options;
  const serverId = options.serverId ?? randomId();
  const connectListeners = new Set<(clientId: string, port: MessagePort) => void>();
  const disconnectListeners = new Set<(clientId: string) => void>();
  /** The window each client's syn came from: its syn-ack goes there only. */
  const clientWindows = new Map<string, Peer>();
  const ports = new Map<string, MessagePort>();

  const actor = createActor(handshakeServerMachine, {
    input: { namespace: messenger.namespace, serverId },
    ...(options.clock ? { clock: options.clock } : {}),
  });

  const perform = (effect: HandshakeServerEffect) => {
    switch (effect.type) {
      case "send": {
        const { message } = effect;
        const clientId = "clientId" in message.data ? message.data.clientId : undefined;
        const to = clientId === undefined ? undefined : clientWindows.get(clientId);
        // A reply to a client whose window is unknown is not broadcast.
        if (clientId !== undefined && !to) return;
        messenger.post(message, to ? { to } : {});
        return;
      }
      case "client.connected": {
        const previous = ports.get(effect.clientId);
        if (previous && previous !== effect.port) previous.close();
        ports.set(effect.clientId, effect.port);
        for (const listener of [...connectListeners]) listener(effect.clientId, effect.port);
        return;
      }
      case "client.dropped": {
        ports.get(effect.clientId)?.close();
        ports.delete(effect.clientId);
        clientWindows.delete(effect.clientId);
        for (const listener of [...disconnectListeners]) listener(effect.clientId);
        return;
      }
    }
  };
  actor.on("*", (effect) => perform(effect as HandshakeServerEffect));

  const stopListening = messenger.onMessage((received) => {
    const { message } = received;
    switch (message.message) {
      case "syn":
        clientWindows.set(message.data.clientId, received.from);
        actor.send({ type: "handshake.syn", clientId: message.data.clientId });
        return;
      case "ack":
        // Only the window the client's syn came from may complete its handshake.
        if (clientWindows.get(message.data.clientId) !== received.from || !received.port) return;
        actor.send({
          type: "handshake.ack",
          clientId: message.data.clientId,
          serverId: message.data.serverId,
          port: received.port,
        });
        return;
      case "fin":
        if (clientWindows.get(message.data.clientId) !== received.from) return;
        actor.send({ type: "handshake.fin", clientId: message.data.clientId });
        return;
      default:
        // server-syn, syn-ack, fin-server are for clients.
        return;
    }
  });

  actor.start();

  return {
    serverId,
    actor,
    onConnect(listener) {
      connectListeners.add(listener);
      return () => connectListeners.delete(listener);
    },
    onDisconnect(listener) {
      disconnectListeners.add(listener);
      return () => disconnectListeners.delete(listener);
    },
    clients: () => [...actor.getSnapshot().context.clients],
    close() {
      return new Promise<void>((resolve) => {
        const finish = () => {
          stopListening();
          actor.stop();
          resolve();
        };
        if (actor.getSnapshot().status === "done") return finish();
        const subscription = actor.subscribe((snapshot) => {
          if (snapshot.status !== "done") return;
          subscription.unsubscribe();
          finish();
        });
        actor.send({ type: "endpoint.close" });
      });
    },
  };
}
