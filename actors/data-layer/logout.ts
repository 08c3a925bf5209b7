/**
 * Logout in the data layer (SPEC.md §4 "Logout", §7 DELETE /v1/connect/session, §8): one
 * logout-machine actor per request; the keys are cleared only when the server invalidated
 * the user session or answered 401/404, otherwise they are kept and the request is answered
 * with fetchErrorResponse.
 *
 * A full logout (not clearUserSessionOnly) also revokes the account-session key on the
 * server: after the user key's DELETE /v1/connect/session, a second DELETE
 * /v1/connect/session is sent with the account-session key (docs/protocol.md, "Logout").
 * Each call counts as done on 2xx, 401 or 404, so no old key works after a full logout.
 * When no user key is held but a refresh token is (the user key expired), the token is
 * revoked on the provider first (POST /v1/connect/refresh_token/revoke with the
 * account-session key), so it cannot outlive the logout (docs/security.md).
 *
 * Before any of that, the logout closes the key gate (`key-gate.ts`) until it has answered:
 * no new call goes out with a key meanwhile, and the calls already sent with one are given
 * up to LOGOUT_SETTLE_MS to settle, so none reaches the server after its key's revocation.
 */
import { createActor, fromPromise } from "xstate";
import { countsAsInvalidated, toCallFailure } from "../../machines/auth/failure.ts";
import { logoutMachine } from "../../machines/auth/logout.machine.ts";
import { endpoints } from "../../protocol/endpoints.ts";
import type { DataLayerRequestOf } from "../../protocol/messages/data-layer.schema.ts";
import { type ProviderHosts, provider } from "../../protocol/provider.ts";
import { registerInspectable } from "../inspection/inspectables.ts";
import type { Claim } from "./claim.ts";
import { sendOrFail } from "./http.ts";
import type { Connection } from "./intake.ts";
import { type KeyGate, LOGOUT_SETTLE_MS } from "./key-gate.ts";
import type { KeyStore } from "./keys.actor.ts";
import { authStateFor, fetchErrorResponse, okResponse } from "./replies.ts";
import type { FetchLike, Logger } from "./types.ts";

export interface LogoutOptions {
  fetch: FetchLike;
  hosts: ProviderHosts;
  keys: KeyStore;
  claim: Pick<Claim, "session">;
  /** Closed while a logout runs; the key-bearing calls in flight settle before it revokes. */
  gate: KeyGate;
  log: Logger;
}

export function createLogout(options: LogoutOptions) {
  const { fetch, hosts, keys, claim, gate, log } = options;

  return async function logout(
    connection: Connection,
    request: DataLayerRequestOf<"logout">,
  ): Promise<void> {
    const reopen = gate.close();
    try {
      if (!(await gate.settled(LOGOUT_SETTLE_MS)))
        log.warn("data layer: logout goes on with key-bearing calls still in flight", {
          waitedMs: LOGOUT_SETTLE_MS,
        });
      await revokeAndClear(connection, request);
    } finally {
      reopen();
    }
  };

  function revokeAndClear(
    connection: Connection,
    request: DataLayerRequestOf<"logout">,
  ): Promise<void> {
    const userKey = keys.read("provider_user");
    const sessionKey = request.clearUserSessionOnly ? undefined : keys.read("account_session");
    const refreshToken = keys.refreshToken.get();
    // Without a user key, the refresh token is revoked with the account-session key.
    const refreshRevoker = userKey || !refreshToken ? undefined : keys.read("account_session");
    const account = claim.session()?.account_id;
    const revoke = async (apiKey: string, call = revokeSession) => {
      try {
        await call(apiKey);
      } catch (error) {
        // Already invalid (401) or gone (404): nothing left to revoke with this key.
        if (!countsAsInvalidated(toCallFailure(error))) throw error;
      }
    };
    const revokeRefreshToken = async (apiKey: string) => {
      await sendOrFail(fetch, {
        url: `${hosts.api}${endpoints.revokeRefreshToken}`,
        method: "POST",
        headers: headersFor(apiKey),
        form: { refresh_token: refreshToken },
      });
    };
    function headersFor(apiKey: string): Record<string, string> {
      return {
        Authorization: `Bearer ${apiKey}`,
        [provider.headers.version]: provider.apiVersion,
        ...(account ? { [provider.headers.account]: account } : {}),
        ...(request.merchantIdOverride
          ? { [provider.headers.merchantOverride]: request.merchantIdOverride }
          : {}),
        ...(request.livemodeOverride === undefined
          ? {}
          : { [provider.headers.livemodeOverride]: String(request.livemodeOverride) }),
      };
    }
    async function revokeSession(apiKey: string) {
      await sendOrFail(fetch, {
        url: `${hosts.api}${endpoints.connectSession}`,
        method: "DELETE",
        headers: headersFor(apiKey),
      });
    }
    const invalidateUserSession = fromPromise<void, void>(async () => {
      if (refreshRevoker) await revoke(refreshRevoker.apiKey, revokeRefreshToken);
      if (userKey) await revoke(userKey.apiKey);
      if (sessionKey) await revoke(sessionKey.apiKey);
    });
    const actor = createActor(logoutMachine.provide({ actors: { invalidateUserSession } }), {
      input: {
        clearUserSessionOnly: request.clearUserSessionOnly,
        // Something to invalidate on the server: the user session (its key or its refresh
        // token), or (full logout) the account session.
        hasUserKey:
          userKey !== undefined || sessionKey !== undefined || refreshRevoker !== undefined,
      },
    });
    actor.on("keys.clear", ({ scope }) => {
      keys.refreshToken.set(null);
      if (scope === "user") keys.clear("provider_user");
      else keys.clearAll();
    });
    return new Promise((resolve) => {
      const unregister = registerInspectable(actor);
      actor.subscribe({
        complete: () => {
          unregister();
          const output = actor.getSnapshot().output;
          if (output?.ok === false)
            connection.send(fetchErrorResponse(output.failure, request.requestId));
          else
            connection.send(
              okResponse(request.requestId, {
                authState: authStateFor(connection.sender, keys.authState()),
              }),
            );
          resolve();
        },
      });
      actor.start();
    });
  }
}
