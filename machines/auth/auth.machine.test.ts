import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import {
  type AuthEvent,
  authMachine,
  readKey,
  type StoredKey,
  selectAuthState,
} from "./auth.machine.ts";

const key = (type: StoredKey["type"], expires = 1_000): StoredKey => ({
  apiKey: `${type}_key`,
  expires,
  type,
});

function run(...events: AuthEvent[]) {
  const actor = createActor(authMachine).start();
  for (const e of events) actor.send(e);
  return actor.getSnapshot();
}

describe("auth state (SPEC.md §4)", () => {
  it("starts unauthenticated with no user session expired", () => {
    expect(selectAuthState(run())).toEqual({
      status: "unauthenticated",
      expires: null,
      userSessionExpired: false,
    });
  });

  it("is account_session_authenticated when a valid account-session key exists", () => {
    const s = run({ type: "key.store", key: key("account_session", 500) });
    expect(selectAuthState(s)).toMatchObject({
      status: "account_session_authenticated",
      expires: 500,
    });
  });

  it("is user_authenticated when a valid user key exists", () => {
    const s = run(
      { type: "key.store", key: key("account_session") },
      { type: "key.store", key: key("provider_user", 700) },
    );
    expect(selectAuthState(s)).toEqual({
      status: "user_authenticated",
      expires: 700,
      userSessionExpired: false,
    });
  });

  it("userSessionExpired becomes true when the user key expires", () => {
    const s = run(
      { type: "key.store", key: key("account_session") },
      { type: "key.store", key: key("provider_user") },
      { type: "key.expire", keyType: "provider_user" },
    );
    expect(selectAuthState(s)).toMatchObject({
      status: "account_session_authenticated",
      userSessionExpired: true,
    });
    expect(s.context.keys.provider_user).toBeUndefined();
  });

  it("userSessionExpired becomes true when the user key is cleared, and false when one is stored", () => {
    const cleared = run(
      { type: "key.store", key: key("provider_user") },
      { type: "key.clear", keyType: "provider_user" },
    );
    expect(selectAuthState(cleared).userSessionExpired).toBe(true);
    const restored = run(
      { type: "key.store", key: key("provider_user") },
      { type: "key.clear", keyType: "provider_user" },
      { type: "key.store", key: key("provider_user", 9) },
    );
    expect(selectAuthState(restored)).toMatchObject({
      status: "user_authenticated",
      userSessionExpired: false,
    });
  });

  it("clearing all keys leaves nothing stored", () => {
    const s = run(
      { type: "key.store", key: key("account_session") },
      { type: "key.store", key: key("provider_user") },
      { type: "key.store", key: key("external_account") },
      { type: "keys.clear" },
    );
    expect(s.context.keys).toEqual({});
    expect(selectAuthState(s)).toMatchObject({
      status: "unauthenticated",
      userSessionExpired: true,
    });
  });

  it("the external_account key never changes the status", () => {
    const s = run({ type: "key.store", key: key("external_account") });
    expect(selectAuthState(s).status).toBe("unauthenticated");
    expect(s.context.keys.external_account?.apiKey).toBe("external_account_key");
  });

  it("expiring a key that is not stored changes nothing", () => {
    const s = run(
      { type: "key.store", key: key("account_session") },
      { type: "key.expire", keyType: "provider_user" },
    );
    expect(selectAuthState(s)).toMatchObject({
      status: "account_session_authenticated",
      userSessionExpired: false,
    });
  });
});

describe("key expiry (SPEC.md §4)", () => {
  it("a key read after its expiry is dropped: not returned, and reported expired", () => {
    const ctx = { keys: { account_session: key("account_session", 1_000) } };
    expect(readKey(ctx, "account_session", 999)).toEqual({
      found: true,
      key: ctx.keys.account_session,
    });
    expect(readKey(ctx, "account_session", 1_000)).toEqual({ found: false, expired: true });
    expect(readKey(ctx, "provider_user", 0)).toEqual({ found: false, expired: false });
  });
});
