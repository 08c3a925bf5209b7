import { describe, expect, it } from "vitest";
import type { AuthState } from "../../protocol/objects/auth-state.schema.ts";
import { DEFAULT_KEY_LIFETIME_MS } from "../../protocol/objects/stored-key.schema.ts";
import { ManualClock, MemoryStorage, recordingLog, throwingStorage } from "./fakes.ts";
import { createKeyStore, createRefreshTokenStore, refreshTokenStorageName } from "./keys.actor.ts";

const setup = () => {
  const clock = new ManualClock();
  const keys = createKeyStore({ clock, storage: new MemoryStorage(), log: recordingLog().log });
  const states: AuthState[] = [];
  keys.subscribe((s) => states.push(s));
  return { clock, keys, states };
};

describe("SPEC.md §4 auth state and key expiry, in the data layer", () => {
  it("a stored key without its own expiry lives 7 days", () => {
    const { clock, keys } = setup();
    keys.store("account_session", "ek_1");
    expect(keys.read("account_session")?.expires).toBe(clock.now() + DEFAULT_KEY_LIFETIME_MS);
    clock.advance(DEFAULT_KEY_LIFETIME_MS - 1);
    expect(keys.read("account_session")?.apiKey).toBe("ek_1");
    clock.advance(1);
    expect(keys.read("account_session")).toBeUndefined();
  });

  it("a key read after its expiry is dropped", () => {
    const { clock, keys } = setup();
    keys.store("external_account", "ek_ext", clock.now() + 1000);
    clock.advance(1000);
    expect(keys.read("external_account")).toBeUndefined();
    clock.time -= 1000; // even back in time it is gone: it was dropped, not hidden
    expect(keys.read("external_account")).toBeUndefined();
  });

  it("when a user key expires on read, the session is marked expired and the change is announced", () => {
    const { clock, keys, states } = setup();
    keys.store("account_session", "ek_1", clock.now() + 10_000);
    keys.store("provider_user", "uk_1", clock.now() + 1000);
    expect(states.at(-1)).toMatchObject({
      status: "user_authenticated",
      userSessionExpired: false,
    });
    clock.advance(1000);
    expect(keys.read("provider_user")).toBeUndefined();
    expect(states.at(-1)).toEqual({
      status: "account_session_authenticated",
      expires: clock.now() + 9000,
      user: null,
      userSessionExpired: true,
    });
  });

  it("authState drops expired keys before it answers", () => {
    const { clock, keys, states } = setup();
    keys.store("provider_user", "uk_1", clock.now() + 1000);
    clock.advance(5000);
    expect(keys.authState()).toEqual({
      status: "unauthenticated",
      expires: null,
      user: null,
      userSessionExpired: true,
    });
    expect(states.at(-1)?.userSessionExpired).toBe(true);
  });

  it("the account-session key read after its expiry is reported", () => {
    const { clock, keys } = setup();
    let expired = 0;
    keys.onAccountSessionExpired(() => expired++);
    keys.store("account_session", "ek_1", clock.now() + 1000);
    clock.advance(1000);
    keys.read("account_session");
    keys.read("account_session");
    expect(expired).toBe(1);
  });

  it("listeners hear a change only when the derived state changes", () => {
    const { clock, keys, states } = setup();
    keys.store("external_account", "ek_ext");
    expect(states).toHaveLength(0);
    keys.store("account_session", "ek_1", clock.now() + 1000);
    keys.store("account_session", "ek_1", clock.now() + 1000);
    expect(states).toHaveLength(1);
    keys.setUser({ id: "usr_1", email: "a@b.c", name: null, is_primary_user: true });
    expect(states).toHaveLength(2);
    expect(states.at(-1)?.user?.id).toBe("usr_1");
  });

  it("clearing every key forgets the user", () => {
    const { keys } = setup();
    keys.store("provider_user", "uk");
    keys.setUser({ id: "usr_1", email: "a@b.c", name: null, is_primary_user: true });
    keys.clearAll();
    expect(keys.authState()).toEqual({
      status: "unauthenticated",
      expires: null,
      user: null,
      userSessionExpired: true,
    });
  });
});

describe("SPEC.md §9 the user refresh token", () => {
  const scoped = (tokens: ReturnType<typeof createRefreshTokenStore>) => {
    tokens.scopeToPlatform("pk_test_a");
    tokens.scopeToAccount("acct_1");
    return tokens;
  };

  it("is persisted in local storage under a name scoped to the platform and the account", () => {
    const storage = new MemoryStorage();
    const tokens = scoped(createRefreshTokenStore(storage));
    tokens.set("rt_1");
    expect(storage.items.get(refreshTokenStorageName("pk_test_a", "acct_1"))).toBe("rt_1");
    expect(storage.items.has("user_session_token")).toBe(false);
    // A new data layer of the same platform finds the account last claimed there, and its token.
    const again = createRefreshTokenStore(storage);
    again.scopeToPlatform("pk_test_a");
    expect(again.account()).toBe("acct_1");
    expect(again.get()).toBe("rt_1");
    tokens.set(null);
    expect(storage.items.has(refreshTokenStorageName("pk_test_a", "acct_1"))).toBe(false);
  });

  it("issue 14 item 13: another platform or another account neither reads nor clears it", () => {
    const storage = new MemoryStorage();
    scoped(createRefreshTokenStore(storage)).set("rt_1");
    const otherPlatform = createRefreshTokenStore(storage);
    otherPlatform.scopeToPlatform("pk_test_b");
    expect(otherPlatform.get()).toBeNull();
    otherPlatform.scopeToAccount("acct_1");
    expect(otherPlatform.get()).toBeNull();
    otherPlatform.set(null);
    const otherAccount = createRefreshTokenStore(storage);
    otherAccount.scopeToPlatform("pk_test_a");
    otherAccount.scopeToAccount("acct_2");
    expect(otherAccount.get()).toBeNull();
    otherAccount.set(null);
    expect(storage.items.get(refreshTokenStorageName("pk_test_a", "acct_1"))).toBe("rt_1");
  });

  it("holds nothing before it knows its platform and account", () => {
    const tokens = createRefreshTokenStore(new MemoryStorage());
    tokens.set("rt_0");
    expect(tokens.get()).toBeNull();
  });

  it("falls back to memory when storage throws", () => {
    const tokens = scoped(createRefreshTokenStore(throwingStorage));
    expect(tokens.get()).toBeNull();
    tokens.set("rt_2");
    expect(tokens.get()).toBe("rt_2");
  });

  it("falls back to memory when there is no storage", () => {
    const tokens = scoped(createRefreshTokenStore(undefined));
    tokens.set("rt_3");
    expect(tokens.get()).toBe("rt_3");
  });
});
