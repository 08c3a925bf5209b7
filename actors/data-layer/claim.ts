/**
 * The claim of the account session, run as an actor of the claim machine (SPEC.md §7
 * "Session and authentication", §8 "Claim errors"): POST /v1/account_sessions/claim, the
 * override path (GET /v1/retrieve_embedded_flags), storing the keys, and session expiry
 * (→ ask the platform for a new client secret and claim again).
 */
import { createActor, fromPromise } from "xstate";
import {
  type ClaimRequest,
  type ClaimSuccess,
  claimMachine,
  type OverrideRequest,
} from "../../machines/auth/claim.machine.ts";
import type { CallFailure } from "../../machines/auth/failure.ts";
import { endpoints } from "../../protocol/endpoints.ts";
import type { DataLayerRequestOf } from "../../protocol/messages/data-layer.schema.ts";
import {
  type ClaimedAccountSession,
  claimedAccountSessionSchema,
} from "../../protocol/objects/claimed-account-session.schema.ts";
import {
  type SanitizedSession,
  sanitizeSession,
} from "../../protocol/objects/sanitized-session.schema.ts";
import {
  DEFAULT_KEY_LIFETIME_MS,
  OVERRIDE_KEY_LIFETIME_MS,
} from "../../protocol/objects/stored-key.schema.ts";
import { type ProviderHosts, provider } from "../../protocol/provider.ts";
import { registerInspectable } from "../inspection/inspectables.ts";
import { sendOrFail } from "./http.ts";
import type { Connection } from "./intake.ts";
import type { KeyStore } from "./keys.actor.ts";
import { errorResponse, fetchErrorResponse, okResponse } from "./replies.ts";
import type { Telemetry } from "./telemetry.ts";
import type { Clock, FetchLike, Logger, Timers } from "./types.ts";

/** SPEC.md §8: an auth-init failure; logged, no reply. */
export const AUTH_INIT_ERROR =
  "An error occurred while initializing the data layer or authenticating in the data layer.";
const CLAIM_ERROR = "An error occurred while making the request.";

export interface ClaimOptions {
  fetch: FetchLike;
  hosts: ProviderHosts;
  keys: KeyStore;
  clock: Clock;
  timers: Timers;
  log: Logger;
  telemetry: Pick<Telemetry, "analytics">;
  /** The publishable key the platform gave in its init. */
  publishableKey(): string | undefined;
  /** The claim machine asks for a new client secret (session expired). */
  onClientSecretNeeded(): void;
  /** A claim stored a new session; every frame hears of it (sanitized). */
  onSessionChanged(session: SanitizedSession): void;
  /** The platform page's origin (platformUrl, checked against the parent); null when unknown. */
  platformOrigin?: string | null;
}

export const embeddingNotAllowedMessage =
  "This account session may not be embedded on this page: its origin is not in the session's allowed_origins";

export interface Claim {
  /** The claimed session with its keys; never leaves the data layer. */
  session(): ClaimedAccountSession | null;
  /** The API-key + platform override path is in use (skips the enablement check). */
  overrideInUse(): boolean;
  request(connection: Connection, message: DataLayerRequestOf<"claimAccountSessionRequest">): void;
  /** A 401 on the account-session key, or that key read after its expiry. */
  sessionExpired(): void;
  /**
   * Whether an account-session key is stored within `withinMs` by a claim that is under way
   * or awaited (before the platform's first claim, while claiming, while waiting for a new
   * client secret): true once it is, false when that claim fails or the time passes. False
   * at once when no claim is coming (e.g. after a failed claim).
   */
  whenClaimed(withinMs: number): Promise<boolean>;
  stop(): void;
}

/** A claim answer that is not a valid session is a failure, never half-read. */
function parseSession(body: unknown, fill: Record<string, unknown>): ClaimedAccountSession {
  const input = typeof body === "object" && body !== null ? { ...body, ...fill } : fill;
  const parsed = claimedAccountSessionSchema.safeParse(input);
  if (!parsed.success)
    throw {
      kind: "network",
      message: "The claim answer is not a valid account session",
    } satisfies CallFailure;
  return parsed.data;
}

export function createClaim(options: ClaimOptions): Claim {
  const { fetch, hosts, keys, clock, timers, log, telemetry } = options;
  let session: ClaimedAccountSession | null = null;
  /** Proxied calls waiting for the claim under way (see `whenClaimed`). */
  const waiters = new Set<(claimed: boolean) => void>();
  const wake = (claimed: boolean) => {
    for (const waiter of [...waiters]) waiter(claimed);
  };
  let overrideInUse = false;
  let analyticsOnlyHostApp = false;
  let pending: { connection: Connection; requestId: string }[] = [];

  const claimSession = fromPromise<ClaimSuccess, ClaimRequest>(async ({ input }) => {
    const started = clock.now();
    const publishableKey = options.publishableKey();
    if (publishableKey) keys.refreshToken.scopeToPlatform(publishableKey);
    // The token of the account last claimed on this platform, and that account.
    const refreshToken = keys.refreshToken.get();
    const tokenAccount = keys.refreshToken.account();
    const answer = await sendOrFail(fetch, {
      url: `${hosts.api}${endpoints.claim}`,
      method: "POST",
      headers: { [provider.headers.version]: provider.apiVersion },
      form: {
        client_secret: input.clientSecret,
        user_session_refresh_token: refreshToken,
        key: publishableKey,
        [provider.claimVersionParam]: provider.apiVersion,
        analytics_only_host_app: analyticsOnlyHostApp,
      },
    });
    // A claim answer may leave out api_key_expiry: the default lifetime applies then.
    const body = answer.body as { api_key_expiry?: unknown } | null;
    const fill =
      body && typeof body === "object" && body.api_key_expiry === undefined
        ? { api_key_expiry: Math.floor((clock.now() + DEFAULT_KEY_LIFETIME_MS) / 1000) }
        : {};
    const session = parseSession(answer.body, fill);
    // The token sent was used up (refresh tokens rotate on every use): keep its successor,
    // whether or not this claim's key is kept, or forget it when the provider gave none —
    // unless the session is another account's, which did not use it.
    if (refreshToken !== null && tokenAccount === session.account_id)
      keys.refreshToken.set(session.user_session_refresh_token);
    // The platform's backend may name the origins allowed to embed the session: elsewhere
    // the session is refused and none of its keys is kept (docs/security.md).
    const allowed = session.allowed_origins;
    if (allowed.length > 0 && !allowed.includes(options.platformOrigin ?? "")) {
      log.error("data layer: the claimed session does not allow this platform origin");
      throw { kind: "network", message: embeddingNotAllowedMessage } satisfies CallFailure;
    }
    keys.refreshToken.scopeToAccount(session.account_id);
    return { session, durationMs: clock.now() - started };
  });

  const retrieveEmbeddedFlags = fromPromise<ClaimSuccess, OverrideRequest>(async ({ input }) => {
    const started = clock.now();
    const url = new URL(`${hosts.api}${endpoints.retrieveEmbeddedFlags}`);
    url.searchParams.set("platform_id", input.platformId);
    const answer = await sendOrFail(fetch, {
      url: url.toString(),
      method: "GET",
      headers: {
        Authorization: `Bearer ${input.apiKey}`,
        [provider.headers.version]: provider.apiVersion,
      },
    });
    const expiry = Math.floor((clock.now() + OVERRIDE_KEY_LIFETIME_MS) / 1000);
    return {
      session: parseSession(answer.body, { api_key: input.apiKey, api_key_expiry: expiry }),
      durationMs: clock.now() - started,
    };
  });

  const actor = createActor(
    claimMachine.provide({ actors: { claimSession, retrieveEmbeddedFlags } }),
  );

  const settle = (reply: (requestId: string) => Parameters<Connection["send"]>[0]) => {
    const waiting = pending;
    pending = [];
    for (const { connection, requestId } of waiting) connection.send(reply(requestId));
    return waiting.length;
  };

  actor.on("claim.succeeded", ({ result, setNewKey, via }) => {
    const claimed = result.session;
    if (via === "claim")
      telemetry.analytics({
        event_name: "submerchant_surfaces_account_session_claim",
        duration: Math.max(0, result.durationMs),
      });
    if (setNewKey) {
      session = claimed;
      overrideInUse = via === "override";
      keys.store("account_session", claimed.api_key, claimed.api_key_expiry * 1000);
      if (claimed.user_session_api_key) {
        const expires = claimed.user_session_expires_at
          ? claimed.user_session_expires_at * 1000
          : null;
        keys.store("provider_user", claimed.user_session_api_key, expires);
        telemetry.analytics({
          event_name: "submerchant_surfaces_user_key_received",
          method: "refresh_token",
        });
      }
      if (claimed.user) keys.setUser(claimed.user);
    }
    const sanitized = sanitizeSession(claimed);
    if (setNewKey) options.onSessionChanged(sanitized);
    settle((requestId) => okResponse(requestId, sanitized));
    if (setNewKey) wake(true);
  });

  actor.on("claim.rejected", ({ failure }) => {
    log.warn("data layer: the account session claim was rejected", {
      status: failure.kind === "http" ? failure.status : 0,
    });
    if (settle((requestId) => fetchErrorResponse(failure, requestId)) === 0)
      log.error(AUTH_INIT_ERROR);
    wake(false);
  });

  actor.on("claim.failed", () => {
    if (settle((requestId) => errorResponse(requestId, CLAIM_ERROR)) === 0)
      log.error(AUTH_INIT_ERROR);
    wake(false);
  });

  actor.on("client-secret.needed", () => options.onClientSecretNeeded());
  actor.start();
  const unregister = registerInspectable(actor);

  return {
    session: () => session,
    overrideInUse: () => overrideInUse,
    request(connection, message) {
      pending.push({ connection, requestId: message.requestId });
      analyticsOnlyHostApp = message.analyticsOnlyHostApp;
      if (message.override)
        actor.send({
          type: "claim.override",
          apiKey: message.override.apiKey,
          platformId: message.override.platformId,
        });
      else
        actor.send({
          type: "claim.request",
          clientSecret: message.clientSecret,
          setNewKey: message.setNewKey,
        });
    },
    sessionExpired: () => actor.send({ type: "session.expired" }),
    whenClaimed(withinMs) {
      const state = actor.getSnapshot().value;
      const coming =
        state === "claiming" ||
        state === "overriding" ||
        state === "awaitingClientSecret" ||
        (state === "idle" && session === null);
      if (!coming) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const done = (claimed: boolean) => {
          timers.clearTimeout(timer);
          waiters.delete(done);
          resolve(claimed);
        };
        const timer = timers.setTimeout(() => done(false), withinMs);
        waiters.add(done);
      });
    },
    stop: () => {
      wake(false);
      unregister();
      actor.stop();
    },
  };
}
