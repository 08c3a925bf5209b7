import {
  classifyDataLayerMessage,
  type DataLayerReplyInput,
  type DataLayerRequest,
} from "../../protocol/messages/data-layer.schema.ts";
import type { AuthState } from "../../protocol/objects/auth-state.schema.ts";
import { provider } from "../../protocol/provider.ts";
import type { FakeWindow } from "../messaging/fake-window.ts";

/**
 * Test support: a small data layer that speaks the wire protocol for real (it classifies
 * every message with the data-layer schema, takes `init` only from the connect origin with
 * its port, and answers on that port), with canned behaviour behind it: an authedProxy call
 * answers 200 with `{url, method}`, except URLs containing `/hang` (never answered) and
 * `/garbage` (answered with an invalid reply, then the real one).
 */
type ReplyInput = DataLayerReplyInput extends infer R
  ? R extends unknown
    ? Omit<R, "type">
    : never
  : never;

export class FakeDataLayer {
  readonly ports: MessagePort[] = [];
  /** Every request received on a port, validated. */
  readonly requests: DataLayerRequest[] = [];
  readonly inits: { componentName?: string; sender: string }[] = [];
  authState: AuthState = {
    status: "account_session_authenticated",
    expires: 1_900_000_000_000,
    user: null,
    userSessionExpired: false,
  };

  constructor(
    readonly window: FakeWindow,
    readonly acceptedOrigin: string,
  ) {
    window.addEventListener("message", (event) => {
      if (event.origin !== acceptedOrigin) return;
      const classified = classifyDataLayerMessage({ data: event.data, ports: event.ports ?? [] });
      if (!classified.ok || classified.kind !== "init") return;
      const { port, message } = classified;
      this.inits.push({ sender: message.sender, componentName: message.componentName });
      this.ports.push(port);
      port.addEventListener("message", (e) => this.#onRequest(port, e.data));
      port.start();
      this.#reply(port, { requestType: "initresponse", requestId: message.requestId });
    });
  }

  #reply(port: MessagePort, reply: ReplyInput) {
    port.postMessage({ type: provider.messageMarker, ...reply });
  }

  /** Sends a broadcast to every connected frame. */
  broadcast(reply: ReplyInput) {
    for (const port of this.ports) this.#reply(port, reply);
  }

  #onRequest(port: MessagePort, data: unknown) {
    const classified = classifyDataLayerMessage({ data });
    if (!classified.ok || classified.kind !== "request") return;
    const request = classified.message;
    this.requests.push(request);
    switch (request.requestType) {
      case "authStateRequest":
        this.#reply(port, {
          requestType: "authState",
          requestId: request.requestId,
          authState: this.authState,
        });
        return;
      case "authedProxy": {
        if (request.url.includes("/hang")) return;
        if (request.url.includes("/garbage"))
          port.postMessage({
            type: provider.messageMarker,
            requestType: "response",
            requestId: request.requestId,
            ok: "yes",
          });
        if (request.url.includes("/forbidden")) {
          this.#reply(port, {
            requestType: "fetchErrorResponse",
            requestId: request.requestId,
            status: 403,
            message: "HTTP status code: 403. Reason: forbidden",
          });
          return;
        }
        this.#reply(port, {
          requestType: "response",
          requestId: request.requestId,
          ok: true,
          status: 200,
          statusText: "OK",
          body: { url: request.url, method: request.method },
          headers: {},
        });
        return;
      }
      default:
        return;
    }
  }

  close() {
    for (const port of this.ports) port.close();
  }
}
