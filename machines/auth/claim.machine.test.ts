import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { claimedAccountSessionSchema } from "../../protocol/objects/claimed-account-session.schema.ts";
import { type ClaimEmitted, type ClaimSuccess, claimMachine } from "./claim.machine.ts";
import type { CallFailure } from "./failure.ts";

const session = claimedAccountSessionSchema.parse({
  api_key: "ek_test_claimed",
  api_key_expiry: 2_000_000_000,
  account_id: "acct_1",
  platform_id: "acct_platform",
});

function start(outcome: {
  claim?: () => Promise<ClaimSuccess>;
  override?: () => Promise<ClaimSuccess>;
}) {
  const calls: unknown[] = [];
  const machine = claimMachine.provide({
    actors: {
      claimSession: fromPromise(async ({ input }) => {
        calls.push(input);
        if (!outcome.claim) throw new Error("no claim outcome");
        return outcome.claim();
      }),
      retrieveEmbeddedFlags: fromPromise(async ({ input }) => {
        calls.push(input);
        if (!outcome.override) throw new Error("no override outcome");
        return outcome.override();
      }),
    },
  });
  const actor = createActor(machine);
  const emitted: ClaimEmitted[] = [];
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  return { actor, emitted, calls };
}

const http = (status: number): CallFailure => ({
  kind: "http",
  status,
  error: { message: "No such client secret", type: "invalid_request_error" },
  requestId: "req_1",
});

describe("claiming an account session (SPEC.md §7, §8)", () => {
  it("a claimed session is emitted with its duration and the setNewKey choice", async () => {
    const { actor, emitted, calls } = start({ claim: async () => ({ session, durationMs: 12 }) });
    actor.send({ type: "claim.request", clientSecret: "acs_secret_1", setNewKey: true });
    await waitFor(actor, (s) => s.matches("claimed"));
    expect(calls).toEqual([{ clientSecret: "acs_secret_1", setNewKey: true }]);
    expect(emitted).toEqual([
      {
        type: "claim.succeeded",
        result: { session, durationMs: 12 },
        setNewKey: true,
        via: "claim",
      },
    ]);
  });

  it("a 4xx claim error is a rejection (warning + fetchErrorResponse)", async () => {
    const { actor, emitted } = start({ claim: () => Promise.reject(http(400)) });
    actor.send({ type: "claim.request", clientSecret: "acs_secret_bad", setNewKey: false });
    await waitFor(actor, (s) => s.matches("rejected"));
    expect(emitted).toEqual([{ type: "claim.rejected", failure: http(400) }]);
  });

  it("any other claim failure is an error (errorResponse)", async () => {
    const { actor, emitted } = start({ claim: () => Promise.reject(http(503)) });
    actor.send({ type: "claim.request", clientSecret: "acs_secret_1", setNewKey: false });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(emitted).toEqual([{ type: "claim.failed", failure: http(503) }]);
  });

  it("a network failure without a message becomes 'Unknown error'", async () => {
    const { actor, emitted } = start({ claim: () => Promise.reject(new TypeError("")) });
    actor.send({ type: "claim.request", clientSecret: "acs_secret_1", setNewKey: false });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(emitted).toEqual([
      { type: "claim.failed", failure: { kind: "network", message: "Unknown error" } },
    ]);
  });

  it("session expiry asks the platform for a new client secret, then claims again", async () => {
    let n = 0;
    const { actor, emitted, calls } = start({ claim: async () => ({ session, durationMs: ++n }) });
    actor.send({ type: "claim.request", clientSecret: "acs_secret_1", setNewKey: false });
    await waitFor(actor, (s) => s.matches("claimed"));
    actor.send({ type: "session.expired" });
    expect(actor.getSnapshot().value).toBe("awaitingClientSecret");
    expect(emitted.at(-1)).toEqual({ type: "client-secret.needed" });
    actor.send({ type: "claim.request", clientSecret: "acs_secret_2", setNewKey: true });
    await waitFor(actor, (s) => s.matches("claimed"));
    expect(calls).toEqual([
      { clientSecret: "acs_secret_1", setNewKey: false },
      { clientSecret: "acs_secret_2", setNewKey: true },
    ]);
  });

  it("a newer client secret replaces a claim in flight; only its result counts", async () => {
    const resolvers: ((v: ClaimSuccess) => void)[] = [];
    const { actor, emitted } = start({ claim: () => new Promise((r) => resolvers.push(r)) });
    actor.send({ type: "claim.request", clientSecret: "acs_secret_old", setNewKey: false });
    actor.send({ type: "claim.request", clientSecret: "acs_secret_new", setNewKey: true });
    resolvers[0]!({ session, durationMs: 1 });
    resolvers[1]!({ session, durationMs: 2 });
    await waitFor(actor, (s) => s.matches("claimed"));
    await new Promise((r) => setTimeout(r, 0));
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({
      type: "claim.succeeded",
      result: { durationMs: 2 },
      setNewKey: true,
    });
  });

  it("the override path claims with an API key and a platform id", async () => {
    const { actor, emitted, calls } = start({ override: async () => ({ session, durationMs: 3 }) });
    actor.send({ type: "claim.override", apiKey: "sk_test_x", platformId: "acct_platform" });
    await waitFor(actor, (s) => s.matches("claimed"));
    expect(calls).toEqual([{ apiKey: "sk_test_x", platformId: "acct_platform" }]);
    expect(emitted[0]).toMatchObject({ type: "claim.succeeded", via: "override", setNewKey: true });
  });
});
