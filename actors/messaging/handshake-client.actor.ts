import { createActor } from "xstate";
import {
  type HandshakeClientEffect,
  handshakeClientMachine,
} from "../../machines/handshake/client.machine.ts";
import { randomId } from "./types.ts";
import type { WindowMessenger } from "./window-messenger.ts";

/**
 * A client endpoint of a namespace (a UI frame), run over a window messenger whose peer is
 * the server's window. On a syn-ack for its clientId it creates a MessageChannel, keeps one
 * end and posts the ack with the other in the transfer list; `onConnect` gets the kept end.
 * On fin-server from its server it sends fin, closes the port (`onDisconnect`) and starts
 * over with a new syn, so it reconnects to whichever server announces itself next.
 */

export interface HandshakeClientOptions {
  messenger: WindowMessenger;
  /** Defaults to a random id per start. */
  clientId?: string;
  /** Makes the dedicated channel (tests may count them). */
  createChannel?: () => MessageChannel;
}

export interface HandshakeClient {
  readonly clientId: string;
  onConnect(listener: (serverId: string, port: MessagePort) => void): () => void;
  onDisconnect(listener: (serverId: string) => void): () => void;
  /** The server this client is connected to, if any. */
  serverId(): string | null;
  /** Sends fin and closes the port. */
  close(): void;
}

export function startHandshakeClient(options: HandshakeClientOptions): HandshakeClient {
  const { messenger } = options;
  const clientId = options.clientId ?? randomId();
  const createChannel = options.createChannel ?? (() => new MessageChannel());
  const connectListeners = new Set<(serverId: string, port: MessagePort) => void>();
  const disconnectListeners = new Set<(serverId: string) => void>();
  const ports = new Map<string, MessagePort>();

  const actor = createActor(handshakeClientMachine, {
    input: { namespace: messenger.namespace, clientId },
  });

  const closePort = (serverId: string) => {
    const port = ports.get(serverId);
    if (!port) return;
    ports.delete(serverId);
    port.close();
    for (const listener of [...disconnectListeners]) listener(serverId);
  };

  const perform = (effect: HandshakeClientEffect) => {
    switch (effect.type) {
      case "send":
        messenger.post(effect.message);
        return;
      case "port.open": {
        const { serverId } = effect.message.data;
        closePort(serverId);
        const channel = createChannel();
        ports.set(serverId, channel.port1);
        messenger.post(effect.message, { transfer: [channel.port2] });
        for (const listener of [...connectListeners]) listener(serverId, channel.port1);
        return;
      }
      case "port.close":
        closePort(effect.serverId);
        return;
    }
  };
  actor.on("*", (effect) => perform(effect as HandshakeClientEffect));

  const stopListening = messenger.onMessage(({ message }) => {
    switch (message.message) {
      case "server-syn":
        actor.send({ type: "handshake.server-syn", serverId: message.data.serverId });
        return;
      case "syn-ack":
        actor.send({
          type: "handshake.syn-ack",
          clientId: message.data.clientId,
          serverId: message.data.serverId,
        });
        return;
      case "fin-server":
        actor.send({ type: "handshake.fin-server", serverId: message.data.serverId });
        return;
      default:
        // syn, ack and fin are for servers.
        return;
    }
  });

  actor.start();

  return {
    clientId,
    onConnect(listener) {
      connectListeners.add(listener);
      return () => connectListeners.delete(listener);
    },
    onDisconnect(listener) {
      disconnectListeners.add(listener);
      return () => disconnectListeners.delete(listener);
    },
    serverId: () => actor.getSnapshot().context.serverId,
    close() {
      if (actor.getSnapshot().status === "done") return;
      actor.send({ type: "endpoint.close" });
      for (const serverId of [...ports.keys()]) closePort(serverId);
      stopListening();
      actor.stop();
    },
  };
}
