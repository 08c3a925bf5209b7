import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import {
  type AuthEvent,
  type AuthStateView,
  authMachine,
  type KeyType,
  readKey,
  type StoredKey,
  selectAuthState,
} from "../../machines/auth/auth.machine.ts";
import { coveringPaths, type MachineModel, replay } from "./harness.ts";

/**
 * The auth state and key store of SPEC.md §4 ("Auth state", "Key expiry"), walked through the
 * auth machine's graph: every transition by a shortest path (self-loops included, so a
 * `key.expire` / `key.clear` of a key that is not stored is walked too) and every simple path
 * up to four events. After each step the derived state is compared with an oracle computed
 * from the events alone — not from the machine's definition.
 */

const T0 = Date.UTC(2026, 0, 1);
const TYPES: readonly KeyType[] = ["provider_user", "account_session", "external_account"];

// Two user keys, so that replacing a live user key is walked; one key of each other type.
const KEYS: readonly StoredKey[] = [
  { type: "provider_user", apiKey: "uk_1", expires: T0 + 1_000 },
  { type: "provider_user", apiKey: "uk_2", expires: T0 + 5_000 },
  { type: "account_session", apiKey: "ek_1", expires: T0 + 3_000 },
  { type: "external_account", apiKey: "xk_1", expires: T0 + 2_000 },
];

const short = (type: KeyType) =>
  type === "provider_user" ? "user" : type === "account_session" ? "session" : "external";

const model: MachineModel<typeof authMachine> = {
  machine: authMachine,
  input: undefined,
  events: {
    "key.store": KEYS.map((key) => ({ type: "key.store", key })),
    // Offered for every type whenever the state accepts the event type at all.
    "key.expire": TYPES.map((keyType) => ({ type: "key.expire", keyType })),
    "key.clear": TYPES.map((keyType) => ({ type: "key.clear", keyType })),
  },
  describeEvent: (e: AuthEvent) => {
    switch (e.type) {
      case "key.store":
        return `store ${e.key.apiKey}`;
      case "key.expire":
        return `expire ${short(e.keyType)}`;
      case "key.clear":
        return `clear ${short(e.keyType)}`;
      case "keys.clear":
        return "clear all";
    }
  },
};

const paths = coveringPaths(model, { maxDepth: 4, dedupe: true });
const initial = createActor(authMachine).getSnapshot();

/** The oracle: the key store as the spec describes it, driven by the same events. */
class Oracle {
  keys = new Map<KeyType, StoredKey>();
  userEnded = false;

  apply(event: AuthEvent) {
    switch (event.type) {
      case "key.store":
        this.keys.set(event.key.type, event.key);
        if (event.key.type === "provider_user") this.userEnded = false;
        return;
      case "key.expire":
      case "key.clear":
        if (!this.keys.has(event.keyType)) return;
        this.keys.delete(event.keyType);
        if (event.keyType === "provider_user") this.userEnded = true;
        return;
      case "keys.clear":
        if (this.keys.has("provider_user")) this.userEnded = true;
        this.keys.clear();
        return;
    }
  }

  /** Precedence user > account_session > unauthenticated (SPEC.md §4 "Auth state"). */
  state(): AuthStateView {
    const user = this.keys.get("provider_user");
    if (user)
      return { status: "user_authenticated", expires: user.expires, userSessionExpired: false };
    const session = this.keys.get("account_session");
    if (session)
      return {
        status: "account_session_authenticated",
        expires: session.expires,
        userSessionExpired: this.userEnded,
      };
    return { status: "unauthenticated", expires: null, userSessionExpired: this.userEnded };
  }
}

describe("auth state, model-based", () => {
  it("walks enough of the graph to mean something", () => {
    expect(paths.length).toBeGreaterThanOrEqual(50);
    const walked = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const type of TYPES) {
      expect(walked).toContain(`expire ${short(type)}`);
      expect(walked).toContain(`clear ${short(type)}`);
    }
    expect(walked).toContain("clear all");
    // Some paths expire or clear a key that is not stored.
    const unheld = paths.filter((p) => {
      const oracle = new Oracle();
      return p.steps.some(({ event }) => {
        const absent =
          (event.type === "key.expire" || event.type === "key.clear") &&
          !oracle.keys.has(event.keyType);
        oracle.apply(event);
        return absent;
      });
    });
    expect(unheld.length).toBeGreaterThan(10);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", (_name, path) => {
    const run = replay(model, path);
    const oracle = new Oracle();
    let before = initial;
    expect(selectAuthState(before)).toEqual(oracle.state());
    for (const step of run.steps) {
      const absent =
        (step.event.type === "key.expire" || step.event.type === "key.clear") &&
        !oracle.keys.has(step.event.keyType);
      oracle.apply(step.event);
      // §4: the status, its expiry and userSessionExpired follow from the keys alone.
      expect(selectAuthState(step.snapshot)).toEqual(oracle.state());
      // The keys held are exactly those stored and not since expired or cleared.
      expect(step.snapshot.context.keys).toEqual(Object.fromEntries(oracle.keys));
      // Expiring or clearing a key that is not stored changes nothing at all.
      if (absent) {
        expect(step.snapshot.value).toEqual(before.value);
        expect(step.snapshot.context).toEqual(before.context);
      }
      // §4 "Key expiry": a read returns a key strictly before its expiry; at or after it the
      // key is reported expired, so the reader drops it.
      for (const type of TYPES) {
        const held = oracle.keys.get(type);
        for (const now of [T0, T0 + 1_000, T0 + 2_500, T0 + 10_000]) {
          const read = readKey(step.snapshot.context, type, now);
          if (!held) expect(read).toEqual({ found: false, expired: false });
          else if (now < held.expires) expect(read).toEqual({ found: true, key: held });
          else expect(read).toEqual({ found: false, expired: true });
        }
      }
      before = step.snapshot;
    }
  });
});
