/** The server's settings. Everything per-request lives in the database, not here. */
import { localEnvironment, type ProviderHosts } from "../protocol/provider.ts";
import { defaultFormLimits, type FormLimits } from "./http/form.ts";

export interface ServerConfig {
  hosts: ProviderHosts;
  /** Origins that may call the API from a browser (the connect origin(s)). */
  corsOrigins: readonly string[];
  /** How long an account session's client_secret may be claimed (seconds). */
  clientSecretTtl: number;
  /** Lifetime of the key the claim returns (seconds). */
  accountSessionKeyTtl: number;
  /** Lifetime of a provider user's key, and of the refresh token that renews it (seconds). */
  userKeyTtl: number;
  refreshTokenTtl: number;
  /** Lifetime of an external_account key from a verification or challenge (seconds). */
  externalAccountKeyTtl: number;
  /** Lifetime of an embedded authentication link (seconds). */
  authenticationLinkTtl: number;
  /** How long an Idempotency-Key is remembered (seconds; READING.md: 24 h). */
  idempotencyTtl: number;
  /**
   * Requests per second one key may make, counted across every API process in the database
   * (`http/rate-limit.ts`); more are answered 429 with `Retry-After`. 0: no limit.
   */
  rateLimitPerSecond: number;
  /** The clock of the rate-limit windows, in Unix seconds: always real time (tests inject one). */
  rateLimitNow: () => number;
  /**
   * How long an API request may run, in milliseconds, before it is answered 503
   * `request_timeout` and its transaction rolls back (`http/deadline.ts`). 0: no deadline.
   */
  requestTimeoutMs: number;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  form: FormLimits;
  /** Deepest `expand[]` path, in dotted segments. */
  maxExpandDepth: number;
  /**
   * The clock, in Unix seconds. Each request's config has a `now` that is this base clock
   * (the wall clock, or a test's) plus its caller's platform's sandbox clock offset, read
   * with the caller's key (`http/auth.ts`, `sandbox/clock.ts`), so every API process sees
   * the same time and one platform's clock never moves another's.
   */
  now: () => number;
  /** The sandbox clock's offset (seconds) included in `now`; 0 outside a request. */
  clockOffset: number;
  /**
   * Addresses of the reverse proxies in front of this server. Only when the socket's peer
   * is one of them is `X-Forwarded-For` read for the client address (the rightmost entry
   * that is not itself a trusted proxy); otherwise the socket's address is the client's.
   * From `TRUSTED_PROXIES` (comma-separated) by default; empty: trust no header.
   */
  trustedProxies: readonly string[];
}

/** `TRUSTED_PROXIES=10.0.0.1,10.0.0.2` → the list; unset → none. */
export const trustedProxiesFromEnv = (value = process.env.TRUSTED_PROXIES): string[] =>
  (value ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const hosts = overrides.hosts ?? localEnvironment();
  return {
    hosts,
    corsOrigins: [hosts.connect],
    clientSecretTtl: 30 * 60,
    accountSessionKeyTtl: 60 * 60,
    userKeyTtl: 60 * 60,
    refreshTokenTtl: 30 * 24 * 60 * 60,
    externalAccountKeyTtl: 15 * 60,
    authenticationLinkTtl: 5 * 60,
    idempotencyTtl: 24 * 60 * 60,
    rateLimitPerSecond: 500,
    rateLimitNow: () => Math.floor(Date.now() / 1000),
    requestTimeoutMs: 10_000,
    maxBodyBytes: 256 * 1024,
    form: defaultFormLimits,
    maxExpandDepth: 4,
    now: () => Math.floor(Date.now() / 1000),
    clockOffset: 0,
    trustedProxies: trustedProxiesFromEnv(),
    ...overrides,
  };
}

/** The config of one request: the base clock plus its platform's sandbox clock offset. */
export function withClockOffset(config: ServerConfig, offset: number): ServerConfig {
  if (offset === config.clockOffset) return config;
  const base = config.now;
  const previous = config.clockOffset;
  return { ...config, clockOffset: offset, now: () => base() - previous + offset };
}
