import {
  type DataLayerReply,
  type DataLayerRequestInput,
  type DataLayerRequestType,
  parseDataLayerReply,
} from "../../protocol/messages/data-layer.schema.ts";
import type { AuthState } from "../../protocol/objects/auth-state.schema.ts";
import type { SanitizedSession } from "../../protocol/objects/sanitized-session.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { CallAbortedError, CallTimeoutError, ConnectionClosedError } from "../messaging/call.ts";
import { dataLayerFrameName } from "../messaging/names.ts";
import {
  consoleLogger,
  type Logger,
  type PostTarget,
  randomId,
  realTimers,
  type Timers,
} from "../messaging/types.ts";

/**
 * A UI frame's connection to the data layer (SPEC.md §7 "Frame message protocol"): one
 * window message `init` (sender `ui_frame`) posted to the data-layer frame at the connect
 * origin with a fresh MessagePort in the transfer list; every later request and reply
 * travels on that port, correlated by `requestId`. Replies and broadcasts are validated with
 * the reply schema; anything else is dropped and logged. Requests fail with the call
 * runtime's typed errors: `CallTimeoutError` (no reply in time; the data layer is told to
 * abort), `CallAbortedError` (the caller's signal fired; an `abort` is sent), and
 * `ConnectionClosedError` (the client was closed).
 */

type Reply<T extends DataLayerReply["requestType"]> = Extract<DataLayerReply, { requestType: T }>;
export type ResponseReply = Reply<"response">;
export type ErrorResponseReply = Reply<"errorResponse">;
export type FetchErrorResponseReply = Reply<"fetchErrorResponse">;
export type AuthStateReply = Reply<"authState">;
export type FileResponseReply = Reply<"fileResponse">;
export type UploadProgressReply = Reply<"uploadProgress">;
export type FontStylesheetReply = Reply<"fontStylesheet">;

/** Requests that carry no requestId and get no reply. */
const fireAndForgetTypes = [
  "analyticsEvent",
  "errorReport",
  "metricsEvent",
  "logIframeLoadedFontRequest",
  "errorReportingTags",
  "inspectionReport",
] as const;
export type FireAndForgetType = (typeof fireAndForgetTypes)[number];
/** Requests answered with a reply (init and abort are the client's own business). */
export type ReplyingType = Exclude<DataLayerRequestType, FireAndForgetType | "init" | "abort">;

type WithoutEnvelope<T> = T extends unknown ? Omit<T, "type" | "requestId"> : never;
/** What a caller writes: the request without the marker and the requestId. */
export type RequestInput<T extends DataLayerRequestType> = WithoutEnvelope<
  Extract<DataLayerRequestInput, { requestType: T }>
>;

/** The replies a request of type T may get. */
export type ReplyFor<T extends ReplyingType> =
  | (T extends "authStateRequest"
      ? AuthStateReply
      : T extends "downloadFile"
        ? FileResponseReply | ResponseReply
        : T extends "fetchFontStylesheet"
          ? FontStylesheetReply
          : ResponseReply)
  | ErrorResponseReply
  | FetchErrorResponseReply;

/** Messages the data layer broadcasts to every frame. */
export type BroadcastType =
  | "authStateChanged"
  | "sessionChanged"
  | "popupReady"
  | "popupLoaded"
  | "popupDoRefresh"
  | "popupComplete"
  | "fetchErrorResponse"
  | "inspectionStart"
  | "inspectionStop"
  | "inspectionRecords";
export type Broadcast<T extends BroadcastType> = Reply<T>;
const broadcastTypes: ReadonlySet<string> = new Set<BroadcastType>([
  "authStateChanged",
  "sessionChanged",
  "popupReady",
  "popupLoaded",
  "popupDoRefresh",
  "popupComplete",
  "fetchErrorResponse",
  "inspectionStart",
  "inspectionStop",
  "inspectionRecords",
]);

export const DEFAULT_DATA_LAYER_TIMEOUT_MS = 30_000;

export interface DataLayerClientOptions {
  /** The data-layer frame's window (see `findDataLayerWindow`). */
  dataLayer: PostTarget;
  /** The connect origin: `init` (and its port) is posted to this origin only. */
  connectOrigin: string;
  /** The component this frame renders (init's componentName). */
  componentName: string;
  timers?: Timers;
  defaultTimeoutMs?: number;
  log?: Logger;
  createChannel?: () => MessageChannel;
}

export interface RequestOptions {
  /** No reply (nor, for an upload, progress) within this long: CallTimeoutError. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** An upload's progress (`uploadProgress` replies); each one restarts the timeout. */
  onProgress?: (loaded: number, total: number) => void;
}

export interface DataLayerClient {
  /** Resolves on initresponse; rejects on timeout or close. */
  readonly ready: Promise<void>;
  request<T extends ReplyingType>(
    message: RequestInput<T> & { requestType: T },
    options?: RequestOptions,
  ): Promise<ReplyFor<T>>;
  /** Sends a request that gets no reply. */
  send<T extends FireAndForgetType>(message: RequestInput<T> & { requestType: T }): void;
  onBroadcast<T extends BroadcastType>(
    type: T,
    listener: (message: Broadcast<T>) => void,
  ): () => void;
  /** The sanitized session (from initresponse or a sessionChanged broadcast); null before a claim. */
  session(): SanitizedSession | null;
  /** Watches the session: called on every sessionChanged. */
  onSession(listener: (session: SanitizedSession) => void): () => void;
  /** The latest auth state (from authStateRequest or an authStateChanged broadcast). */
  authState(): AuthState | undefined;
  /** Watches the auth state; the first watcher asks the data layer for it. */
  onAuthState(listener: (state: AuthState) => void): () => void;
  /** Asks the data layer for the auth state now. */
  refreshAuthState(options?: RequestOptions): Promise<AuthState | undefined>;
  close(): void;
}

/** The data-layer frame of `namespace`, a sibling of this frame (`parent.frames[name]`). */
export function findDataLayerWindow(
  self: { parent: { frames: unknown } },
  namespace: string,
): PostTarget | undefined {
  const frames = self.parent.frames as Record<string, unknown>;
  const found = frames[dataLayerFrameName(namespace)];
  return found && typeof (found as PostTarget).postMessage === "function"
    ? (found as PostTarget)
    : undefined;
}

interface Pending {
  requestType: string;
  progress: (reply: UploadProgressReply) => void;
  resolve: (reply: DataLayerReply) => void;
  reject: (error: Error) => void;
  cleanup: () => void;
}

export function createDataLayerClient(options: DataLayerClientOptions): DataLayerClient {
  const timers = options.timers ?? realTimers;
  const log = options.log ?? consoleLogger;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_DATA_LAYER_TIMEOUT_MS;
  const channel = (options.createChannel ?? (() => new MessageChannel()))();
  const port = channel.port1;
  const idPrefix = randomId().slice(0, 8);
  let counter = 0;
  const nextId = () => `${idPrefix}-${++counter}`;
  const pending = new Map<string, Pending>();
  const broadcastListeners = new Map<string, Set<(message: never) => void>>();
  const authListeners = new Set<(state: AuthState) => void>();
  let currentAuthState: AuthState | undefined;
  let currentSession: SanitizedSession | null = null;
  const sessionListeners = new Set<(session: SanitizedSession) => void>();
  let closed = false;

  const marker = provider.messageMarker;
  const initId = nextId();
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // A caller that never awaits `ready` must not see an unhandled rejection.
  ready.catch(() => {});
  const initTimer = timers.setTimeout(
    () => rejectReady(new CallTimeoutError("init", defaultTimeoutMs)),
    defaultTimeoutMs,
  );

  const setAuthState = (state: AuthState) => {
    currentAuthState = state;
    for (const listener of [...authListeners]) listener(state);
  };

  const settle = (requestId: string) => {
    const entry = pending.get(requestId);
    if (!entry) return undefined;
    pending.delete(requestId);
    entry.cleanup();
    return entry;
  };

  const onPortMessage = (event: MessageEvent) => {
    if (closed) return;
    const parsed = parseDataLayerReply(event.data);
    if (!parsed.ok) {
      log.warn("data-layer reply dropped", {
        reason: "invalid_payload",
        detail: parsed.error.message,
      });
      return;
    }
    const reply = parsed.value;
    if (reply.requestType === "initresponse") {
      if (reply.requestId !== initId) return;
      timers.clearTimeout(initTimer);
      currentSession = reply.session;
      resolveReady();
      return;
    }
    if (reply.requestType === "sessionChanged") {
      currentSession = reply.session;
      for (const listener of [...sessionListeners]) listener(reply.session);
    }
    if (reply.requestType === "authStateChanged") setAuthState(reply.authState);
    const requestId = "requestId" in reply ? reply.requestId : undefined;
    if (reply.requestType === "uploadProgress") {
      pending.get(reply.requestId)?.progress(reply);
      return;
    }
    if (requestId !== undefined) {
      const entry = settle(requestId);
      if (!entry) return;
      if (reply.requestType === "authState") setAuthState(reply.authState);
      entry.resolve(reply);
      return;
    }
    if (!broadcastTypes.has(reply.requestType)) return;
    for (const listener of [...(broadcastListeners.get(reply.requestType) ?? [])])
      (listener as (message: DataLayerReply) => void)(reply);
  };
  port.addEventListener("message", onPortMessage);
  port.start();

  options.dataLayer.postMessage(
    {
      type: marker,
      requestType: "init",
      requestId: initId,
      sender: "ui_frame",
      componentName: options.componentName,
    },
    options.connectOrigin,
    [channel.port2],
  );

  const postOnPort = (message: Record<string, unknown>) => {
    port.postMessage({ type: marker, ...message });
  };

  const request = <T extends ReplyingType>(
    message: RequestInput<T> & { requestType: T },
    requestOptions: RequestOptions = {},
  ): Promise<ReplyFor<T>> =>
    new Promise<ReplyFor<T>>((resolve, reject) => {
      const { requestType } = message;
      if (closed) return reject(new ConnectionClosedError());
      const { signal } = requestOptions;
      if (signal?.aborted) return reject(new CallAbortedError(requestType));
      const requestId = nextId();
      const timeoutMs = requestOptions.timeoutMs ?? defaultTimeoutMs;
      let sent = false;
      const giveUp = (error: Error) => {
        if (!settle(requestId)) return;
        // The data layer may still be working on it: tell it to stop.
        if (sent && !closed) postOnPort({ requestType: "abort", targetRequestId: requestId });
        reject(error);
      };
      const timeOut = () =>
        timers.setTimeout(() => giveUp(new CallTimeoutError(requestType, timeoutMs)), timeoutMs);
      let timer = timeOut();
      const onAbort = () => giveUp(new CallAbortedError(requestType));
      signal?.addEventListener("abort", onAbort, { once: true });
      pending.set(requestId, {
        requestType,
        progress: (reply) => {
          timers.clearTimeout(timer);
          timer = timeOut();
          requestOptions.onProgress?.(reply.loaded, reply.total);
        },
        resolve: resolve as (reply: DataLayerReply) => void,
        reject,
        cleanup: () => {
          timers.clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
        },
      });
      // Requests wait for initresponse: the data layer serves the port only after init.
      ready.then(
        () => {
          if (!pending.has(requestId) || closed) return;
          sent = true;
          postOnPort({ ...message, requestId });
        },
        (error: Error) => settle(requestId)?.reject(error),
      );
    });

  const refreshAuthState = async (requestOptions?: RequestOptions) => {
    const reply = await request({ requestType: "authStateRequest" }, requestOptions);
    return reply.requestType === "authState" ? reply.authState : undefined;
  };

  return {
    ready,
    request,
    refreshAuthState,
    send(message) {
      if (closed) return;
      void ready.then(
        () => {
          if (!closed) postOnPort({ ...message });
        },
        () => {},
      );
    },
    onBroadcast(type, listener) {
      const set = broadcastListeners.get(type) ?? new Set();
      broadcastListeners.set(type, set);
      set.add(listener as (message: never) => void);
      return () => set.delete(listener as (message: never) => void);
    },
    session: () => currentSession,
    onSession(listener) {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
    authState: () => currentAuthState,
    onAuthState(listener) {
      const first = authListeners.size === 0 && currentAuthState === undefined;
      authListeners.add(listener);
      if (first) refreshAuthState().catch(() => {});
      return () => authListeners.delete(listener);
    },
    close() {
      if (closed) return;
      closed = true;
      timers.clearTimeout(initTimer);
      rejectReady(new ConnectionClosedError());
      for (const id of [...pending.keys()]) settle(id)?.reject(new ConnectionClosedError());
      port.removeEventListener("message", onPortMessage);
      port.close();
    },
  };
}

/**
 * The request failed inside the data layer (errorResponse) or as an HTTP failure it reports
 * as such (fetchErrorResponse); `reply` is the message as received.
 */
export class DataLayerReplyError extends Error {
  readonly status: number | undefined;
  constructor(readonly reply: ErrorResponseReply | FetchErrorResponseReply) {
    super(reply.requestType === "errorResponse" ? reply.error.message : reply.message);
    this.name = "DataLayerReplyError";
    this.status = reply.requestType === "fetchErrorResponse" ? reply.status : undefined;
  }
}

/** The HTTP answer of a proxied call (any status), or a DataLayerReplyError thrown. */
export function expectResponse(reply: ReplyFor<"authedProxy">): ResponseReply {
  if (reply.requestType === "response") return reply;
  throw new DataLayerReplyError(reply);
}
