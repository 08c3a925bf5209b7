import { describe, expect, it } from "vitest";
import {
  type ClaimEmitted,
  type ClaimEvent,
  type ClaimRequest,
  type ClaimSuccess,
  claimMachine,
  type OverrideRequest,
} from "../../machines/auth/claim.machine.ts";
import { claimedAccountSessionSchema } from "../../protocol/objects/claimed-account-session.schema.ts";
import { DONE, ERROR, FakeCalls, failureOf, flush, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * The account-session claim (SPEC.md §7 "Session and authentication", §8 "Claim errors")
 * walked through the claim machine's graph. The invoked calls are part of the graph: each
 * claim or override call can answer (done), be rejected with a 4xx, fail with a 5xx or fail
 * on the network, and each of those is its own step. On replay the real machine invokes fake
 * calls that stay pending until the step that settles them; calls a newer request superseded
 * are answered too, to show that a stale answer is never reported.
 */

// ---------------------------------------------------------------------------------------
// The claim model

const invokeId = (state: string) => {
  const id = claimMachine.getStateNodeById(`claim.${state}`).invoke[0]?.id;
  if (!id) throw new Error(`claim.${state} invokes nothing`);
  return id;
};
const CLAIMING = invokeId("claiming");
const OVERRIDING = invokeId("overriding");

const FAILURES: { label: string; error: unknown }[] = [
  { label: "reject 400", error: http(400) },
  { label: "reject 404", error: http(404) },
  { label: "fail 503", error: http(503) },
  { label: "network failure", error: new TypeError("fetch failed") },
];

const sessionFor = (apiKey: string) =>
  claimedAccountSessionSchema.parse({
    api_key: apiKey,
    api_key_expiry: 2_000_000_000,
    account_id: "acct_1",
    platform_id: "acct_platform",
  });
const claimAnswer = (input: ClaimRequest): ClaimSuccess => ({
  session: sessionFor(`ek_${input.clientSecret}`),
  durationMs: 7,
});
const overrideAnswer = (input: OverrideRequest): ClaimSuccess => ({
  session: sessionFor(input.apiKey),
  durationMs: 9,
});

const outcomes = (id: string) => ({
  [`${DONE}${id}`]: [{ type: `${DONE}${id}` }],
  [`${ERROR}${id}`]: FAILURES.map(({ error }) => ({ type: `${ERROR}${id}`, error })),
});

const model: MachineModel<typeof claimMachine> = {
  machine: claimMachine,
  input: undefined,
  events: {
    "claim.request": [
      { type: "claim.request", clientSecret: "acs_1", setNewKey: true },
      { type: "claim.request", clientSecret: "acs_2", setNewKey: false },
    ],
    "claim.override": [{ type: "claim.override", apiKey: "sk_test_1", platformId: "acct_p" }],
    ...outcomes(CLAIMING),
    ...outcomes(OVERRIDING),
  } as MachineModel<typeof claimMachine>["events"],
  describeEvent: (event) => {
    const e = event as ClaimEvent | { type: string; error?: unknown };
    if (e.type === "claim.request" && "clientSecret" in e)
      return `request(${e.clientSecret}, setNewKey=${e.setNewKey})`;
    if (e.type === "claim.override") return "override";
    const call = e.type.endsWith(CLAIMING) ? "claim" : "override";
    if (e.type.startsWith(DONE)) return `${call} answers`;
    if (e.type.startsWith(ERROR)) {
      const found = FAILURES.find((f) => "error" in e && f.error === e.error);
      return `${call} ${found?.label ?? "fails"}`;
    }
    return e.type;
  },
};

const paths = coveringPaths(model, { maxDepth: 4, dedupe: true });

const fakes = () => {
  const calls = new FakeCalls();
  const machine = claimMachine.provide({
    actors: {
      claimSession: calls.logic("claimSession", claimAnswer),
      retrieveEmbeddedFlags: calls.logic("retrieveEmbeddedFlags", overrideAnswer),
    },
  });
  return { calls, machine };
};

type Last =
  | { via: "claim"; request: ClaimRequest }
  | { via: "override"; request: OverrideRequest }
  | null;

describe("account-session claim, model-based", () => {
  it("walks enough of the graph to mean something", () => {
    expect(paths.length).toBeGreaterThanOrEqual(30);
    const targets = new Set(paths.map((p) => JSON.stringify(p.target.value)));
    for (const state of ["claimed", "rejected", "failed", "awaitingClientSecret"])
      expect(targets).toContain(JSON.stringify(state));
    const walked = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of ["claim answers", "claim reject 400", "claim fail 503", "override answers"])
      expect(walked).toContain(label);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    const { calls, machine } = fakes();
    const run = await replayWithCalls(machine, undefined, path, calls);
    try {
      expect(run.initialEffects).toEqual([]);
      let last: Last = null;
      let sinceLast: ClaimEmitted[] = [];
      let inFlight = false;
      for (const step of run.steps) {
        const event = step.event as ClaimEvent | { type: string; error?: unknown };
        if (event.type === "claim.request" && "clientSecret" in event) {
          last = {
            via: "claim",
            request: { clientSecret: event.clientSecret, setNewKey: event.setNewKey },
          };
          // A request starts exactly one claim call, with the secret and setNewKey given.
          expect(step.started).toEqual([
            expect.objectContaining({ src: "claimSession", input: last.request }),
          ]);
        }
        if (event.type === "claim.override" && "apiKey" in event) {
          last = {
            via: "override",
            request: { apiKey: event.apiKey, platformId: event.platformId },
          };
          expect(step.started).toEqual([
            expect.objectContaining({ src: "retrieveEmbeddedFlags", input: last.request }),
          ]);
        }
        if (event.type.startsWith("claim.")) {
          sinceLast = [];
          inFlight = true;
          // Starting a call reports nothing yet.
          expect(step.effects).toEqual([]);
        } else if (event.type.startsWith(DONE)) {
          if (!last) throw new Error("an answer without a request");
          // §7: the answer reported is the LAST request's, with its setNewKey; an override
          // always stores its key. A superseded call's answer is never reported.
          const result =
            last.via === "claim" ? claimAnswer(last.request) : overrideAnswer(last.request);
          expect(step.effects).toEqual([
            {
              type: "claim.succeeded",
              result,
              setNewKey: last.via === "claim" ? last.request.setNewKey : true,
              via: last.via,
            },
          ]);
          inFlight = false;
        } else if (event.type.startsWith(ERROR)) {
          const failure = failureOf((event as { error?: unknown }).error);
          const clientError =
            failure.kind === "http" && failure.status >= 400 && failure.status < 500;
          // §8: a 4xx is a rejection (warning + fetchErrorResponse), anything else an error.
          expect(step.effects).toEqual([
            { type: clientError ? "claim.rejected" : "claim.failed", failure },
          ]);
          inFlight = false;
        } else if (event.type === "session.expired") {
          // §4: session expiry asks the platform for a new client secret, once.
          expect(step.effects).toEqual([{ type: "client-secret.needed" }]);
        }
        sinceLast.push(...step.effects);
        // Waiting for a call exactly while one is in flight.
        expect(["claiming", "overriding"].includes(step.snapshot.value as string)).toBe(inFlight);
      }
      if (run.actor.getSnapshot().value === "claimed") {
        // Exactly one success since the last request, and it is that request's.
        expect(sinceLast.filter((e) => e.type === "claim.succeeded")).toHaveLength(1);
        expect(sinceLast.filter((e) => e.type !== "claim.succeeded")).toEqual([]);
      }
      // A second expiry while already waiting for a secret asks for nothing more.
      if (run.actor.getSnapshot().value === "awaitingClientSecret") {
        const more: unknown[] = [];
        run.actor.on("*", (e) => more.push(e));
        run.actor.send({ type: "session.expired" });
        await flush();
        expect(more).toEqual([]);
        expect(run.actor.getSnapshot().value).toBe("awaitingClientSecret");
      }
    } finally {
      run.actor.stop();
    }
  });
});
