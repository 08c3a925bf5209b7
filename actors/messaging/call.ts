/**
 * The message-channel call protocol (SPEC.md §7, `protocol/messages/call.schema.ts`) over the
 * dedicated MessagePort of an established handshake: `createCallServer` answers CALL and
 * ADD_SUBSCRIPTION / REMOVE_SUBSCRIPTION; `createCallClient` calls methods with a per-call
 * timeout and watches subscriptions. Every message received is validated with the call
 * schema; an invalid one, or one a side never receives (a CALL sent to a client), is dropped
 * and logged, never answered.
 *
 * Errors a caller sees are typed: `CallTimeoutError` (no answer within the timeout),
 * `RemoteCallError` (the method threw; name, message, code, data as sent),
 * `ConnectionClosedError` (the client or its port was closed with the call in flight),
 * `CallAbortedError` (the caller's AbortSignal fired). An unknown method or subscription is
 * answered with CALL_ERROR code `method_not_found` (`callErrorCodes` of the schema).
 *
 * Names used between a host element (platform page, the handshake SERVER of its namespace)
 * and its UI frame (a handshake CLIENT). Every method takes ONE argument object.
 *
 *   Subscription on the host
 *     props        () → HostProps: {attributes: {[name]: string}, setters: {[name]: value},
 *                  appearance: object | null, locale: string | null}. Sent at once and on
 *                  every change. Callback setters (setOnX) do not cross: the host keeps the
 *                  function and lists its event in `setters.handledEvents: string[]`.
 *   Methods on the host
 *     emitEvent          {name, detail?}       dispatch the component's event (a DOM
 *                                              CustomEvent and the matching setOnX callback)
 *     reportSize         {width, height}       CSS pixels of the frame's content; the host
 *                                              sizes the iframe to it
 *     reportLoadError    {error: {name, message, requestId?}}  the component failed to load (SPEC.md §8
 *                                              load-failure texts); the host shows/forwards it
 *     reportLoaderStart  {}                    the frame started loading (loaderStart event)
 *     overlayChanged     {open: boolean}       the frame opened/closed an overlay that needs
 *                                              the host to cover the page
 *   All methods answer CALL_RESPONSE without a result once handled.
 */
import {
  type CallError,
  type CallErrorCode,
  type CallMessage,
  type CallMessageOf,
  clientToServerTypes,
  parseCallMessage,
  serverToClientTypes,
} from "../../protocol/messages/call.schema.ts";
import { consoleLogger, type Logger, realTimers, type Timers } from "./types.ts";

/** The method and subscription names of the host element ↔ UI frame link (see above). */
export const hostMethods = {
  emitEvent: "emitEvent",
  reportSize: "reportSize",
  reportLoadError: "reportLoadError",
  reportLoaderStart: "reportLoaderStart",
  overlayChanged: "overlayChanged",
} as const;
export const hostSubscriptions = { props: "props" } as const;

export const DEFAULT_CALL_TIMEOUT_MS = 10_000;

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** Base of the errors the call runtime raises; `code` is one of `callErrorCodes`. */
export class CallProtocolError extends Error {
  constructor(
    message: string,
    readonly code: CallErrorCode | string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class CallTimeoutError extends CallProtocolError {
  constructor(
    readonly method: string,
    readonly timeoutMs: number,
  ) {
    super(`${method} did not answer within ${timeoutMs} ms`, "timeout");
  }
}

export class ConnectionClosedError extends CallProtocolError {
  constructor(message = "the connection is closed") {
    super(message, "connection_closed");
  }
}

export class CallAbortedError extends CallProtocolError {
  constructor(readonly method: string) {
    super(`${method} was aborted`, "aborted");
  }
}

/** The remote method threw: its name, message, code and data as the server sent them. */
export class RemoteCallError extends Error {
  readonly remoteName: string;
  readonly code: string | undefined;
  readonly data: unknown;
  constructor(error: CallError) {
    super(error.message);
    this.name = "RemoteCallError";
    this.remoteName = error.name;
    this.code = error.code;
    this.data = error.data;
  }
}

/** How a thrown value crosses the port: an Error keeps name, message, and `code`/`data`. */
export function toCallError(thrown: unknown): CallError {
  if (thrown instanceof Error) {
    const { code, data } = thrown as Error & { code?: unknown; data?: unknown };
    return {
      name: thrown.name || "Error",
      message: thrown.message,
      ...(typeof code === "string" && code.length > 0 ? { code } : {}),
      ...(data === undefined ? {} : { data }),
    };
  }
  return { name: "Error", message: "the method failed", code: "internal" };
}

// ---------------------------------------------------------------------------------------------
// Port plumbing
// ---------------------------------------------------------------------------------------------

type Listener = (event: MessageEvent) => void;

function listen(port: MessagePort, onMessage: Listener, onClose: () => void) {
  port.addEventListener("message", onMessage as EventListener);
  // Node and recent browsers fire `close` on a port whose other end closed.
  port.addEventListener("close", onClose);
  port.start();
  return () => {
    port.removeEventListener("message", onMessage as EventListener);
    port.removeEventListener("close", onClose);
  };
}

function parseFrom(
  data: unknown,
  accepted: readonly string[],
  side: string,
  log: Logger,
): CallMessage | undefined {
  const parsed = parseCallMessage(data);
  if (!parsed.ok) {
    log.warn("call message dropped", {
      side,
      reason: "invalid_payload",
      detail: parsed.error.message,
    });
    return undefined;
  }
  if (!accepted.includes(parsed.value.type)) {
    log.warn("call message dropped", { side, reason: "wrong_direction", type: parsed.value.type });
    return undefined;
  }
  return parsed.value;
}

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

/** A method receives the CALL's args, spread. */
export type CallMethod = (...args: unknown[]) => unknown;
/** A subscription source: push values; return what stops it. */
export type SubscriptionSource = (push: (value: unknown) => void, ...args: unknown[]) => () => void;

export interface CallServerOptions {
  methods?: Record<string, CallMethod>;
  subscriptions?: Record<string, SubscriptionSource>;
  log?: Logger;
}

export interface CallServer {
  /** Number of subscriptions being served (for tests and diagnostics). */
  activeSubscriptions(): number;
  /** Stops every subscription source and closes the port. */
  close(): void;
}

export function createCallServer(port: MessagePort, options: CallServerOptions = {}): CallServer {
  const methods = options.methods ?? {};
  const sources = options.subscriptions ?? {};
  const log = options.log ?? consoleLogger;
  const active = new Map<string, () => void>();
  let closed = false;

  const post = (message: CallMessage) => {
    if (closed) return;
    try {
      port.postMessage(message);
    } catch (error) {
      // A result that cannot be structured-cloned still gets an answer.
      if (message.type === "CALL_RESPONSE" || message.type === "SUBSCRIPTION_RESULT")
        post({
          type: "CALL_ERROR",
          id: message.id,
          error: {
            name: error instanceof Error ? error.name : "Error",
            message: "the result could not be sent",
            code: "internal",
          },
        });
    }
  };

  const notFound = (id: string, name: string) =>
    post({
      type: "CALL_ERROR",
      id,
      error: {
        name: "Error",
        message: `unknown method or subscription: ${name}`,
        code: "method_not_found",
      },
    });

  const onCall = async ({ id, method, args }: CallMessageOf<"CALL">) => {
    const fn = Object.hasOwn(methods, method) ? methods[method] : undefined;
    if (!fn) return notFound(id, method);
    try {
      const result = await fn(...args);
      post({ type: "CALL_RESPONSE", id, ...(result === undefined ? {} : { result }) });
    } catch (thrown) {
      post({ type: "CALL_ERROR", id, error: toCallError(thrown) });
    }
  };

  const stop = (id: string) => {
    const unsubscribe = active.get(id);
    active.delete(id);
    unsubscribe?.();
  };

  const onAddSubscription = ({ id, name, args }: CallMessageOf<"ADD_SUBSCRIPTION">) => {
    const source = Object.hasOwn(sources, name) ? sources[name] : undefined;
    if (!source) return notFound(id, name);
    stop(id);
    let live = true;
    const push = (value: unknown) => {
      if (live && !closed) post({ type: "SUBSCRIPTION_RESULT", id, value });
    };
    try {
      const unsubscribe = source(push, ...(args ?? []));
      active.set(id, () => {
        live = false;
        unsubscribe();
      });
    } catch (thrown) {
      live = false;
      post({ type: "CALL_ERROR", id, error: toCallError(thrown) });
    }
  };

  const close = () => {
    if (closed) return;
    for (const id of [...active.keys()]) stop(id);
    closed = true;
    unlisten();
    port.close();
  };

  const unlisten = listen(
    port,
    (event) => {
      if (closed) return;
      const message = parseFrom(event.data, clientToServerTypes, "server", log);
      if (!message) return;
      if (message.type === "CALL") void onCall(message);
      else if (message.type === "ADD_SUBSCRIPTION") onAddSubscription(message);
      else if (message.type === "REMOVE_SUBSCRIPTION") stop(message.id);
    },
    close,
  );

  return { activeSubscriptions: () => active.size, close };
}

// ---------------------------------------------------------------------------------------------
// Client
// ---------------------------------------------------------------------------------------------

export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface SubscriptionHandlers {
  /** The server refused the subscription (unknown name, the source threw). */
  onError?: (error: RemoteCallError | ConnectionClosedError) => void;
}

export interface CallClientOptions {
  timers?: Timers;
  defaultTimeoutMs?: number;
  log?: Logger;
}

export interface CallClient {
  call<T = unknown>(method: string, args?: unknown[], options?: CallOptions): Promise<T>;
  /** Starts watching `name`; the returned function sends REMOVE_SUBSCRIPTION. */
  subscribe(
    name: string,
    args: unknown[],
    onValue: (value: unknown) => void,
    handlers?: SubscriptionHandlers,
  ): () => void;
  readonly closed: boolean;
  /** Rejects every call in flight with ConnectionClosedError and closes the port. */
  close(): void;
}

interface Pending {
  method: string;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  cleanup: () => void;
}

export function createCallClient(port: MessagePort, options: CallClientOptions = {}): CallClient {
  const timers = options.timers ?? realTimers;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const log = options.log ?? consoleLogger;
  const pending = new Map<string, Pending>();
  const subscriptions = new Map<
    string,
    { onValue: (value: unknown) => void; handlers: SubscriptionHandlers }
  >();
  let counter = 0;
  let closed = false;

  const settle = (id: string) => {
    const entry = pending.get(id);
    if (!entry) return undefined;
    pending.delete(id);
    entry.cleanup();
    return entry;
  };

  const close = () => {
    if (closed) return;
    closed = true;
    unlisten();
    for (const id of [...pending.keys()]) settle(id)?.reject(new ConnectionClosedError());
    subscriptions.clear();
    port.close();
  };

  const unlisten = listen(
    port,
    (event) => {
      if (closed) return;
      const message = parseFrom(event.data, serverToClientTypes, "client", log);
      if (!message) return;
      if (message.type === "CALL_RESPONSE") settle(message.id)?.resolve(message.result);
      else if (message.type === "CALL_ERROR") {
        const error = new RemoteCallError(message.error);
        const call = settle(message.id);
        if (call) call.reject(error);
        else subscriptions.get(message.id)?.handlers.onError?.(error);
        subscriptions.delete(message.id);
      } else if (message.type === "SUBSCRIPTION_RESULT")
        subscriptions.get(message.id)?.onValue(message.value);
    },
    close,
  );

  const post = (message: CallMessage) => {
    port.postMessage(message);
  };

  return {
    get closed() {
      return closed;
    },
    close,
    call<T>(method: string, args: unknown[] = [], callOptions: CallOptions = {}) {
      return new Promise<T>((resolve, reject) => {
        if (closed) return reject(new ConnectionClosedError());
        const { signal } = callOptions;
        if (signal?.aborted) return reject(new CallAbortedError(method));
        const id = `c${++counter}`;
        const timeoutMs = callOptions.timeoutMs ?? defaultTimeoutMs;
        const timer = timers.setTimeout(
          () => settle(id)?.reject(new CallTimeoutError(method, timeoutMs)),
          timeoutMs,
        );
        const onAbort = () => settle(id)?.reject(new CallAbortedError(method));
        signal?.addEventListener("abort", onAbort, { once: true });
        pending.set(id, {
          method,
          resolve: resolve as (value: unknown) => void,
          reject,
          cleanup: () => {
            timers.clearTimeout(timer);
            signal?.removeEventListener("abort", onAbort);
          },
        });
        try {
          post({ type: "CALL", id, method, args });
        } catch (error) {
          settle(id)?.reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
    subscribe(name, args, onValue, handlers = {}) {
      if (closed) {
        handlers.onError?.(new ConnectionClosedError());
        return () => {};
      }
      const id = `s${++counter}`;
      subscriptions.set(id, { onValue, handlers });
      post({ type: "ADD_SUBSCRIPTION", id, name, args });
      return () => {
        if (!subscriptions.delete(id) || closed) return;
        post({ type: "REMOVE_SUBSCRIPTION", id });
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Serving every connection of a handshake server
// ---------------------------------------------------------------------------------------------

/** The part of a handshake server `serveConnections` needs. */
export interface ConnectionSource {
  onConnect(listener: (clientId: string, port: MessagePort) => void): () => void;
  onDisconnect(listener: (clientId: string) => void): () => void;
}

/**
 * Runs a call server on every connection of a handshake server (the host element's side):
 * one per client, closed when that client disconnects or reconnects. Returns a stop function
 * that closes them all.
 */
export function serveConnections(
  source: ConnectionSource,
  optionsFor: (clientId: string) => CallServerOptions,
): () => void {
  const servers = new Map<string, CallServer>();
  const offConnect = source.onConnect((clientId, port) => {
    servers.get(clientId)?.close();
    servers.set(clientId, createCallServer(port, optionsFor(clientId)));
  });
  const offDisconnect = source.onDisconnect((clientId) => {
    servers.get(clientId)?.close();
    servers.delete(clientId);
  });
  return () => {
    offConnect();
    offDisconnect();
    for (const server of servers.values()) server.close();
    servers.clear();
  };
}
