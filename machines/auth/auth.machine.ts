import { assign, setup } from "xstate";
import type { StoredKey, StoredKeyType } from "../../protocol/objects/stored-key.schema.ts";

/**
 * The auth state of the data layer (SPEC.md §4 "Auth state" and "Key expiry"): the key
 * store and the status it implies.
 *
 * Two regions move independently: the account-session key and the provider user's key. The
 * status is derived from them (see `selectAuthState`), never stored beside them:
 * - user_authenticated: a valid user key exists;
 * - account_session_authenticated: a valid account-session key exists;
 * - unauthenticated otherwise.
 * userSessionExpired is true once the user key has expired or been cleared, and false again
 * when a user key is stored — that is the `user.ended` state.
 *
 * Expiry is lazy, as the spec says: "a key read after its expiry is dropped". The machine
 * does not read clocks; whoever reads a key does so through `readKey`, and sends
 * `key.expire` when the key it found is past its expiry.
 */

/** The key types and the stored-key record are the protocol's (SPEC.md §3 "Stored key"). */
export type KeyType = StoredKeyType;
export type { StoredKey };

export interface AuthContext {
  keys: Partial<Record<KeyType, StoredKey>>;
}

export type AuthEvent =
  | { type: "key.store"; key: StoredKey }
  | { type: "key.expire"; keyType: KeyType }
  | { type: "key.clear"; keyType: KeyType }
  | { type: "keys.clear" };

const isType =
  (keyType: KeyType) =>
  ({ event }: { event: AuthEvent }) =>
    (event.type === "key.store" && event.key.type === keyType) ||
    ((event.type === "key.expire" || event.type === "key.clear") && event.keyType === keyType);

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actions: {
    storeKey: assign({
      keys: ({ context, event }) =>
        event.type === "key.store"
          ? { ...context.keys, [event.key.type]: event.key }
          : context.keys,
    }),
    dropKey: assign({
      keys: ({ context, event }) => {
        if (event.type !== "key.expire" && event.type !== "key.clear") return context.keys;
        const { [event.keyType]: _dropped, ...rest } = context.keys;
        return rest;
      },
    }),
    dropAllKeys: assign({ keys: () => ({}) }),
  },
  guards: {
    isUserKey: isType("provider_user"),
    isAccountSessionKey: isType("account_session"),
    isExternalAccountKey: isType("external_account"),
  },
}).createMachine({
  id: "auth",
  type: "parallel",
  context: { keys: {} },
  states: {
    accountSession: {
      initial: "absent",
      states: {
        absent: {
          on: {
            "key.store": { guard: "isAccountSessionKey", target: "present", actions: "storeKey" },
          },
        },
        present: {
          on: {
            "key.store": { guard: "isAccountSessionKey", actions: "storeKey" },
            "key.expire": { guard: "isAccountSessionKey", target: "absent", actions: "dropKey" },
            "key.clear": { guard: "isAccountSessionKey", target: "absent", actions: "dropKey" },
            "keys.clear": { target: "absent", actions: "dropAllKeys" },
          },
        },
      },
    },
    user: {
      initial: "none",
      states: {
        none: {
          on: { "key.store": { guard: "isUserKey", target: "active", actions: "storeKey" } },
        },
        active: {
          on: {
            "key.store": { guard: "isUserKey", actions: "storeKey" },
            "key.expire": { guard: "isUserKey", target: "ended", actions: "dropKey" },
            "key.clear": { guard: "isUserKey", target: "ended", actions: "dropKey" },
            "keys.clear": { target: "ended", actions: "dropAllKeys" },
          },
        },
        ended: {
          on: { "key.store": { guard: "isUserKey", target: "active", actions: "storeKey" } },
        },
      },
    },
    externalAccount: {
      initial: "absent",
      states: {
        absent: {
          on: {
            "key.store": { guard: "isExternalAccountKey", target: "present", actions: "storeKey" },
          },
        },
        present: {
          on: {
            "key.store": { guard: "isExternalAccountKey", actions: "storeKey" },
            "key.expire": { guard: "isExternalAccountKey", target: "absent", actions: "dropKey" },
            "key.clear": { guard: "isExternalAccountKey", target: "absent", actions: "dropKey" },
            "keys.clear": { target: "absent", actions: "dropAllKeys" },
          },
        },
      },
    },
  },
});

export type AuthStatus = "user_authenticated" | "account_session_authenticated" | "unauthenticated";

export interface AuthStateView {
  status: AuthStatus;
  /** Epoch milliseconds of the key that grants the status, when there is one. */
  expires: number | null;
  userSessionExpired: boolean;
}

interface AuthSnapshotLike {
  context: AuthContext;
  matches(state: { user: "active" } | { user: "ended" } | { accountSession: "present" }): boolean;
}

/** The auth state (SPEC.md §3 "Auth state", less the user object), derived from a snapshot. */
export function selectAuthState(snapshot: AuthSnapshotLike): AuthStateView {
  const { keys } = snapshot.context;
  if (snapshot.matches({ user: "active" })) {
    return {
      status: "user_authenticated",
      expires: keys.provider_user?.expires ?? null,
      userSessionExpired: false,
    };
  }
  const userSessionExpired = snapshot.matches({ user: "ended" });
  if (snapshot.matches({ accountSession: "present" })) {
    return {
      status: "account_session_authenticated",
      expires: keys.account_session?.expires ?? null,
      userSessionExpired,
    };
  }
  return { status: "unauthenticated", expires: null, userSessionExpired };
}

export type KeyRead = { found: true; key: StoredKey } | { found: false; expired: boolean };

/**
 * Reads a key by the rule of SPEC.md §4: a key read after its expiry is not returned, and the
 * caller must send `key.expire` for it (`expired: true`), which drops it and, for the user
 * key, marks the user session expired.
 */
export function readKey(context: AuthContext, keyType: KeyType, now: number): KeyRead {
  const key = context.keys[keyType];
  if (!key) return { found: false, expired: false };
  if (now >= key.expires) return { found: false, expired: true };
  return { found: true, key };
}
