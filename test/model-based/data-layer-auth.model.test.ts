import { afterEach, describe, expect, it } from "vitest";
import { createActor } from "xstate";
import {
  type Built,
  build,
  claimAnswer,
  env,
  type FakeClient,
  json,
  type RecordedRequest,
  settle,
  until,
} from "../../actors/data-layer/fakes.ts";
import {
  type AuthEvent,
  authMachine,
  type KeyType,
  type StoredKey,
  selectAuthState,
} from "../../machines/auth/auth.machine.ts";
import { endpoints } from "../../protocol/endpoints.ts";
import { coveringPaths, type MachineModel, type ModelPath } from "./harness.ts";

/**
 * The auth state as the REAL data layer announces it (SPEC.md §4 "Auth state", "Key expiry",
 * "Logout"; §5 authStateChanged). Paths are generated from the auth machine's graph, limited
 * to the events a frame can cause, and each event is realised as data-layer inputs:
 *
 * - store the account-session key: the platform claims, the fake provider answers with it;
 * - store the user key: a claim answer that carries the same session key and a user key;
 * - expire a key: the injected clock passes the key's expiry, then a frame asks for the auth
 *   state, which reads both keys (a key read after its expiry is dropped);
 * - clear the user key / all keys: a frame logs out (user key only / all), the provider
 *   invalidates the session.
 *
 * Every step happens an hour after the previous one; a key's expiry is chosen, looking ahead
 * on the path, as the time of the step that expires it, or far away when none does. What is
 * checked is the MESSAGES a connected UI frame receives: one authStateChanged per change of
 * the derived state, carrying that state, and none when nothing changed.
 */

const HOUR = 3_600_000;
const SESSION_KEY = "ek_live";
const USER_KEY = "uk_live";
/** The graph's keys; their `expires` only names them, the realised expiry is the path's. */
const SESSION: StoredKey = { type: "account_session", apiKey: SESSION_KEY, expires: 1 };
const USER: StoredKey = { type: "provider_user", apiKey: USER_KEY, expires: 1 };

const model: MachineModel<typeof authMachine> = {
  machine: authMachine,
  input: undefined,
  events: {
    // The user key arrives with a claim answer, which carries the session key as well: it is
    // only a user-key store when that session key is already held.
    "key.store": (snapshot) =>
      snapshot.matches({ accountSession: "present" })
        ? [
            { type: "key.store", key: SESSION },
            { type: "key.store", key: USER },
          ]
        : [{ type: "key.store", key: SESSION }],
    "key.expire": [
      { type: "key.expire", keyType: "account_session" },
      { type: "key.expire", keyType: "provider_user" },
    ],
    // A frame can clear the user key alone (logout with clearUserSessionOnly) or all keys.
    "key.clear": [{ type: "key.clear", keyType: "provider_user" }],
  },
  describeEvent: (e: AuthEvent) => {
    const name = (type: KeyType) => (type === "provider_user" ? "user key" : "session key");
    switch (e.type) {
      case "key.store":
        return e.key.type === "provider_user" ? "claim with user key" : "claim";
      case "key.expire":
        return `${name(e.keyType)} expires, frame reads auth state`;
      case "key.clear":
        return "logout (user key only)";
      case "keys.clear":
        return "logout (all keys)";
    }
  },
};

const paths = coveringPaths(model, { maxDepth: 4, dedupe: true, everyTransition: true });

// ---------------------------------------------------------------------------------------
// Realising a path on the data layer

const claimUrl = `${env.api}${endpoints.claim}`;
const sessionUrl = `${env.api}${endpoints.connectSession}`;

/** What the fake provider answers to the next claim. */
let nextClaim: Record<string, unknown> = claimAnswer();

const route = (request: RecordedRequest) => {
  if (request.url === claimUrl) return json(200, nextClaim);
  if (request.url === sessionUrl) return json(200, { deleted: true });
  return json(200, {});
};

let built: Built | undefined;
afterEach(() => {
  built?.dispose();
  built = undefined;
});

/** Does `event` touch the key of `type`: store, expire or clear it? */
const touches = (event: AuthEvent, type: KeyType) =>
  event.type === "keys.clear" ||
  (event.type === "key.store" && event.key.type === type) ||
  ((event.type === "key.expire" || event.type === "key.clear") && event.keyType === type);

/**
 * The expiry of the key stored at step `index`: the time of the next step that expires it,
 * or far away when it is replaced or cleared first, or never expired on this path.
 */
function expiryFor(
  path: ModelPath<typeof authMachine>,
  index: number,
  type: KeyType,
  at: (i: number) => number,
) {
  for (let k = index + 1; k < path.steps.length; k++) {
    const event = path.steps[k]!.event;
    if (!touches(event, type)) continue;
    return event.type === "key.expire" ? at(k) : at(path.steps.length) + 300 * 24 * HOUR;
  }
  return at(path.steps.length) + 300 * 24 * HOUR;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

describe("the data layer announces the auth state, model-based", () => {
  it("walks enough of the graph to mean something", () => {
    expect(paths.length).toBeGreaterThanOrEqual(20);
    const labels = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of [
      "claim",
      "claim with user key",
      "session key expires, frame reads auth state",
      "user key expires, frame reads auth state",
      "logout (user key only)",
      "logout (all keys)",
    ])
      expect(labels).toContain(label);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    nextClaim = claimAnswer();
    built = build({ route });
    const start = built.clock.now();
    // Keys are stored with whole seconds of expiry, as the claim answer carries them.
    const at = (i: number) => start + (i + 1) * HOUR;
    const platform = built.platform();
    const frame = built.frame();
    await until(
      () =>
        platform.ofType("initresponse").length === 1 && frame.ofType("initresponse").length === 1,
      "initresponse",
    );
    const announced = (client: FakeClient) =>
      client.ofType("authStateChanged").map((m) => m.authState);
    // Nothing changed yet: nothing announced.
    expect(announced(frame)).toEqual([]);

    const expires: Partial<Record<KeyType, number>> = {};
    let previous = stateAfter(createActor(authMachine).getSnapshot(), expires);
    let expected: unknown[] = [];
    for (const [index, step] of path.steps.entries()) {
      built.timers.advance(at(index) - built.clock.now());
      const event = step.event;
      switch (event.type) {
        case "key.store": {
          if (event.key.type === "account_session") {
            expires.account_session = expiryFor(path, index, "account_session", at);
            nextClaim = claimAnswer({
              api_key: SESSION_KEY,
              api_key_expiry: seconds(expires.account_session),
            });
          } else {
            expires.provider_user = expiryFor(path, index, "provider_user", at);
            nextClaim = claimAnswer({
              api_key: SESSION_KEY,
              api_key_expiry: seconds(expires.account_session!),
              user_session_api_key: USER_KEY,
              user_session_expires_at: seconds(expires.provider_user),
            });
          }
          const reply = await platform.request({
            requestType: "claimAccountSessionRequest",
            clientSecret: `acs_${index}`,
          });
          expect(reply).toMatchObject({ requestType: "response", ok: true });
          break;
        }
        case "key.expire": {
          const reply = await frame.request({ requestType: "authStateRequest" });
          expect(reply.authState).toEqual(JSON.parse(stateAfter(step.expected, expires)));
          break;
        }
        case "key.clear":
        case "keys.clear": {
          const reply = await frame.request({
            requestType: "logout",
            clearUserSessionOnly: event.type === "key.clear",
          });
          expect(reply).toMatchObject({ requestType: "response", ok: true });
          break;
        }
      }
      await settle();
      // §4/§5: one authStateChanged per change of the derived state, none otherwise.
      const now = stateAfter(step.expected, expires);
      if (now !== previous) expected = [...expected, JSON.parse(now)];
      previous = now;
      expect(announced(frame), `after step ${index + 1} (${step.label})`).toEqual(expected);
      // Every connected frame hears the same announcements.
      expect(announced(platform)).toEqual(expected);
    }
  });
});

/** The auth state the graph predicts, with the expiry this path realised for its key. */
function stateAfter(
  snapshot: Parameters<typeof selectAuthState>[0],
  expires: Partial<Record<KeyType, number>>,
) {
  const view = selectAuthState(snapshot);
  const granting =
    view.status === "user_authenticated"
      ? expires.provider_user
      : view.status === "account_session_authenticated"
        ? expires.account_session
        : null;
  return JSON.stringify({
    status: view.status,
    expires: granting ?? null,
    user: null,
    userSessionExpired: view.userSessionExpired,
  });
}
