/**
 * The sign-in popup in the data layer (SPEC.md §2 "Sign-in popup", §4 "Popup sign-in wait",
 * §8): rebroadcast of the popup's events, one popup-wait actor per wait request, the key
 * exchange (POST /v1/embedded/user_authed_key), and abort.
 */
import { type Actor, createActor, fromPromise } from "xstate";
import {
  type ExchangedUserKey,
  type ExchangeRequest,
  popupWaitMachine,
} from "../../machines/popup/popup-wait.machine.ts";
import { endpoints } from "../../protocol/endpoints.ts";
import type { DataLayerRequestOf } from "../../protocol/messages/data-layer.schema.ts";
import {
  type PopupEvent,
  rebroadcastPopupEventTypes,
} from "../../protocol/messages/popup.schema.ts";
import { DEFAULT_KEY_LIFETIME_MS } from "../../protocol/objects/stored-key.schema.ts";
import { type ProviderHosts, provider } from "../../protocol/provider.ts";
import { registerInspectable } from "../inspection/inspectables.ts";
import { sendOrFail } from "./http.ts";
import type { Connection } from "./intake.ts";
import type { KeyStore } from "./keys.actor.ts";
import { fetchErrorResponse, okResponse, popupCompleteBroadcast, type Reply } from "./replies.ts";
import type { Telemetry } from "./telemetry.ts";
import type { Clock, FetchLike, Logger } from "./types.ts";

export type PopupWaitRequest =
  | DataLayerRequestOf<"openPopupAndWaitForAuth">
  | DataLayerRequestOf<"openPopupAndWaitForComplete">;

export interface PopupOptions {
  fetch: FetchLike;
  hosts: ProviderHosts;
  keys: KeyStore;
  clock: Clock;
  telemetry: Pick<Telemetry, "analytics">;
  log: Logger;
  broadcast(message: Reply): void;
}

export interface Popup {
  wait(connection: Connection, request: PopupWaitRequest): void;
  /** A popup event about the sign-in (its inspection reports go to the inspection hub). */
  popupEvent(event: Exclude<PopupEvent, { requestType: "popupInspectionReport" }>): void;
  abort(connection: Connection, requestId: string): boolean;
  /** Waits not yet finished. */
  pending(): number;
  stop(): void;
}

interface Wait {
  actor: Actor<typeof popupWaitMachine>;
  requester: { connection: Connection; requestId: string } | null;
}

const rebroadcast: ReadonlySet<string> = new Set(rebroadcastPopupEventTypes);

export function createPopup(options: PopupOptions): Popup {
  const { fetch, hosts, keys, clock, telemetry, log } = options;
  const waits: Wait[] = [];

  const exchangeUserKey = fromPromise<ExchangedUserKey, ExchangeRequest>(async ({ input }) => {
    const sessionKey = keys.read("account_session");
    const answer = await sendOrFail(fetch, {
      url: `${hosts.api}${endpoints.userAuthedKey}`,
      method: "POST",
      headers: {
        [provider.headers.version]: provider.apiVersion,
        ...(sessionKey ? { Authorization: `Bearer ${sessionKey.apiKey}` } : {}),
      },
      form: {
        embedded_api_key: input.apiKey,
        session_created_from_embedded: input.sessionCreatedForEmbedded,
      },
    });
    const body = (answer.body ?? {}) as Record<string, unknown>;
    const userKey = body.embedded_session_api_key;
    const refreshToken = body.embedded_user_session_refresh_token;
    if (typeof userKey !== "string" || userKey.length === 0)
      throw { kind: "network", message: "The key exchange answer carries no key" };
    return {
      userKey,
      refreshToken: typeof refreshToken === "string" ? refreshToken : "",
      expires: clock.now() + DEFAULT_KEY_LIFETIME_MS,
    };
  });

  const machine = popupWaitMachine.provide({ actors: { exchangeUserKey } });

  const finish = (wait: Wait) => {
    const index = waits.indexOf(wait);
    if (index >= 0) waits.splice(index, 1);
  };

  const start = (mode: "auth" | "complete", requester: Wait["requester"]): Wait => {
    const actor = createActor(machine, {
      input: { mode, userAuthenticated: keys.read("provider_user") !== undefined },
    });
    const wait: Wait = { actor, requester };
    actor.on("user-key.received", ({ key }) => {
      keys.store("provider_user", key.userKey, key.expires);
      if (key.refreshToken) keys.refreshToken.set(key.refreshToken);
      telemetry.analytics({
        event_name: "submerchant_surfaces_user_key_received",
        method: "popup",
      });
    });
    actor.on("exchange.failed", ({ failure }) => options.broadcast(fetchErrorResponse(failure)));
    actor.on("popup-complete.broadcast", () => options.broadcast(popupCompleteBroadcast()));
    const unregister = registerInspectable(actor);
    actor.subscribe({
      complete: () => {
        unregister();
        finish(wait);
        const output = actor.getSnapshot().output;
        if (!output) return;
        if (output.outcome === "resolved") {
          answer(wait);
          // The user is signed in now: every other wait for auth resolves too.
          for (const other of [...waits]) {
            if (other.actor.getSnapshot().value !== "waiting") continue;
            finish(other);
            other.actor.stop();
            answer(other);
          }
        } else if (output.outcome === "rejected" && wait.requester) {
          wait.requester.connection.send(
            fetchErrorResponse(output.failure, wait.requester.requestId),
          );
        }
      },
    });
    waits.push(wait);
    actor.start();
    return wait;
  };

  const answer = (wait: Wait) => {
    wait.requester?.connection.send(
      okResponse(wait.requester.requestId, { authState: keys.authState() }),
    );
  };

  // The popup closed (signed in, cancelled or shut): a wait still waiting for its key ends
  // with the auth state as it is, never hangs. While a key is being exchanged, that
  // exchange answers every wait when it resolves.
  const popupClosed = () => {
    if (waits.some((w) => w.actor.getSnapshot().value === "exchanging")) return;
    for (const wait of [...waits]) {
      if (wait.actor.getSnapshot().value !== "waiting") continue;
      finish(wait);
      wait.actor.stop();
      answer(wait);
    }
  };

  return {
    wait(connection, request) {
      const mode = request.requestType === "openPopupAndWaitForAuth" ? "auth" : "complete";
      start(mode, { connection, requestId: request.requestId });
    },
    popupEvent(event) {
      if (event.requestType !== "popupAuthenticationComplete") {
        // Rebuilt from its type: only the marker and the requestType travel on.
        if (rebroadcast.has(event.requestType))
          options.broadcast({ type: event.type, requestType: event.requestType });
        if (event.requestType === "popupComplete") popupClosed();
        return;
      }
      // Only a UI frame's wait in progress takes a key: a stray popupAuthenticationComplete
      // (no wait, or the user signed in already) is ignored, its key never exchanged.
      const target = waits.find((w) => w.actor.getSnapshot().value === "waiting");
      if (!target) {
        log.warn(
          "data layer: popupAuthenticationComplete with no sign-in wait in progress ignored",
        );
        return;
      }
      target.actor.send({
        type: "popup.authentication-complete",
        apiKey: event.apiKey,
        sessionCreatedForEmbedded: event.sessionCreatedForEmbedded,
      });
    },
    abort(connection, requestId) {
      const wait = waits.find(
        (w) => w.requester?.connection === connection && w.requester.requestId === requestId,
      );
      if (!wait) return false;
      wait.actor.send({ type: "wait.abort" });
      return true;
    },
    pending: () => waits.length,
    stop() {
      for (const wait of waits.splice(0)) wait.actor.stop();
    },
  };
}
