import { provider } from "../../protocol/provider.ts";
import type { Logger, PostTarget } from "../messaging/types.ts";

/**
 * The platform loader's side of the data-layer request protocol (docs/protocol.md §1): one
 * window message `init` (sender `platform`, with the publishable key) posted to the
 * data-layer frame at the connect origin with a fresh MessagePort; every later request and
 * reply travels on that port.
 *
 * Replies are checked with small hand-written guards instead of the zod reply schema: the
 * platform script must stay within its size budget (ARCHITECTURE.md, 10 KB min+gzip) and
 * the loader reads only a few fields — the marker, `requestType`, `requestId`, `status`.
 * Anything else is dropped with a warning that names the reason, never the value.
 */

export type LinkReply =
  | { kind: "initresponse"; requestId: string }
  | { kind: "clientSecretNeeded" }
  | { kind: "response"; requestId: string; ok: boolean }
  | { kind: "errorResponse"; requestId: string }
  | { kind: "fetchErrorResponse"; requestId: string | undefined; status: number }
  /** `inspectionStart` (on) or `inspectionStop`: an inspector opened or closed. */
  | { kind: "inspection"; on: boolean };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
/** docs/protocol.md "Common rules": 1–100 visible ASCII characters. */
const isId = (value: unknown): value is string =>
  typeof value === "string" && /^[\x21-\x7e]{1,100}$/.test(value);

/**
 * Reads one port message: the reply, null for a broadcast the loader does not act on
 * (`sessionChanged`, the popup's, any added later: not ours to warn about), undefined for
 * anything malformed.
 */
export function readReply(data: unknown): LinkReply | null | undefined {
  if (!isRecord(data) || data.type !== provider.messageMarker) return undefined;
  const { requestType, requestId } = data;
  switch (requestType) {
    case "initresponse":
      return isId(requestId) ? { kind: "initresponse", requestId } : undefined;
    case "clientSecretNeeded":
      return { kind: "clientSecretNeeded" };
    case "inspectionStart":
    case "inspectionStop":
      return { kind: "inspection", on: requestType === "inspectionStart" };
    case "response":
      return isId(requestId) && typeof data.ok === "boolean"
        ? { kind: "response", requestId, ok: data.ok }
        : undefined;
    case "errorResponse":
      return isId(requestId) ? { kind: "errorResponse", requestId } : undefined;
    case "fetchErrorResponse":
      if (requestId !== undefined && !isId(requestId)) return undefined;
      return typeof data.status === "number"
        ? { kind: "fetchErrorResponse", requestId, status: data.status }
        : undefined;
    default:
      return typeof requestType === "string" ? null : undefined;
  }
}

export interface DataLayerLinkOptions {
  /** The data-layer frame's window. */
  dataLayer: PostTarget;
  connectOrigin: string;
  publishableKey: string;
  log: Logger;
  createChannel?: () => MessageChannel;
  /** Request ids: unique per link. */
  nextId: () => string;
}

export interface DataLayerLink {
  /** Posts `init` with the port. Called once the frame has loaded. */
  open(): void;
  /** Sends claimAccountSessionRequest; the answer comes back through `onReply`. */
  claim(clientSecret: string): string;
  logout(): string;
  /** Sends the loader's records to the live inspector (only after `inspectionStart`). */
  report(records: unknown[]): void;
  onReply(listener: (reply: LinkReply) => void): void;
  close(): void;
}

export function createDataLayerLink(options: DataLayerLinkOptions): DataLayerLink {
  const channel = (options.createChannel ?? (() => new MessageChannel()))();
  const port = channel.port1;
  const listeners = new Set<(reply: LinkReply) => void>();
  let closed = false;
  let opened = false;

  const onMessage = (event: MessageEvent) => {
    if (closed) return;
    const reply = readReply(event.data);
    if (reply === null) return;
    if (!reply) {
      options.log.warn("data-layer reply dropped", { reason: "invalid_payload" });
      return;
    }
    for (const listener of [...listeners]) listener(reply);
  };
  port.addEventListener("message", onMessage);

  const send = (message: Record<string, unknown>) => {
    if (closed) return;
    port.postMessage({ type: provider.messageMarker, ...message });
  };

  return {
    open() {
      if (opened || closed) return;
      opened = true;
      port.start();
      const init = {
        type: provider.messageMarker,
        requestType: "init",
        requestId: options.nextId(),
        sender: "platform",
        publishableKey: options.publishableKey,
      };
      options.dataLayer.postMessage(init, options.connectOrigin, [channel.port2]);
    },
    claim(clientSecret) {
      const requestId = options.nextId();
      send({ requestType: "claimAccountSessionRequest", requestId, clientSecret, setNewKey: true });
      return requestId;
    },
    logout() {
      const requestId = options.nextId();
      send({ requestType: "logout", requestId, clearUserSessionOnly: false });
      return requestId;
    },
    report(records) {
      send({ requestType: "inspectionReport", records });
    },
    onReply(listener) {
      listeners.add(listener);
    },
    close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      port.removeEventListener("message", onMessage);
      port.close();
    },
  };
}
