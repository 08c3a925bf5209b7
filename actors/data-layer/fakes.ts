/**
 * Fakes for the data layer's tests (never imported by the page): a window that dispatches
 * message events, a recording fetch, a manual clock and timers, storages, a recording log,
 * and a client that opens a conversation over a real MessageChannel.
 */

import {
  type DataLayerRequestInput,
  parseDataLayerReply,
} from "../../protocol/messages/data-layer.schema.ts";
import { isPopupEventType } from "../../protocol/messages/popup.schema.ts";
import {
  RATE_LIMIT_CODE,
  RATE_LIMIT_ERROR_TYPE,
  RATE_LIMIT_STATUS,
} from "../../protocol/messages/rate-limit.ts";
import { apiErrorResponseSchema } from "../../protocol/objects/api-error.schema.ts";
import { claimedSessionFixture } from "../../protocol/objects/claimed-account-session.fixture.ts";
import type { ClaimedAccountSessionInput } from "../../protocol/objects/claimed-account-session.schema.ts";
import { localEnvironment, provider } from "../../protocol/provider.ts";
import { createDataLayer } from "./data-layer.ts";
import type {
  Clock,
  DataLayerWindow,
  FetchLike,
  Logger,
  StorageLike,
  Timers,
  WindowMessageEvent,
} from "./types.ts";

export const env = localEnvironment();
export const hosts = {
  api: env.api,
  files: env.files,
  connect: env.connect,
  dashboard: env.dashboard,
  marketing: env.marketing,
  errorReporting: env.errorReporting,
};
export const marker = provider.messageMarker;

/** The windows around the data layer: its parent (the platform page), a UI frame, a popup. */
export class FakeWindow implements DataLayerWindow {
  private listeners = new Set<(event: WindowMessageEvent) => void>();
  readonly parent = { name: "platform page" };
  readonly self: { parent: unknown } = { parent: this.parent };
  /** A UI frame: another frame of the same parent. */
  readonly sibling = { name: "UI frame", parent: this.parent };
  /** The sign-in popup a UI frame opened. */
  readonly popup = {
    name: "popup",
    parent: null,
    opener: this.sibling,
    /** What the data layer posted to it, with the target origin. */
    received: [] as { data: unknown; targetOrigin: string }[],
    postMessage(data: unknown, targetOrigin: string) {
      this.received.push({ data, targetOrigin });
    },
  };
  /** A window of some other page. */
  readonly elsewhere = { name: "elsewhere", parent: { name: "other page" } };
  /** @param platformOrigin the parent page's origin (messages from it come from `parent`). */
  constructor(readonly platformOrigin: string = env.platform) {}
  addEventListener(_type: "message", listener: (event: WindowMessageEvent) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: "message", listener: (event: WindowMessageEvent) => void) {
    this.listeners.delete(listener);
  }
  /**
   * Posts a window message. Without `source` it comes from where such a message would:
   * the platform origin from the parent, a popup event from the popup, else from a UI frame.
   */
  post(origin: string, data: unknown, ports: MessagePort[] = [], source?: unknown) {
    const from = source !== undefined ? source : this.defaultSource(origin, data);
    for (const listener of this.listeners) listener({ origin, data, ports, source: from });
  }
  private defaultSource(origin: string, data: unknown) {
    if (origin === this.platformOrigin) return this.parent;
    const type = (data as { requestType?: unknown } | null)?.requestType;
    return typeof type === "string" && isPopupEventType(type) ? this.popup : this.sibling;
  }
  get listenerCount() {
    return this.listeners.size;
  }
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The body as given (a FormData for an upload). */
  rawBody?: RequestInit["body"];
}

type Route = (request: RecordedRequest, signal?: AbortSignal) => Response | Promise<Response>;

/** A fetch that records every request and answers with `route` (404 by default). */
export function fakeFetch(
  route: Route = () => json(404, { error: { type: "invalid_request_error" } }),
) {
  const requests: RecordedRequest[] = [];
  let current = route;
  const fetch: FetchLike = async (url, init) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>))
      headers[name] = value;
    const recorded: RecordedRequest = {
      url,
      method: init.method ?? "GET",
      headers,
      body: typeof init.body === "string" ? init.body : undefined,
      ...(init.body === undefined ? {} : { rawBody: init.body }),
    };
    requests.push(recorded);
    return current(recorded, init.signal ?? undefined);
  };
  return {
    fetch,
    requests,
    route(next: Route) {
      current = next;
    },
  };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

/**
 * The provider's rate-limit answer (server/http/rate-limit.ts): 429, `rate_limit_error` /
 * `rate_limit`, with `Retry-After` in seconds. Its body is parsed with the API error schema
 * the provider's answers are checked against (server/http/http.test.ts parses the real one
 * with it), so the fake cannot drift from what the provider sends.
 */
export function rateLimitedAnswer(retryAfter = "1", requestId = "req_rate_limited") {
  const body = apiErrorResponseSchema.parse({
    error: {
      type: RATE_LIMIT_ERROR_TYPE,
      code: RATE_LIMIT_CODE,
      message: "Too many requests with this key: at most 500 per second.",
      request_id: requestId,
    },
  });
  return json(RATE_LIMIT_STATUS, body, {
    "Retry-After": retryAfter,
    [provider.headers.requestId]: requestId,
  });
}

/**
 * The provider's answer while its database is out of reach (server/http/errors.ts
 * `databaseUnavailable`): 503 `api_error` / `database_unavailable`, `Retry-After` in seconds
 * (none: `retryAfter` null), the body parsed with the API error schema like the 429's.
 */
export function unavailableAnswer(retryAfter: string | null = "2", requestId = "req_503") {
  const body = apiErrorResponseSchema.parse({
    error: {
      type: "api_error",
      code: "database_unavailable",
      message: "The database could not be reached; nothing was committed.",
      request_id: requestId,
    },
  });
  return json(503, body, {
    ...(retryAfter === null ? {} : { "Retry-After": retryAfter }),
    [provider.headers.requestId]: requestId,
  });
}

export class ManualClock implements Clock {
  constructor(public time = Date.UTC(2026, 0, 1)) {}
  now() {
    return this.time;
  }
  advance(ms: number) {
    this.time += ms;
  }
}

/** Timers driven by a ManualClock: `advance` runs what falls due. */
export class ManualTimers implements Timers {
  private tasks = new Map<number, { at: number; callback: () => void }>();
  private next = 1;
  constructor(private clock: ManualClock) {}
  setTimeout(callback: () => void, ms: number) {
    const id = this.next++;
    this.tasks.set(id, { at: this.clock.now() + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.tasks.delete(handle as number);
  }
  advance(ms: number) {
    this.clock.advance(ms);
    for (const [id, task] of [...this.tasks].sort((a, b) => a[1].at - b[1].at)) {
      if (task.at > this.clock.now()) continue;
      this.tasks.delete(id);
      task.callback();
    }
  }
  get pending() {
    return this.tasks.size;
  }
}

export class MemoryStorage implements StorageLike {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** localStorage of a partitioned or sandboxed frame: every access throws. */
export const throwingStorage: StorageLike = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("SecurityError");
  },
  removeItem: () => {
    throw new Error("SecurityError");
  },
};

export function recordingLog() {
  const lines: { level: string; message: string; detail?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, detail?: Record<string, unknown>) =>
    lines.push({ level, message, ...(detail ? { detail } : {}) });
  const log: Logger = { info: at("info"), warn: at("warn"), error: at("error") };
  return {
    log,
    lines,
    text: () => lines.map((l) => `${l.message} ${JSON.stringify(l.detail ?? {})}`).join("\n"),
  };
}

/** Lets pending port messages and promise callbacks run. */
export async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

export async function until(check: () => boolean, what = "condition", timeoutMs = 2000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

type Message = Record<string, unknown> & { requestType?: string; requestId?: string };

/** One sender (the platform or a UI frame) talking to the data layer over a real port. */
export class FakeClient {
  readonly received: Message[] = [];
  /** Replies that failed the reply schema: always empty, or the data layer is wrong. */
  readonly invalid: Message[] = [];
  readonly port: MessagePort;
  private nextId = 1;

  constructor(
    readonly window: FakeWindow,
    readonly origin: string,
    init: Record<string, unknown>,
  ) {
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.port.addEventListener("message", (event: MessageEvent) => {
      const message = event.data as Message;
      this.received.push(message);
      // Every reply must pass the reply schema.
      if (!parseDataLayerReply(message).ok) this.invalid.push(message);
    });
    this.port.start();
    window.post(origin, { type: marker, requestType: "init", requestId: "init-1", ...init }, [
      channel.port2,
    ]);
  }

  static platform(window: FakeWindow, publishableKey = "pk_test_123") {
    return new FakeClient(window, env.platform, { sender: "platform", publishableKey });
  }

  static frame(window: FakeWindow, componentName = "payouts") {
    return new FakeClient(window, env.connect, { sender: "ui_frame", componentName });
  }

  post(message: Record<string, unknown>) {
    this.port.postMessage({ type: marker, ...message });
  }

  /** Sends a request with a fresh requestId and waits for its reply. */
  async request(message: Partial<DataLayerRequestInput> & Record<string, unknown>) {
    const requestId = `r${this.nextId++}`;
    this.post({ ...message, requestId });
    await until(() => this.replyTo(requestId) !== undefined, `a reply to ${message.requestType}`);
    return this.replyTo(requestId)!;
  }

  send(message: Partial<DataLayerRequestInput> & Record<string, unknown>) {
    const requestId = `r${this.nextId++}`;
    this.post({ ...message, requestId });
    return requestId;
  }

  replyTo(requestId: string) {
    return this.received.find((m) => m.requestId === requestId);
  }

  ofType(requestType: string) {
    return this.received.filter((m) => m.requestType === requestType);
  }

  close() {
    this.port.close();
  }
}

// ---------------------------------------------------------------------------------------------
// A whole data layer over the fakes, with a small reference provider as its fetch
// ---------------------------------------------------------------------------------------------

/** The claim answer without a signed-in user unless asked. */
export function claimAnswer(overrides: Partial<ClaimedAccountSessionInput> = {}) {
  return {
    ...claimedSessionFixture,
    user_session_api_key: null,
    user_session_expires_at: null,
    user: null,
    ...overrides,
  };
}

export interface BuildOptions {
  route?: Route;
  storage?: StorageLike;
  selfOrigin?: string;
  platformOrigin?: string | null;
  /** The platform page carries the override flag of SPEC.md §6. */
  overrideFlagSet?: boolean;
  /** The page's consent; by default the person has allowed analytics (`consentGranted`). */
  consent?: { allows(category: string): boolean };
}

/** A consent manager that allows every category: most data-layer tests are not about consent. */
export const consentGranted = { allows: () => true };
/** Restricted mode without a choice: only authentication and essential. */
export const consentRestricted = {
  allows: (category: string) => category === "authentication" || category === "essential",
};

export function build(options: BuildOptions = {}) {
  const window = new FakeWindow(options.platformOrigin ?? env.platform);
  const api = fakeFetch(
    options.route ??
      ((request) => {
        if (request.url.endsWith("/v1/account_sessions/claim")) return json(200, claimAnswer());
        return json(200, { object: "list", data: [] }, { "Request-Id": "req_1" });
      }),
  );
  const clock = new ManualClock();
  const timers = new ManualTimers(clock);
  const logs = recordingLog();
  const storage = options.storage ?? new MemoryStorage();
  const layer = createDataLayer({
    window,
    fetch: api.fetch,
    storage,
    clock,
    timers,
    hosts,
    environment: "local",
    selfOrigin: options.selfOrigin ?? env.connect,
    platformOrigin: options.platformOrigin === undefined ? env.platform : options.platformOrigin,
    platformPagePath: "/dashboard/payouts",
    ...(options.overrideFlagSet ? { overrideFlagSet: true } : {}),
    log: logs.log,
    consent: options.consent ?? consentGranted,
  });
  const clients: FakeClient[] = [];
  const track = (client: FakeClient) => {
    clients.push(client);
    return client;
  };
  return {
    window,
    api,
    clock,
    timers,
    logs,
    storage,
    layer,
    platform: (publishableKey?: string) => track(FakeClient.platform(window, publishableKey)),
    frame: (componentName?: string) => track(FakeClient.frame(window, componentName)),
    client: (origin: string, init: Record<string, unknown>) =>
      track(new FakeClient(window, origin, init)),
    /** Platform + claim done: the usual starting point. */
    async claimed() {
      const platform = track(FakeClient.platform(window));
      await until(() => platform.ofType("initresponse").length === 1, "initresponse");
      const reply = await platform.request({
        requestType: "claimAccountSessionRequest",
        clientSecret: "acs_secret_abc",
      });
      return { platform, reply };
    },
    dispose() {
      for (const client of clients) client.close();
      layer.dispose();
      const invalid = clients.flatMap((c) => c.invalid);
      if (invalid.length > 0)
        throw new Error(
          `replies failing the reply schema: ${JSON.stringify(invalid).slice(0, 500)}`,
        );
    },
  };
}

export type Built = ReturnType<typeof build>;
