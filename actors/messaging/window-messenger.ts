import {
  classifyHandshakeMessage,
  type HandshakeMessage,
} from "../../protocol/messages/handshake.schema.ts";
import { consoleLogger, type Logger, type MessageReceiver, type PostTarget } from "./types.ts";

/**
 * The handshake's transport over window messages, scoped by namespace (SPEC.md §4).
 *
 * A messenger knows its peers: the windows it may talk to (a UI frame's one peer is
 * `window.parent`; the platform page's peers are its UI frames' `contentWindow`s), each with
 * the origin it is expected to have, or `"*"` for "whatever it turns out to be". A message is
 * taken only when its `source` is a peer and its origin matches; the peer's origin is PINNED
 * on its first valid message, so afterwards that window is heard, and posted to, only at that
 * origin (as penpal does). Messages of another namespace, or not handshake-shaped, are not
 * ours and are ignored silently; handshake-shaped messages of our namespace that fail the
 * schema are dropped and logged, never answered.
 */

export interface Peer {
  readonly window: PostTarget;
  /** The pinned origin, else the expected one (`"*"`: not known before first contact). */
  readonly origin: string;
  readonly pinned: boolean;
}

export type ReceivedHandshake =
  | { message: Extract<HandshakeMessage, { message: "ack" }>; port: MessagePort; from: Peer }
  | { message: Exclude<HandshakeMessage, { message: "ack" }>; port?: undefined; from: Peer };

export interface WindowMessengerOptions {
  namespace: string;
  /** The window whose `message` events this messenger listens to. */
  self: MessageReceiver;
  /** Peers known from the start. */
  peers?: readonly { window: PostTarget; origin: string }[];
  log?: Logger;
}

export interface WindowMessenger {
  readonly namespace: string;
  addPeer(window: PostTarget, origin: string): Peer;
  removePeer(window: PostTarget): void;
  peers(): readonly Peer[];
  /**
   * Posts a handshake message to one peer, or to every peer. A port is only ever posted to a
   * pinned origin: an unpinned `"*"` peer is skipped rather than handed a port.
   */
  post(message: HandshakeMessage, options?: { to?: Peer; transfer?: MessagePort[] }): void;
  onMessage(listener: (received: ReceivedHandshake) => void): () => void;
  close(): void;
}

class PeerState implements Peer {
  pinnedOrigin: string | undefined;
  constructor(
    readonly window: PostTarget,
    readonly expectedOrigin: string,
  ) {}
  get origin() {
    return this.pinnedOrigin ?? this.expectedOrigin;
  }
  get pinned() {
    return this.pinnedOrigin !== undefined;
  }
  accepts(origin: string) {
    if (this.pinnedOrigin !== undefined) return origin === this.pinnedOrigin;
    return this.expectedOrigin === "*" || origin === this.expectedOrigin;
  }
}

export function createWindowMessenger(options: WindowMessengerOptions): WindowMessenger {
  const { namespace, self } = options;
  const log = options.log ?? consoleLogger;
  const peers = new Map<unknown, PeerState>();
  const listeners = new Set<(received: ReceivedHandshake) => void>();
  let closed = false;

  const addPeer = (window: PostTarget, origin: string): Peer => {
    const existing = peers.get(window);
    if (existing) return existing;
    const peer = new PeerState(window, origin);
    peers.set(window, peer);
    return peer;
  };
  for (const peer of options.peers ?? []) addPeer(peer.window, peer.origin);

  const onWindowMessage = (event: {
    data: unknown;
    origin: string;
    source: unknown;
    ports?: readonly MessagePort[];
  }) => {
    if (closed) return;
    const peer = peers.get(event.source);
    // Another window, or a peer heard at another origin: not answered, not even logged.
    if (!peer?.accepts(event.origin)) return;
    const classified = classifyHandshakeMessage(
      { data: event.data, ports: event.ports ?? [] },
      { namespace },
    );
    if (!classified.ok) {
      if (classified.rejection.reason !== "not_ours")
        log.warn("handshake message dropped", {
          namespace,
          reason: classified.rejection.reason,
          detail: classified.rejection.message,
        });
      return;
    }
    if (peer.pinnedOrigin === undefined) peer.pinnedOrigin = event.origin;
    const received = (
      "port" in classified
        ? { message: classified.message, port: classified.port, from: peer }
        : { message: classified.message, from: peer }
    ) as ReceivedHandshake;
    for (const listener of [...listeners]) listener(received);
  };
  self.addEventListener("message", onWindowMessage);

  const postTo = (peer: PeerState, message: HandshakeMessage, transfer?: MessagePort[]) => {
    if (transfer && transfer.length > 0 && !peer.pinned && peer.expectedOrigin === "*") {
      log.warn("port not posted to a peer whose origin is not pinned", { namespace });
      return;
    }
    try {
      peer.window.postMessage(message, peer.origin, transfer ?? []);
    } catch (error) {
      // A window that went away (a removed iframe) throws; the others still get the message.
      log.warn("handshake message not posted", {
        namespace,
        message: message.message,
        error: error instanceof Error ? error.name : typeof error,
      });
    }
  };

  return {
    namespace,
    addPeer,
    removePeer: (window) => {
      peers.delete(window);
    },
    peers: () => [...peers.values()],
    post(message, { to, transfer } = {}) {
      if (closed) return;
      if (to) {
        const peer = peers.get(to.window);
        if (peer) postTo(peer, message, transfer);
        return;
      }
      for (const peer of peers.values()) postTo(peer, message, transfer);
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      listeners.clear();
      self.removeEventListener("message", onWindowMessage);
    },
  };
}
