/**
 * The API proxy of the data layer (SPEC.md §5 "Proxied requests", §6 "Keys required by
 * endpoint family", §7, §8): allowlist, component enablement, key choice, headers, form
 * encoding, error mapping, response interception and redaction, abort. Paths are compared
 * in their canonical form (`canonicalApiPath`), the routes that mint keys are never proxied,
 * and every answer is redacted (`redactSecrets`: key-shaped values, secret-named fields).
 *
 * Calls that need the account-session key wait for a claim that is under way (a frame may
 * call before the platform's claim has answered, or while a new client secret is fetched
 * after expiry) instead of failing at once; a call answered 401 on that key marks the
 * session expired and is sent once more with the new key when the platform's new session
 * is claimed (a 401 means the API did nothing, so the retry is safe). A call answered 429
 * (rate limited: nothing ran), or 503 with a Retry-After (the provider's database out of
 * reach, a deadline, a shutdown: nothing committed), is sent again after its Retry-After, twice at most and never
 * waiting more than 5 s at a time (`protocol/messages/rate-limit.ts`), when that is safe: a
 * GET, or a write that carries an Idempotency-Key (the kit's mutations do); other writes
 * and uploads are not.
 *
 * Around a logout (`key-gate.ts`): while one runs, an authed call waits for it to finish and
 * then reads the key held then (none after a full logout: "User has not stored a key of
 * type: …"); the logout waits for the authed calls on the wire before it revokes the keys. A
 * 401 answered to a call sent before a logout that took its key away neither marks the
 * session expired nor clears a key, and no new client secret is asked for.
 */
import type { KeyType, StoredKey } from "../../machines/auth/auth.machine.ts";
import { componentAccessOf } from "../../protocol/catalogue/access.ts";
import {
  canonicalApiPath,
  endpoints,
  externalAccountKeyEndpoints,
  isKeyMintingPath,
} from "../../protocol/endpoints.ts";
import type { DataLayerRequestOf } from "../../protocol/messages/data-layer.schema.ts";
import {
  isRetryableAnswer,
  MAX_RATE_LIMIT_RETRIES,
  mayRetryRateLimited,
  rateLimitBackoffMs,
  retryAfterSeconds,
} from "../../protocol/messages/rate-limit.ts";
import {
  type ClaimedAccountSession,
  isComponentEnabled,
} from "../../protocol/objects/claimed-account-session.schema.ts";
import { userSchema } from "../../protocol/objects/user.schema.ts";
import { isProxyAllowed, type ProviderHosts, provider } from "../../protocol/provider.ts";
import { redactSecrets } from "../../protocol/redaction.ts";
import type { Claim } from "./claim.ts";
import {
  GENERIC_REQUEST_ERROR,
  type HttpAnswer,
  NetworkFailure,
  send,
  urlWithoutQuery,
} from "./http.ts";
import type { Connection } from "./intake.ts";
import type { KeyGate } from "./key-gate.ts";
import type { KeyStore } from "./keys.actor.ts";
import { errorResponse, fetchErrorResponse, type Reply } from "./replies.ts";
import type { Telemetry } from "./telemetry.ts";
import { type FetchLike, type Logger, systemTimers, type Timers } from "./types.ts";

export type ProxyRequest = DataLayerRequestOf<"authedProxy"> | DataLayerRequestOf<"proxy">;

export const notAllowlistedMessage = (url: string) =>
  `The url ${url} is not in the data layer API proxy allowlist`;
export const keyMintingMessage = (url: string) =>
  `The url ${url} mints keys and is never proxied by the data layer`;
export const missingKeyMessage = (type: string) => `User has not stored a key of type: ${type}`;
/** How long a call waits for a claim under way (below the UI frame's 30 s call timeout). */
export const CLAIM_WAIT_MS = 20_000;
export const notEnabledMessage = (component: string) =>
  `The ${component} component is not enabled in the claimed account session; the request was interrupted.`;

/**
 * SPEC.md §5: refused unless enabled in the session; the exceptions are the API-key +
 * platform override and internal components.
 */
export function componentAllowed(
  session: ClaimedAccountSession,
  componentName: string,
  overrideInUse: boolean,
): boolean {
  if (overrideInUse) return true;
  const { enabledKey, internal } = componentAccessOf(componentName);
  return internal || isComponentEnabled(session, enabledKey);
}

const has = (body: Record<string, unknown> | undefined, field: string) =>
  body !== undefined && body[field] !== undefined && body[field] !== null && body[field] !== "";

/** SPEC.md §6: the calls that need the external_account key. */
export function needsExternalAccountKey(
  method: string,
  path: string,
  body: Record<string, unknown> | undefined,
): boolean {
  if (method === "POST" && path === endpoints.account)
    return (
      has(body, "external_account") ||
      (has(body, "default_currency") && has(body, "financial_account"))
    );
  return (method === "POST" || method === "DELETE") && endpoints.externalAccountsPattern.test(path);
}

/** Which key an authed call uses (SPEC.md §6, §7 "Calls with special key handling"). */
export function keyTypeFor(
  method: string,
  path: string,
  body: Record<string, unknown> | undefined,
  userSignedIn: boolean,
): KeyType {
  if (path === endpoints.embeddedAuthenticationLinks) return "account_session";
  if (needsExternalAccountKey(method, path, body)) return "external_account";
  return userSignedIn ? "provider_user" : "account_session";
}

/** Key types as the error text names them (the protocol's stored-key types). */

/**
 * The headers of an authed call (SPEC.md §7); the frame's own headers go first. The account
 * is the claimed session's: a frame may only drop the header (with the placeholder
 * empty_account_header), never name another account, and the merchant and livemode
 * override headers are sent only on the platform's override path (docs/security.md).
 */
export function authedHeaders(
  request: ProxyRequest,
  key: StoredKey,
  session: ClaimedAccountSession | null,
  overrideInUse = false,
): Record<string, string> {
  const ours = new Set(
    [
      "authorization",
      provider.headers.account,
      provider.headers.livemode,
      provider.headers.merchantOverride,
      provider.headers.livemodeOverride,
    ].map((h) => h.toLowerCase()),
  );
  const headers: Record<string, string> = {};
  let account = session?.account_id;
  let version: string = provider.apiVersion;
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (lower === provider.headers.account.toLowerCase()) {
      if (value === provider.placeholders.accountHeader) account = undefined;
    } else if (lower === provider.headers.version.toLowerCase()) version = value;
    else if (!ours.has(lower)) headers[name] = value;
  }
  headers.Authorization = `Bearer ${key.apiKey}`;
  headers[provider.headers.version] = version;
  if (account) headers[provider.headers.account] = account;
  if (session) headers[provider.headers.livemode] = String(session.livemode);
  if (overrideInUse && request.merchantIdOverride)
    headers[provider.headers.merchantOverride] = request.merchantIdOverride;
  if (overrideInUse && request.livemodeOverride !== undefined)
    headers[provider.headers.livemodeOverride] = String(request.livemodeOverride);
  return headers;
}

export interface ProxyOptions {
  fetch: FetchLike;
  /** The waits before a rate-limited GET is sent again (default: the real timers). */
  timers?: Timers;
  hosts: ProviderHosts;
  keys: KeyStore;
  claim: Pick<Claim, "session" | "overrideInUse" | "sessionExpired" | "whenClaimed">;
  telemetry: Pick<Telemetry, "analytics">;
  log: Logger;
  /** Held closed by a logout (`key-gate.ts`): authed calls wait, and are counted on the wire. */
  gate: KeyGate;
}

/**
 * A call that is not JSON both ways (an upload, a download, see `transfers.ts`): the proxy
 * checks and authorizes it like any call, then `send` performs it with those headers, and
 * `reply` answers a 2xx (a non-2xx is answered as any call's `response`).
 */
export interface Transfer {
  send(headers: Record<string, string>, signal: AbortSignal): Promise<HttpAnswer>;
  reply?(answer: HttpAnswer): Reply;
}

export interface ApiProxy {
  handle(connection: Connection, request: ProxyRequest, transfer?: Transfer): Promise<void>;
  /** Aborts the sender's call in flight; false when there is none. */
  abort(connection: Connection, requestId: string): boolean;
  /** Calls in flight, for tests and the benchmark. */
  inFlight(): number;
}

export function createProxy(options: ProxyOptions): ApiProxy {
  const { fetch, hosts, keys, claim, telemetry, log, gate } = options;
  const timers = options.timers ?? systemTimers;
  /** Resolves true after `ms`, or false as soon as `signal` aborts. */
  const pause = (ms: number, signal: AbortSignal) =>
    new Promise<boolean>((resolve) => {
      if (signal.aborted) return resolve(false);
      const onAbort = () => {
        timers.clearTimeout(handle);
        resolve(false);
      };
      const handle = timers.setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve(true);
      }, ms);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  const inflight = new Map<string, AbortController>();
  const slot = (connection: Connection, requestId: string) => `${connection.id}\u0000${requestId}`;

  /** Stores what the three intercepted families return; answers the body to forward. */
  const intercept = (request: ProxyRequest, path: string, answer: HttpAnswer): unknown => {
    if (!answer.ok || typeof answer.body !== "object" || answer.body === null) return answer.body;
    if (request.method === "GET" && path === endpoints.connectUser) {
      const user = userSchema.safeParse(answer.body);
      if (user.success && user.data.is_primary_user) keys.setUser(user.data);
      return answer.body;
    }
    const challenge = externalAccountKeyEndpoints.some(
      (e) => e.method === request.method && e.path === path,
    );
    if (challenge) {
      const { key, ...rest } = answer.body as Record<string, unknown>;
      if (typeof key === "string" && key.length > 0) keys.store("external_account", key);
      return rest;
    }
    return answer.body;
  };

  const handle = async (
    connection: Connection,
    request: ProxyRequest,
    transfer: Transfer | undefined,
    retried = false,
  ) => {
    const { requestId } = request;
    if (!isProxyAllowed(request.url, hosts)) {
      connection.send(errorResponse(requestId, notAllowlistedMessage(request.url)));
      return;
    }
    // Compared as the provider would route it, however it is spelled (docs/security.md).
    const path = canonicalApiPath(new URL(request.url).pathname);
    if (isKeyMintingPath(path)) {
      connection.send(errorResponse(requestId, keyMintingMessage(request.url)));
      return;
    }
    let headers: Record<string, string>;
    let keyType: KeyType | null = null;
    if (request.requestType === "authedProxy") {
      const keyTypeNow = () =>
        keyTypeFor(request.method, path, request.body, keys.read("provider_user") !== undefined);
      // No key leaves while a logout runs: wait for it, then read the key held then.
      await gate.open();
      keyType = keyTypeNow();
      if (
        keyType === "account_session" &&
        !keys.read(keyType) &&
        (await claim.whenClaimed(CLAIM_WAIT_MS))
      )
        keyType = keyTypeNow();
      if (gate.closed()) {
        // A logout began while this call waited for a claim. Nothing is awaited from here
        // to the send, so the call is on the wire (and counted) before a logout can begin.
        await gate.open();
        keyType = keyTypeNow();
      }
      const session = claim.session();
      // The component is the one the port was bound to at init, never the request's own.
      const component = connection.componentName;
      if (component === undefined) {
        log.error("data layer: an authed call from a port bound to no component was refused");
        return;
      }
      if (session && !componentAllowed(session, component, claim.overrideInUse())) {
        // SPEC.md §8: interrupted, and no reply at all.
        log.error(notEnabledMessage(component));
        return;
      }
      const key = keys.read(keyType);
      if (!key) {
        connection.send(errorResponse(requestId, missingKeyMessage(keyType)));
        return;
      }
      headers = authedHeaders(request, key, session, claim.overrideInUse());
    } else {
      headers = { ...request.headers };
    }

    const controller = new AbortController();
    const id = slot(connection, requestId);
    inflight.get(id)?.abort();
    inflight.set(id, controller);
    // The logouts begun before this call was sent: one begun since may revoke its key.
    const logoutsBefore = gate.logouts();
    const logoutSince = () => gate.logouts() !== logoutsBefore;
    /** The key the call went out with is held still, once a logout begun since has ended. */
    const stillHeld = async (type: KeyType, sent: Record<string, string>) => {
      if (!logoutSince()) return true;
      await gate.open();
      const held = keys.read(type);
      return held !== undefined && sent.Authorization === `Bearer ${held.apiKey}`;
    };
    // On the wire until its answer is in (a logout waits for it, `key-gate.ts`).
    const settled = keyType === null ? () => {} : gate.track();
    let answer: HttpAnswer;
    for (let attempt = 0; ; attempt++) {
      try {
        answer = transfer
          ? await transfer.send(headers, controller.signal)
          : await send(fetch, {
              url: request.url,
              method: request.method,
              headers,
              ...(request.body === undefined ? {} : { form: request.body }),
              signal: controller.signal,
            });
      } catch (error) {
        settled();
        if (inflight.get(id) === controller) inflight.delete(id);
        if (error instanceof NetworkFailure && error.aborted) {
          log.info("data layer: proxied call aborted", { connection: connection.id });
          return;
        }
        telemetry.analytics({
          event_name: "submerchant_surfaces_api_request_finished",
          url: urlWithoutQuery(request.url),
          method: request.method,
          code: 0,
        });
        if (error instanceof NetworkFailure)
          connection.send(
            fetchErrorResponse({ kind: "network", message: error.message }, requestId),
          );
        else connection.send(errorResponse(requestId, GENERIC_REQUEST_ERROR));
        return;
      }
      // A 429 ran nothing, nor did a 503 with Retry-After (the provider unavailable for a
      // moment): a GET, or a write under an Idempotency-Key, is sent again after Retry-After
      // (bounded, protocol/messages/rate-limit.ts); what still answers so goes to the frame.
      // An upload's body is the frame's: it is not sent twice.
      if (
        !isRetryableAnswer(answer.status, answer.headers) ||
        !mayRetryRateLimited(request.method, headers) ||
        (transfer && request.method !== "GET") ||
        attempt >= MAX_RATE_LIMIT_RETRIES ||
        (keyType !== null && logoutSince())
      )
        break;
      const waitMs = rateLimitBackoffMs(attempt, retryAfterSeconds(answer.headers));
      log.info("data layer: rate limited, retrying", { waitMs, attempt: attempt + 1 });
      if (!(await pause(waitMs, controller.signal))) {
        settled();
        log.info("data layer: proxied call aborted", { connection: connection.id });
        return;
      }
      // Its key was revoked meanwhile: the frame gets the 429, not a call with that key.
      if (keyType !== null && logoutSince()) break;
    }
    settled();
    if (inflight.get(id) === controller) inflight.delete(id);
    if (controller.signal.aborted) return;

    if (!answer.ok) {
      telemetry.analytics({
        event_name: "submerchant_surfaces_api_request_finished",
        url: urlWithoutQuery(request.url),
        method: request.method,
        code: answer.status,
      });
      // SPEC.md §6: a 401 marks the session invalid; on the user key it ends the user session.
      // Not when a logout began after the call was sent and took its key away (revoked it):
      // the 401 is answered as it is, and no new client secret is asked for.
      if (answer.status === 401 && keyType !== null && !(await stillHeld(keyType, headers)))
        log.info("data layer: a call sent before a logout answered 401", { status: 401 });
      else if (answer.status === 401 && keyType === "provider_user") keys.clear("provider_user");
      else if (answer.status === 401 && keyType === "account_session") {
        const stale = headers.Authorization;
        claim.sessionExpired();
        if (!retried && (await claim.whenClaimed(CLAIM_WAIT_MS))) {
          const fresh = keys.read("account_session");
          if (fresh && `Bearer ${fresh.apiKey}` !== stale) {
            await handle(connection, request, transfer, true);
            return;
          }
        }
      }
    }
    if (answer.ok && transfer?.reply) {
      connection.send(transfer.reply(answer));
      return;
    }
    connection.send({
      type: provider.messageMarker,
      requestType: "response",
      requestId,
      ok: answer.ok,
      status: answer.status,
      statusText: answer.statusText.slice(0, 200),
      // No secret leaves the frame, whichever route answered (docs/security.md).
      body: redactSecrets(intercept(request, path, answer)),
      headers: redactSecrets(answer.headers) as Record<string, string>,
    });
  };

  return {
    handle: (connection, request, transfer) =>
      handle(connection, request, transfer).catch((error) => {
        log.error("data layer: proxy failed", { reason: String(error) });
        connection.send(errorResponse(request.requestId, GENERIC_REQUEST_ERROR));
      }),
    abort(connection, requestId) {
      const controller = inflight.get(slot(connection, requestId));
      if (!controller) return false;
      inflight.delete(slot(connection, requestId));
      controller.abort();
      return true;
    },
    inFlight: () => inflight.size,
  };
}
