/**
 * Resolves the caller from `Authorization` (Bearer, or Basic with the key as user name) and
 * the provider's account / livemode / version headers. Keys are looked up by their sha-256.
 */
import type { Context } from "hono";
import { provider } from "../../protocol/provider.ts";
import { withClockOffset } from "../config.ts";
import type { SessionKeyKind } from "../db/schema.ts";
import type { AccountSessionPrincipal, AppEnv, Deps, Principal, PrincipalKind } from "./context.ts";
import { ApiError, authenticationError, invalidRequest, permissionError } from "./errors.ts";
import { lookUpCounted } from "./rate-limit.ts";
import { sha256 } from "./secrets.ts";

/** Prefixes of the keys the provider issues to the browser (test mode). */
export const issuedKeyPrefixes: Record<SessionKeyKind, string> = {
  account_session: provider.keyPrefixes.accountSessionTest,
  embedded_flags: provider.keyPrefixes.accountSessionTest,
  user: provider.keyPrefixes.userTest,
  external_account: provider.keyPrefixes.externalAccountTest,
  popup: provider.keyPrefixes.popupTest,
};

/** API versions this server speaks; the first is the default. */
export const supportedVersions = [provider.apiVersion] as const;

export function bearerKey(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (!value) return undefined;
  if (scheme?.toLowerCase() === "bearer") return value;
  if (scheme?.toLowerCase() === "basic") {
    const decoded = Buffer.from(value, "base64").toString("utf8");
    return decoded.split(":", 1)[0] || undefined;
  }
  return undefined;
}

/** Shows a key as the well-known API does in errors: prefix, stars, last four. */
export function redactKey(key: string): string {
  const prefix = /^[a-z]+_(?:test|live)_/.exec(key)?.[0] ?? "";
  return `${prefix}${"*".repeat(Math.max(0, Math.min(key.length - prefix.length - 4, 20)))}${key.slice(-4)}`;
}

/** The caller, or `none` (see `authenticate` for the caller's clock as well). */
export async function resolvePrincipal(c: Context<AppEnv>, deps: Deps): Promise<Principal> {
  return (await authenticate(c, deps)).principal;
}

/**
 * The caller, and the request's deps on the caller's platform's sandbox clock
 * (`sandbox/clock.ts`): the key lookup reads the platform's clock offset in the same
 * statement, and a session key's expiry is checked on that clock. With no key, the deps
 * are returned as they are (the wall clock).
 */
export async function authenticate(
  c: Context<AppEnv>,
  deps: Deps,
): Promise<{ principal: Principal; deps: Deps }> {
  checkVersionHeader(c);
  const key = bearerKey(c.req.header("authorization"));
  if (!key) return { principal: { kind: "none" }, deps };
  const hash = sha256(key);
  // Each lookup also counts the request's rate-limit hit, in the same statement.
  let offset: number;
  let principal: Principal;
  if (
    key.startsWith(provider.keyPrefixes.secretTest) ||
    key.startsWith(provider.keyPrefixes.publishableTest) ||
    key.startsWith(provider.keyPrefixes.secretLive) ||
    key.startsWith(provider.keyPrefixes.publishableLive)
  ) {
    const row = await lookUpCounted(
      deps,
      hash,
      deps.db
        .selectFrom("api_keys")
        .leftJoin("platform_clocks", "platform_clocks.platform_id", "api_keys.platform_id")
        .select([
          "api_keys.platform_id",
          "api_keys.kind",
          "api_keys.livemode",
          "api_keys.revoked_at",
          "platform_clocks.offset_seconds",
        ])
        .where("api_keys.key_hash", "=", hash),
    );
    if (!row || row.revoked_at !== null) {
      throw authenticationError(`Invalid API Key provided: ${redactKey(key)}`, "api_key_invalid");
    }
    offset = row.offset_seconds ?? 0;
    principal = {
      kind: row.kind,
      platformId: row.platform_id,
      livemode: row.livemode,
      accountId: null,
    };
  } else {
    const row = await lookUpCounted(
      deps,
      hash,
      deps.db
        .selectFrom("session_keys")
        .leftJoin("account_sessions", "account_sessions.id", "session_keys.account_session_id")
        .leftJoin("platform_clocks", "platform_clocks.platform_id", "session_keys.platform_id")
        .select([
          "session_keys.id",
          "session_keys.kind",
          "session_keys.platform_id",
          "session_keys.account_id",
          "session_keys.account_session_id",
          "session_keys.user_id",
          "session_keys.livemode",
          "session_keys.expires_at",
          "session_keys.revoked_at",
          "account_sessions.components",
          "platform_clocks.offset_seconds",
        ])
        .where("session_keys.key_hash", "=", hash),
    );
    if (!row || row.revoked_at !== null) {
      throw authenticationError(`Invalid API Key provided: ${redactKey(key)}`, "api_key_invalid");
    }
    offset = row.offset_seconds ?? 0;
    if (row.expires_at <= withClockOffset(deps.config, offset).now()) {
      throw authenticationError("The API key provided has expired.", "api_key_expired");
    }
    if (
      (row.kind === "account_session" || row.kind === "external_account") &&
      row.account_id &&
      row.account_session_id
    ) {
      // An external_account key acts as its session, and may also change external accounts.
      principal = {
        ...sessionOf(row, row.account_id, row.account_session_id),
        ...(row.kind === "external_account" ? { externalAccountKey: true as const } : {}),
      };
    } else if (row.kind === "embedded_flags") {
      principal = {
        kind: "embedded_flags",
        platformId: row.platform_id,
        livemode: row.livemode,
        accountId: row.account_id,
        keyId: row.id,
      };
    } else if (row.kind === "user" && row.user_id && row.account_id) {
      // The user's key acts for its account session only while that session lives: a live,
      // unrevoked key of its own (the user's key, minted later, would otherwise outlast it).
      const sessionLive =
        row.account_session_id !== null &&
        (await deps.db
          .selectFrom("session_keys")
          .select("id")
          .where("account_session_id", "=", row.account_session_id)
          .where("kind", "=", "account_session")
          .where("revoked_at", "is", null)
          .where("expires_at", ">", withClockOffset(deps.config, offset).now())
          .executeTakeFirst()) !== undefined;
      principal = {
        kind: "user",
        platformId: row.platform_id,
        livemode: row.livemode,
        accountId: row.account_id,
        userId: row.user_id,
        keyId: row.id,
        // A key from the popup's exchange or a renewal belongs to that account session.
        ...(row.account_session_id
          ? sessionLive
            ? {
                session: {
                  ...sessionOf(row, row.account_id, row.account_session_id),
                  userId: row.user_id,
                },
              }
            : { sessionExpired: true as const }
          : {}),
      };
    } else {
      throw authenticationError("This key cannot be used on this endpoint.", "api_key_invalid");
    }
  }
  checkLivemodeHeader(c, principal);
  const clocked = { ...deps, config: withClockOffset(deps.config, offset) };
  return { principal: await applyAccountHeader(c, deps, principal), deps: clocked };
}

function checkVersionHeader(c: Context<AppEnv>) {
  const version = c.req.header(provider.headers.version);
  if (version !== undefined && !(supportedVersions as readonly string[]).includes(version)) {
    throw invalidRequest(`Invalid ${provider.headers.version}: ${version}`, {
      code: "api_version_invalid",
    });
  }
}

function checkLivemodeHeader(c: Context<AppEnv>, principal: Principal) {
  const header = c.req.header(provider.headers.livemode);
  if (header === undefined || principal.kind === "none") return;
  if (header !== "true" && header !== "false") {
    throw invalidRequest(`${provider.headers.livemode} must be true or false.`, {
      code: "livemode_invalid",
    });
  }
  if ((header === "true") !== principal.livemode) {
    throw invalidRequest(
      `The key is a ${principal.livemode ? "live" : "test"} mode key, but ${provider.headers.livemode} is ${header}.`,
      { code: "livemode_mismatch" },
    );
  }
}

async function applyAccountHeader(
  c: Context<AppEnv>,
  deps: Deps,
  principal: Principal,
): Promise<Principal> {
  const raw = c.req.header(provider.headers.account);
  const accountId = raw === provider.placeholders.accountHeader ? undefined : raw;
  if (!accountId) return principal;
  const denied = () =>
    permissionError(
      `The provided key does not have access to account '${accountId}' (or that account does not exist).`,
      "account_invalid",
    );
  switch (principal.kind) {
    case "none":
      return principal;
    case "account_session":
    case "user":
      if (accountId !== principal.accountId) throw denied();
      return principal;
    case "embedded_flags":
    case "secret":
    case "publishable": {
      const account = await deps.db
        .selectFrom("accounts")
        .select(["id", "livemode"])
        .where("id", "=", accountId)
        .where("platform_id", "=", principal.platformId)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (!account) throw denied();
      assertSameMode(principal.livemode, account.livemode);
      return { ...principal, accountId };
    }
  }
}

/** A test key never acts on a live account, nor a live key on a test one (docs/security.md). */
export function assertSameMode(keyLivemode: boolean, accountLivemode: boolean): void {
  if (keyLivemode === accountLivemode) return;
  throw permissionError(
    keyLivemode
      ? "A live mode key cannot act on a test mode account."
      : "A test mode key cannot act on a live mode account.",
    "livemode_mismatch",
  );
}

/** The caller must be one of `kinds`; a missing key is 401, the wrong kind of key 403. */
/** The account session a session-bound key (its own, external_account, a user's) acts for. */
function sessionOf(
  row: {
    id: string;
    platform_id: string;
    livemode: boolean;
    components: AccountSessionPrincipal["components"] | null;
  },
  accountId: string,
  accountSessionId: string,
): AccountSessionPrincipal {
  return {
    kind: "account_session",
    platformId: row.platform_id,
    livemode: row.livemode,
    accountId,
    accountSessionId,
    keyId: row.id,
    components: row.components ?? {},
  };
}

/**
 * Who a route sees: a signed-in provider user's key acts for the account session it belongs
 * to on a route that takes account-session keys but not user keys (the data layer sends every
 * call with the stronger user key once the user signed in, SPEC.md §6); anything else as is.
 */
export function actingPrincipal(principal: Principal, kinds: readonly PrincipalKind[]): Principal {
  if (
    principal.kind === "user" &&
    principal.session !== undefined &&
    !kinds.includes("user") &&
    kinds.includes("account_session")
  )
    return principal.session;
  if (
    principal.kind === "user" &&
    principal.sessionExpired === true &&
    !kinds.includes("user") &&
    kinds.includes("account_session")
  )
    throw authenticationError(
      "The account session this key was issued in has expired.",
      "api_key_expired",
    );
  return principal;
}

export function requireKind<K extends Principal["kind"]>(
  principal: Principal,
  kinds: readonly K[],
): asserts principal is Extract<Principal, { kind: K }> {
  if ((kinds as readonly string[]).includes(principal.kind)) return;
  if (principal.kind === "none") {
    throw new ApiError(
      401,
      "authentication_error",
      "You did not provide an API key. Provide it in the Authorization header (Bearer).",
      { code: "api_key_missing" },
    );
  }
  const wanted = kinds.filter((k) => k !== "none").join(" or ");
  throw permissionError(
    `This endpoint cannot be called with a ${principal.kind.replace("_", " ")} key; it needs a ${wanted.replaceAll("_", " ")} key.`,
    "key_kind_not_allowed",
  );
}
