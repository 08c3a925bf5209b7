import { type HostProps, hostPropsSchema } from "../../protocol/messages/host-props.schema.ts";
import { safeParseMessage } from "../../protocol/parse.ts";
import {
  type CallClient,
  CallTimeoutError,
  ConnectionClosedError,
  createCallClient,
  DEFAULT_CALL_TIMEOUT_MS,
  hostMethods,
  hostSubscriptions,
} from "../messaging/call.ts";
import { startHandshakeClient } from "../messaging/handshake-client.actor.ts";
import {
  consoleLogger,
  type Logger,
  type MessageReceiver,
  type PostTarget,
  realTimers,
  type Timers,
} from "../messaging/types.ts";
import { createWindowMessenger } from "../messaging/window-messenger.ts";

/**
 * A UI frame's link to its host element on the platform page: the frame is a handshake
 * CLIENT of the instance's namespace, and over the dedicated port a call client that
 * subscribes to the host's `props` and calls the host's methods (names in
 * `actors/messaging/call.ts`). After fin-server the handshake client re-handshakes with the
 * next server; the link then opens a new call client, subscribes again and re-reports its
 * size, so a component survives its host element being re-created.
 */

/** The `props` subscription's value (`protocol/messages/host-props.schema.ts`). */
export type { HostProps };

export interface Size {
  width: number;
  height: number;
}

/** Watches the frame's content size; returns what stops watching. */
export type ObserveSize = (onSize: (size: Size) => void) => () => void;

/** The default: a ResizeObserver on the document element. */
export const observeDocumentSize: ObserveSize = (onSize) => {
  const element = document.documentElement;
  const measure = () =>
    // The frame's own width (what its layout gets), not its content's: a view that renders
    // wide before it knows it is narrow would otherwise keep itself wide.
    onSize({ width: Math.ceil(element.clientWidth), height: Math.ceil(element.scrollHeight) });
  const observer = new ResizeObserver(measure);
  observer.observe(element);
  measure();
  return () => observer.disconnect();
};

export interface HostLinkOptions {
  /** The instance namespace from the frame's URL hash. */
  namespace: string;
  /** This frame's window (message events arrive here). */
  self: MessageReceiver;
  /** The platform page (`window.parent`). */
  parent: PostTarget;
  /** The platform origin (from the hash's platformUrl); `"*"` pins it on first contact. */
  platformOrigin: string;
  observeSize?: ObserveSize;
  timers?: Timers;
  /** Per-call timeout, which also bounds waiting for a connection. */
  callTimeoutMs?: number;
  clientId?: string;
  log?: Logger;
}

export interface HostLink {
  props(): HostProps | undefined;
  onProps(listener: (props: HostProps) => void): () => void;
  connected(): boolean;
  onConnectionChange(listener: (connected: boolean) => void): () => void;
  emitEvent(name: string, detail?: unknown): Promise<void>;
  reportLoadError(error: { name: string; message: string; requestId?: string }): Promise<void>;
  reportLoaderStart(): Promise<void>;
  overlayChanged(open: boolean): Promise<void>;
  close(): void;
}

export function createHostLink(options: HostLinkOptions): HostLink {
  const timers = options.timers ?? realTimers;
  const log = options.log ?? consoleLogger;
  const callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const messenger = createWindowMessenger({
    namespace: options.namespace,
    self: options.self,
    peers: [{ window: options.parent, origin: options.platformOrigin }],
    log,
  });
  const handshake = startHandshakeClient({
    messenger,
    ...(options.clientId ? { clientId: options.clientId } : {}),
  });

  let client: CallClient | undefined;
  let currentProps: HostProps | undefined;
  let lastSize: Size | undefined;
  let reportedSize: Size | undefined;
  let closed = false;
  const propsListeners = new Set<(props: HostProps) => void>();
  const connectionListeners = new Set<(connected: boolean) => void>();
  const waiters = new Set<(client: CallClient) => void>();

  const reportSize = () => {
    const size = lastSize;
    if (!client || !size) return;
    if (reportedSize && reportedSize.width === size.width && reportedSize.height === size.height)
      return;
    reportedSize = size;
    client.call(hostMethods.reportSize, [size], { timeoutMs: callTimeoutMs }).catch((error) => {
      // The host closed the link (its element was removed or moved): nothing to report to.
      if (error instanceof ConnectionClosedError) return;
      log.warn("reportSize failed", { error: error instanceof Error ? error.name : "unknown" });
    });
  };

  handshake.onConnect((_serverId, port) => {
    client?.close();
    const current = createCallClient(port, { timers, defaultTimeoutMs: callTimeoutMs, log });
    client = current;
    reportedSize = undefined;
    current.subscribe(hostSubscriptions.props, [], (value) => {
      const parsed = safeParseMessage(hostPropsSchema, value);
      if (!parsed.ok) {
        log.warn("host props dropped", { reason: "invalid_payload", detail: parsed.error.message });
        return;
      }
      currentProps = parsed.value;
      for (const listener of [...propsListeners]) listener(parsed.value);
    });
    for (const listener of [...connectionListeners]) listener(true);
    for (const waiter of [...waiters]) waiter(current);
    reportSize();
  });
  handshake.onDisconnect(() => {
    client?.close();
    client = undefined;
    for (const listener of [...connectionListeners]) listener(false);
  });

  const stopObserving = (options.observeSize ?? observeDocumentSize)((size) => {
    lastSize = size;
    reportSize();
  });

  /** The current call client, or the next one within the call timeout. */
  const whenConnected = () =>
    new Promise<CallClient>((resolve, reject) => {
      if (closed) return reject(new ConnectionClosedError());
      if (client && !client.closed) return resolve(client);
      const waiter = (c: CallClient) => {
        waiters.delete(waiter);
        timers.clearTimeout(timer);
        resolve(c);
      };
      const timer = timers.setTimeout(() => {
        waiters.delete(waiter);
        reject(new CallTimeoutError("connect", callTimeoutMs));
      }, callTimeoutMs);
      waiters.add(waiter);
    });

  const callHost = async (method: string, arg: unknown) => {
    const c = await whenConnected();
    await c.call(method, [arg], { timeoutMs: callTimeoutMs });
  };

  return {
    props: () => currentProps,
    onProps(listener) {
      propsListeners.add(listener);
      return () => propsListeners.delete(listener);
    },
    connected: () => client !== undefined && !client.closed,
    onConnectionChange(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    emitEvent: (name, detail) =>
      callHost(hostMethods.emitEvent, detail === undefined ? { name } : { name, detail }),
    reportLoadError: (error) =>
      callHost(hostMethods.reportLoadError, {
        error: {
          name: error.name,
          message: error.message,
          ...(error.requestId ? { requestId: error.requestId } : {}),
        },
      }),
    reportLoaderStart: () => callHost(hostMethods.reportLoaderStart, {}),
    overlayChanged: (open) => callHost(hostMethods.overlayChanged, { open }),
    close() {
      if (closed) return;
      closed = true;
      stopObserving();
      handshake.close();
      messenger.close();
      client?.close();
      client = undefined;
    },
  };
}
