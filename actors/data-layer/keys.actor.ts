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
import type { Clock, Logger, StorageLike } from "./types.ts";

/**
 * The refresh token under `user_session_token` in local storage; when storage is missing or
 * throws (partitioned third-party storage, private mode) it lives in memory instead.
 */
export interface RefreshTokenStore {
  get(): string | null;
  set(token: string | null): void;
}

export function createRefreshTokenStore(storage: StorageLike | undefined): RefreshTokenStore {
  const name = provider.userSessionTokenStorageKey;
  let memory: string | null = null;
  let usable = storage !== undefined;
  return {
    get() {
      if (usable && storage) {
        try {
          return storage.getItem(name);
        } catch {
          usable = false;
        }
      }
      return memory;
    },
    set(token) {
      memory = token;
      if (!usable || !storage) return;
      try {
        if (token === null) storage.removeItem(name);
        else storage.setItem(name, token);
      } catch {
        usable = false;
      }
    },
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
    stop: () => actor.stop(),
  };
  return store;
}
