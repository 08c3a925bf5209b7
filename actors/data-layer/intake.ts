/**
 * Message intake of the data layer (SPEC.md §5 "Message handling in the data layer",
 * docs/security.md).
 *
 * Window messages: only our marker with a string requestType; only from the connect origin,
 * the frame's own origin or the platform origin. On the window only `init` (with exactly one
 * reply port) and the popup's events are accepted. The origin alone is not enough: the
 * window that posted (`event.source`) must stand where such a sender stands —
 * - `init` as `platform`: the platform origin, posted by the parent window (the page);
 * - `init` as `ui_frame`: a UI origin, posted by another frame of the same parent;
 * - a popup event: the connect origin, posted by a window whose opener is such a frame.
 * Each port is bound at init to its sender and component name: a request on it is handled
 * only when that sender may send it (`senderMaySend`: the platform page only what the
 * loader needs, the proxy and the popup waits only UI frames), and a request's own
 * componentName is not trusted (the port's is used). Anything else is dropped and logged,
 * never answered.
 */
import {
  classifyDataLayerMessage,
  type DataLayerRequest,
  type InitRequest,
  senderMaySend,
} from "../../protocol/messages/data-layer.schema.ts";
import type { PopupEvent } from "../../protocol/messages/popup.schema.ts";
import type { SanitizedSession } from "../../protocol/objects/sanitized-session.schema.ts";
import { allowlists, type ProviderHosts } from "../../protocol/provider.ts";
import type { PostTarget } from "../messaging/types.ts";
import { initResponse, type Reply } from "./replies.ts";
import type { DataLayerWindow, Logger, WindowMessageEvent } from "./types.ts";

/** One sender that opened a conversation with init. */
export interface Connection {
  id: number;
  /** Bound at init; never changes. */
  readonly sender: InitRequest["sender"];
  /** The component of a UI frame, bound at init; requests cannot name another. */
  readonly componentName: string | undefined;
  publishableKey: string | undefined;
  /** Error-reporting tags of this sender (errorReportingTags). */
  tags: Record<string, string>;
  send(message: Reply | { type: string; requestType: string }): void;
}

export type PortRequest = Exclude<DataLayerRequest, InitRequest>;

export interface IntakeHandlers {
  onInit(connection: Connection, init: InitRequest): void;
  onRequest(connection: Connection, request: PortRequest): void;
  /** A popup's event, with its window (checked: the connect origin, a UI frame's opener). */
  onPopupEvent(event: PopupEvent, source: PostTarget): void;
}

export interface IntakeOptions extends IntakeHandlers {
  window: DataLayerWindow;
  hosts: ProviderHosts;
  selfOrigin: string;
  platformOrigin: string | null;
  log: Logger;
  /** The sanitized session to hand a new sender in its initresponse, when one is claimed. */
  currentSession(): SanitizedSession | null;
}

export interface Intake {
  connections(): readonly Connection[];
  /** Sends to every connected port. */
  broadcast(message: Reply | { type: string; requestType: string }): void;
  dispose(): void;
}

export function createIntake(options: IntakeOptions): Intake {
  const { log, hosts, selfOrigin, platformOrigin } = options;
  const connectOrigins = new Set(allowlists(hosts).connectOrigins);
  const uiOrigins = new Set([...connectOrigins, selfOrigin]);
  const connections: Connection[] = [];
  const ports: MessagePort[] = [];
  let nextId = 1;

  const drop = (reason: string, detail: Record<string, unknown> = {}) =>
    log.warn(`data layer: message dropped (${reason})`, detail);

  const open = (init: InitRequest, port: MessagePort) => {
    const connection: Connection = {
      id: nextId++,
      sender: init.sender,
      componentName: init.componentName,
      publishableKey: init.publishableKey,
      tags: {},
      send: (message) => {
        try {
          port.postMessage(message);
        } catch (error) {
          log.warn("data layer: could not post to a port", { reason: String(error) });
        }
      },
    };
    port.addEventListener("message", (event: MessageEvent) => {
      const verdict = classifyDataLayerMessage({ data: event.data, ports: event.ports });
      if (!verdict.ok) {
        if (verdict.rejection.reason === "not_ours") return;
        drop(verdict.rejection.reason, {
          connection: connection.id,
          message: verdict.rejection.message,
        });
        return;
      }
      if (verdict.kind !== "request") {
        drop(`${verdict.kind} is not accepted on a port`, { connection: connection.id });
        return;
      }
      if (!senderMaySend(connection.sender, verdict.message.requestType)) {
        drop(`${verdict.message.requestType} is not accepted from the ${connection.sender}`, {
          connection: connection.id,
        });
        return;
      }
      try {
        options.onRequest(connection, verdict.message);
      } catch (error) {
        log.error("data layer: request handler failed", { reason: String(error) });
      }
    });
    // A closed peer (frame removed) leaves the broadcast list where the platform says so.
    port.addEventListener("close", () => {
      const at = connections.indexOf(connection);
      if (at >= 0) connections.splice(at, 1);
      const portAt = ports.indexOf(port);
      if (portAt >= 0) ports.splice(portAt, 1);
    });
    port.start();
    ports.push(port);
    connections.push(connection);
    connection.send(initResponse(init.requestId, options.currentSession()));
    options.onInit(connection, init);
  };

  /** Where the posting window stands relative to this frame's parent (the platform page). */
  const standing = (source: unknown): "parent" | "sibling" | "popup" | "other" => {
    const parent = options.window.parent;
    if (source === null || source === undefined || parent === null || parent === undefined)
      return "other";
    if (source === parent) return "parent";
    try {
      // Cross-origin windows still expose `parent` and `opener`.
      const from = source as { parent?: unknown; opener?: { parent?: unknown } | null };
      if (from.parent === parent && source !== options.window.self) return "sibling";
      if (from.opener?.parent === parent) return "popup";
    } catch {
      // A window we may not read is none of ours.
    }
    return "other";
  };

  const isClosed = (source: unknown) => {
    try {
      return (source as { closed?: unknown } | null)?.closed === true;
    } catch {
      return false;
    }
  };

  const onWindowMessage = (event: WindowMessageEvent) => {
    const origin = event.origin;
    const verdict = classifyDataLayerMessage({ data: event.data, ports: event.ports });
    if (!verdict.ok && verdict.rejection.reason === "not_ours") return;
    const fromConnect = connectOrigins.has(origin);
    const fromUi = uiOrigins.has(origin);
    const fromPlatform = platformOrigin !== null && origin === platformOrigin;
    if (!fromUi && !fromPlatform) {
      drop("origin not allowed", { origin });
      return;
    }
    if (!verdict.ok) {
      drop(verdict.rejection.reason, { origin, message: verdict.rejection.message });
      return;
    }
    const from = standing(event.source);
    try {
      if (verdict.kind === "popup") {
        if (!fromConnect) {
          drop("popup event not from the connect origin", { origin });
          return;
        }
        if (from !== "popup") {
          drop("popup event not from a popup of a UI frame", { origin });
          return;
        }
        options.onPopupEvent(verdict.message, event.source as PostTarget);
        return;
      }
      if (verdict.kind === "init") {
        const allowed = verdict.message.sender === "platform" ? fromPlatform : fromUi;
        if (!allowed) {
          drop(`init from ${verdict.message.sender} not from its origin`, { origin });
          return;
        }
        const where = verdict.message.sender === "platform" ? "parent" : "sibling";
        if (from !== where) {
          // A frame removed before its init arrived (an element unmounted at once, as React
          // StrictMode does) is no live sender: nothing to open, nothing to warn about.
          if (isClosed(event.source)) return;
          drop(`init from ${verdict.message.sender} not from its window`, { origin });
          return;
        }
        open(verdict.message, verdict.port);
        return;
      }
      drop("requests other than init travel on the init port", {
        origin,
        requestType: verdict.message.requestType,
      });
    } catch (error) {
      log.error("data layer: window message handler failed", { reason: String(error) });
    }
  };

  options.window.addEventListener("message", onWindowMessage);

  return {
    connections: () => connections,
    broadcast: (message) => {
      for (const connection of connections) connection.send(message);
    },
    dispose: () => {
      options.window.removeEventListener("message", onWindowMessage);
      for (const port of ports) port.close();
      ports.length = 0;
      connections.length = 0;
    },
  };
}
