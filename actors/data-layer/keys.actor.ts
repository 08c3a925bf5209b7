/**
 * The key store of the data layer: runs the auth machine as an actor, reads keys by the
 * lazy-expiry rule, keeps the signed-in user and the refresh token, and tells listeners
 * whenever the derived auth state changes (SPEC.md §4 "Auth state", "Key expiry", §9).
 */
import { createActor } from "xstate";
import {
  authMachine,
  type KeyType,
  readKey,
  type StoredKey,
  selectAuthState,
} from "../../machines/auth/auth.machine.ts";
import type { AuthState } from "../../protocol/objects/auth-state.schema.ts";
import { DEFAULT_KEY_LIFETIME_MS } from "../../protocol/objects/stored-key.schema.ts";
import type { User } from "../../protocol/objects/user.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { registerInspectable } from "../inspection/inspectables.ts";
import type { Clock, Logger, StorageLike } from "./types.ts";

/**
 * The refresh token in local storage, scoped to the platform (its publishable key) and the
 * account it belongs to (docs/security.md): `user_session_token:<pk>:<account>`, with
 * `user_session_token:<pk>` naming the account last claimed on that platform, whose token the
 * next claim sends (the client secret does not say its account before the claim answers).
 * Another platform or account never reads, uses up or clears it. When storage is missing or
 * throws (partitioned third-party storage, private mode) the same names live in memory.
 */
export interface RefreshTokenStore {
  /** The token of the current platform and account; null when there is none (or no scope). */
  get(): string | null;
  set(token: string | null): void;
  /** Scopes the store to a platform and to the account last claimed on it. */
  scopeToPlatform(publishableKey: string): void;
  /** Scopes the store to an account of the current platform (after a claim answered it). */
  scopeToAccount(accountId: string): void;
  /** The account of the current scope, or null. */
  account(): string | null;
}

export const refreshTokenStorageName = (publishableKey: string, accountId: string) =>
  `${provider.userSessionTokenStorageKey}:${publishableKey}:${accountId}`;
export const lastAccountStorageName = (publishableKey: string) =>
  `${provider.userSessionTokenStorageKey}:${publishableKey}`;

export function createRefreshTokenStore(storage: StorageLike | undefined): RefreshTokenStore {
  const memory = new Map<string, string>();
  let usable = storage !== undefined;
  let platform: string | null = null;
  let account: string | null = null;
  const read = (name: string): string | null => {
    if (usable && storage) {
      try {
        return storage.getItem(name);
      } catch {
        usable = false;
      }
    }
    return memory.get(name) ?? null;
  };
  const write = (name: string, value: string | null) => {
    if (value === null) memory.delete(name);
    else memory.set(name, value);
    if (!usable || !storage) return;
    try {
      if (value === null) storage.removeItem(name);
      else storage.setItem(name, value);
    } catch {
      usable = false;
    }
  };
  return {
    get: () => (platform && account ? read(refreshTokenStorageName(platform, account)) : null),
    set(token) {
      if (platform && account) write(refreshTokenStorageName(platform, account), token);
    },
    scopeToPlatform(publishableKey) {
      platform = publishableKey;
      account = read(lastAccountStorageName(publishableKey));
    },
    scopeToAccount(accountId) {
      account = accountId;
      if (platform) write(lastAccountStorageName(platform), accountId);
    },
    account: () => account,
  };
}

export interface KeyStore {
  /** A live key, or undefined; a key found past its expiry is dropped (and announced). */
  read(type: KeyType): StoredKey | undefined;
  /** Stores a key; `expires` defaults to now + 7 days. */
  store(type: KeyType, apiKey: string, expires?: number | null): void;
  clear(type: KeyType): void;
  clearAll(): void;
  setUser(user: User | null): void;
  /** The auth state after reading both keys, so an expired one is dropped first. */
  authState(): AuthState;
  /** Called with the new state whenever the derived auth state changes. */
  subscribe(listener: (state: AuthState) => void): () => void;
  /** Called when the account-session key was found expired on read. */
  onAccountSessionExpired(listener: () => void): () => void;
  readonly refreshToken: RefreshTokenStore;
  stop(): void;
}

export function createKeyStore(options: {
  clock: Clock;
  storage?: StorageLike | undefined;
  log: Logger;
}): KeyStore {
  const { clock } = options;
  const actor = createActor(authMachine).start();
  const unregister = registerInspectable(actor);
  const listeners = new Set<(state: AuthState) => void>();
  const expiryListeners = new Set<() => void>();
  let user: User | null = null;

  const derive = (): AuthState => ({ ...selectAuthState(actor.getSnapshot()), user });
  let last = JSON.stringify(derive());

  const announce = () => {
    const state = derive();
    const text = JSON.stringify(state);
    if (text === last) return;
    last = text;
    for (const listener of listeners) listener(state);
  };
  actor.subscribe(announce);

  const store: KeyStore = {
    read(type) {
      const found = readKey(actor.getSnapshot().context, type, clock.now());
      if (found.found) return found.key;
      if (found.expired) {
        actor.send({ type: "key.expire", keyType: type });
        if (type === "account_session") for (const listener of expiryListeners) listener();
      }
      return undefined;
    },
    store(type, apiKey, expires) {
      const at = expires ?? clock.now() + DEFAULT_KEY_LIFETIME_MS;
      actor.send({ type: "key.store", key: { type, apiKey, expires: at } });
    },
    clear(type) {
      actor.send({ type: "key.clear", keyType: type });
      if (type === "provider_user") {
        user = null;
        announce();
      }
    },
    clearAll() {
      user = null;
      actor.send({ type: "keys.clear" });
      announce();
    },
    setUser(next) {
      user = next;
      announce();
    },
    authState() {
      store.read("provider_user");
      store.read("account_session");
      return derive();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onAccountSessionExpired(listener) {
      expiryListeners.add(listener);
      return () => expiryListeners.delete(listener);
    },
    refreshToken: createRefreshTokenStore(options.storage),
    stop: () => {
      unregister();
      actor.stop();
    },
  };
  return store;
}
