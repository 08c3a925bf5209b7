// biome-ignore-all assist/source/organizeImports: jitless.ts must be evaluated first.
// First: zod is made jitless before any schema module below is evaluated.
export { jitless } from "./jitless.ts";

import type { AnyActorRef } from "xstate";
import {
  type CallMethod,
  hostMethods,
  hostSubscriptions,
  type SubscriptionSource,
  serveConnections,
} from "../messaging/call.ts";
import { startHandshakeServer } from "../messaging/handshake-server.actor.ts";
import type { Logger, MessageReceiver, PostTarget } from "../messaging/types.ts";
import { createWindowMessenger } from "../messaging/window-messenger.ts";

/**
 * An element's side of the host ⇄ UI frame link: a handshake server on the instance's
 * namespace whose only peer is the element's iframe, and a call server on each connection.
 * Loaded on demand when the first element attaches: the handshake and call schemas carry zod,
 * which the platform script's budget cannot. The frame's client re-sends its `syn` on our
 * `server-syn`, so starting a little after the iframe loses nothing.
 */
export function serveHost(options: {
  namespace: string;
  self: MessageReceiver;
  frame: PostTarget;
  connectOrigin: string;
  log: Logger;
  /** The `props` subscription. */
  props: SubscriptionSource;
  /** One handler per host method, by its key in `hostMethods`. */
  methods: { [K in keyof typeof hostMethods]: CallMethod };
  /** Registers the handshake server's machine with the instance's live inspector. */
  inspectable?: (actor: AnyActorRef) => () => void;
}): () => void {
  const methods: Record<string, CallMethod> = {};
  for (const key of Object.keys(hostMethods) as (keyof typeof hostMethods)[])
    methods[hostMethods[key]] = options.methods[key];
  const messenger = createWindowMessenger({
    namespace: options.namespace,
    self: options.self,
    peers: [{ window: options.frame, origin: options.connectOrigin }],
    log: options.log,
  });
  const server = startHandshakeServer({ messenger });
  const unregister = options.inspectable?.(server.actor);
  const stopServing = serveConnections(server, () => ({
    log: options.log,
    subscriptions: { [hostSubscriptions.props]: options.props },
    methods,
  }));
  return () => {
    unregister?.();
    stopServing();
    void server.close();
    messenger.close();
  };
}
