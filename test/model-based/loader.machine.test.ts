import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import {
  backoffMs,
  DATA_LAYER_ATTEMPTS,
  DATA_LAYER_TIMEOUT_MS,
  type LoaderEmitted,
  type LoaderEvent,
  loaderMachine,
  MAX_BACKOFF_MS,
} from "../../machines/platform/loader.machine.ts";
import { type MachineModel, replay, shortestPaths, simplePaths } from "./harness.ts";

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(loaderMachine, { clock });
  const effects: LoaderEmitted[] = [];
  actor.on("*", (effect) => effects.push(effect as LoaderEmitted));
  actor.start();
  const send = (...events: LoaderEvent[]) => {
    for (const event of events) actor.send(event);
  };
  const types = () => effects.map((e) => e.type);
  return { actor, clock, effects, send, types, value: () => actor.getSnapshot().value };
}

const claimedOnce: LoaderEvent[] = [
  { type: "datalayer.connected" },
  { type: "secret.fetched", clientSecret: "acs_secret_1" },
  { type: "claim.succeeded" },
];

describe("loader machine", () => {
  it("nothing is fetched before the data layer is connected", () => {
    const { types, value } = start();
    expect(value()).toBe("created");
    expect(types()).toEqual([]);
  });

  it("created → data layer connected → claiming → session claimed", () => {
    const { send, effects, value } = start();
    send({ type: "datalayer.connected" });
    expect(value()).toEqual({ connected: "fetchingSecret" });
    send({ type: "secret.fetched", clientSecret: "acs_secret_1" });
    expect(value()).toEqual({ connected: "claiming" });
    send({ type: "claim.succeeded" });
    expect(value()).toBe("claimed");
    expect(effects).toEqual([
      { type: "secret.fetch" },
      { type: "claim.send", clientSecret: "acs_secret_1" },
      { type: "session.claimed" },
    ]);
  });

  it("clientSecretNeeded → session expired, one new fetch, session refreshed", () => {
    const { send, types, value } = start();
    send(...claimedOnce);
    send({ type: "secret.needed" });
    expect(value()).toEqual({ refreshing: "fetchingSecret" });
    send({ type: "secret.needed" }, { type: "secret.needed" });
    send({ type: "secret.fetched", clientSecret: "acs_secret_2" }, { type: "claim.succeeded" });
    expect(value()).toBe("claimed");
    expect(types().slice(3)).toEqual([
      "session.expired",
      "secret.fetch",
      "claim.send",
      "session.refreshed",
    ]);
  });

  it("fetchClientSecret is called at most once at a time", () => {
    const { send, types } = start();
    send({ type: "datalayer.connected" }, { type: "secret.needed" }, { type: "secret.needed" });
    expect(types().filter((t) => t === "secret.fetch")).toHaveLength(1);
  });

  it("a failed fetch is retried with backoff: 1 s, 2 s, 4 s … capped at 30 s", () => {
    const { send, clock, types, value } = start();
    send({ type: "datalayer.connected" });
    const fetches = () => types().filter((t) => t === "secret.fetch").length;
    let expected = 1;
    for (let attempt = 1; attempt <= 8; attempt++) {
      send({ type: "secret.failed" });
      expect(value()).toEqual({ connected: "waitingToRetry" });
      const wait = Math.min(1000 * 2 ** (attempt - 1), MAX_BACKOFF_MS);
      clock.increment(wait - 1);
      expect(fetches()).toBe(expected);
      clock.increment(1);
      expected += 1;
      expect(fetches()).toBe(expected);
    }
  });

  it("a successful claim resets the backoff", () => {
    const { send, clock, types } = start();
    send({ type: "datalayer.connected" }, { type: "secret.failed" });
    clock.increment(1000);
    send({ type: "secret.failed" });
    clock.increment(2000);
    send({ type: "secret.fetched", clientSecret: "acs_secret_1" }, { type: "claim.succeeded" });
    send({ type: "secret.needed" }, { type: "secret.failed" });
    const before = types().length;
    clock.increment(999);
    expect(types().length).toBe(before);
    clock.increment(1);
    expect(types().at(-1)).toBe("secret.fetch");
  });

  it("a claim refused with a 4xx → authentication required, then a new secret after backoff", () => {
    const { send, clock, types, value } = start();
    send({ type: "datalayer.connected" }, { type: "secret.fetched", clientSecret: "acs_secret_x" });
    send({ type: "claim.rejected" });
    expect(types().at(-1)).toBe("authentication.required");
    expect(value()).toEqual({ connected: "waitingToRetry" });
    clock.increment(backoffMs(1));
    expect(types().at(-1)).toBe("secret.fetch");
  });

  it("logout → the data layer is asked, logged out on its answer", () => {
    const { send, types, value } = start();
    send(...claimedOnce, { type: "logout" });
    expect(types().at(-1)).toBe("logout.send");
    send({ type: "logout.done" });
    expect(value()).toBe("loggedOut");
    expect(types().at(-1)).toBe("logged.out");
    // A logged-out instance never fetches a secret again.
    send({ type: "secret.needed" });
    expect(types().at(-1)).toBe("logged.out");
  });

  it("a refused logout keeps the session", () => {
    const { send, types, value } = start();
    send(...claimedOnce, { type: "logout" }, { type: "logout.refused" });
    expect(value()).toBe("claimed");
    expect(types().at(-1)).toBe("logout.failed");
  });

  it("logout before the data layer is connected waits for it", () => {
    const { send, types, value } = start();
    send({ type: "logout" });
    expect(types()).toEqual([]);
    send({ type: "datalayer.connected" });
    expect(value()).toBe("loggingOut");
    expect(types()).toEqual(["logout.send"]);
  });

  it("a data layer that does not answer in time is reloaded, then the loader is unavailable", () => {
    const { clock, types, value } = start();
    clock.increment(DATA_LAYER_TIMEOUT_MS - 1);
    expect(types()).toEqual([]);
    clock.increment(1);
    expect(types()).toEqual(["datalayer.reload"]);
    for (let i = 2; i < DATA_LAYER_ATTEMPTS; i++) clock.increment(DATA_LAYER_TIMEOUT_MS);
    expect(types().filter((t) => t === "datalayer.reload")).toHaveLength(DATA_LAYER_ATTEMPTS - 1);
    expect(value()).toBe("created");
    clock.increment(DATA_LAYER_TIMEOUT_MS);
    expect(value()).toBe("unavailable");
    expect(types().at(-1)).toBe("datalayer.unavailable");
    expect(types()).not.toContain("secret.fetch");
  });

  it("a data layer that answers after a reload goes on as usual", () => {
    const { send, clock, types, value } = start();
    clock.increment(DATA_LAYER_TIMEOUT_MS);
    send({ type: "datalayer.connected" });
    expect(value()).toEqual({ connected: "fetchingSecret" });
    clock.increment(DATA_LAYER_TIMEOUT_MS * DATA_LAYER_ATTEMPTS);
    expect(types()).toEqual(["datalayer.reload", "secret.fetch"]);
  });

  it("a logout waiting for a data layer that never comes fails", () => {
    const { send, clock, types } = start();
    send({ type: "logout" });
    for (let i = 0; i < DATA_LAYER_ATTEMPTS; i++) clock.increment(DATA_LAYER_TIMEOUT_MS);
    expect(types().slice(-2)).toEqual(["datalayer.unavailable", "logout.failed"]);
    send({ type: "logout" });
    expect(types().at(-1)).toBe("logout.failed");
  });

  it("destroy stops everything, including a pending retry", () => {
    const { send, clock, types, actor } = start();
    send({ type: "datalayer.connected" }, { type: "secret.failed" }, { type: "destroy" });
    expect(actor.getSnapshot().status).toBe("done");
    const count = types().length;
    clock.increment(MAX_BACKOFF_MS * 2);
    expect(types().length).toBe(count);
  });
});

// ---------------------------------------------------------------------------------------
// Walked through the graph

const model: MachineModel<typeof loaderMachine> = {
  machine: loaderMachine,
  input: undefined,
  events: {
    "secret.fetched": [{ type: "secret.fetched", clientSecret: "acs_secret_1" }],
  },
};

describe("loader machine, every path of its graph", () => {
  const paths = simplePaths(model, { maxDepth: 8, dedupe: true });

  it("the graph reaches every state", () => {
    const reached = new Set(shortestPaths(model).map((p) => JSON.stringify(p.target.value)));
    for (const state of [
      "created",
      "awaitingDataLayerToLogOut",
      '{"connected":"waitingToRetry"}',
      '{"refreshing":"claiming"}',
      '{"refreshing":"waitingToRetry"}',
      "claimed",
      "loggingOut",
      "loggedOut",
      "unavailable",
      "destroyed",
    ]) {
      expect(reached, state).toContain(state.startsWith("{") ? state : JSON.stringify(state));
    }
  });

  const fetching = (value: unknown) =>
    typeof value === "object" && value !== null && Object.values(value).includes("fetchingSecret");

  for (const path of paths) {
    it(`fetchClientSecret at most once at a time, never after logout or destroy: ${path.name}`, () => {
      const run = replay(model, path);
      let previous: unknown = "created";
      let over = false;
      for (const step of run.steps) {
        const fetches = step.effects.filter((e) => e.type === "secret.fetch").length;
        if (fetches > 0) {
          expect(fetches).toBe(1);
          expect(fetching(previous), "a second fetch while one runs").toBe(false);
          expect(fetching(step.snapshot.value)).toBe(true);
          expect(over, "a fetch after logout or destroy").toBe(false);
        }
        if (step.event.type === "destroy" || step.event.type === "logout.done") over = true;
        previous = step.snapshot.value;
      }
    });
  }
});
