/**
 * Logout in the data layer (SPEC.md §4 "Logout", §7 DELETE /v1/connect/session, §8): one
 * logout-machine actor per request; the keys are cleared only when the server invalidated
 * the user session or answered 401/404, otherwise they are kept and the request is answered
 * with fetchErrorResponse.
 */
import { createActor, fromPromise } from "xstate";
import { logoutMachine } from "../../machines/auth/logout.machine.ts";
import { endpoints } from "../../protocol/endpoints.ts";
import type { DataLayerRequestOf } from "../../protocol/messages/data-layer.schema.ts";
import { type ProviderHosts, provider } from "../../protocol/provider.ts";
import type { Claim } from "./claim.ts";
import { sendOrFail } from "./http.ts";
import type { Connection } from "./intake.ts";
import type { KeyStore } from "./keys.actor.ts";
import { fetchErrorResponse, okResponse } from "./replies.ts";
import type { FetchLike } from "./types.ts";

export interface LogoutOptions {
  fetch: FetchLike;
  hosts: ProviderHosts;
  keys: KeyStore;
  claim: Pick<Claim, "session">;
}

export function createLogout(options: LogoutOptions) {
  const { fetch, hosts, keys, claim } = options;

  return function logout(
    connection: Connection,
    request: DataLayerRequestOf<"logout">,
  ): Promise<void> {
    const userKey = keys.read("provider_user");
    const invalidateUserSession = fromPromise<void, void>(async () => {
      if (!userKey) return;
      const account = claim.session()?.account_id;
      await sendOrFail(fetch, {
        url: `${hosts.api}${endpoints.connectSession}`,
        method: "DELETE",
        headers: {
          Authorization: `Bearer ${userKey.apiKey}`,
          [provider.headers.version]: provider.apiVersion,
          ...(account ? { [provider.headers.account]: account } : {}),
          ...(request.merchantIdOverride
            ? { [provider.headers.merchantOverride]: request.merchantIdOverride }
            : {}),
          ...(request.livemodeOverride === undefined
            ? {}
            : { [provider.headers.livemodeOverride]: String(request.livemodeOverride) }),
        },
      });
    });
    const actor = createActor(logoutMachine.provide({ actors: { invalidateUserSession } }), {
      input: {
        clearUserSessionOnly: request.clearUserSessionOnly,
        hasUserKey: userKey !== undefined,
      },
    });
    actor.on("keys.clear", ({ scope }) => {
      keys.refreshToken.set(null);
      if (scope === "user") keys.clear("provider_user");
      else keys.clearAll();
    });
    return new Promise((resolve) => {
      actor.subscribe({
        complete: () => {
          const output = actor.getSnapshot().output;
          if (output?.ok === false)
            connection.send(fetchErrorResponse(output.failure, request.requestId));
          else connection.send(okResponse(request.requestId, { authState: keys.authState() }));
          resolve();
        },
      });
      actor.start();
    });
  };
}
