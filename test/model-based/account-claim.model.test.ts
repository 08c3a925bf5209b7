import { describe, expect, it } from "vitest";
import {
  accountClaimMachine,
  type ClaimEmitted,
  type ClaimInput,
  claimRequest,
} from "../../machines/components/account-onboarding/account-claim.machine.ts";
import type { SubmitInput } from "../../machines/components/form/form.machine.ts";
import type { FetchResourceInput } from "../../machines/components/resource-list.types.ts";
import type { AccountClaim } from "../../protocol/objects/account-claim.schema.ts";
import { DONE, ERROR, FakeCalls, failureOf, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * account-onboarding's claim step walked through its graph: the check finds the account
 * unclaimed, pending (resumed at the code, or at the details when no attempt is left) or
 * claimed (or fails: 500, 401); the form's claim goes out (`started`),
 * the person types a malformed, a wrong and the right code, asks for a new code, goes back to
 * the email, and the verification succeeds or is refused (wrong code, no attempts left, a
 * 401, a network failure). On every path: the check is one call of the account's claim; an
 * account claimed before never shows the step; a malformed code calls nothing; each verify
 * sends the typed code with the key of the person's click; a refusal of the code says why on
 * the code and stays in the code stage; `claim.verified` is emitted exactly once, on the
 * verification's success; a 401 is one `unauthorized`.
 */

type Machine = typeof accountClaimMachine;
const CHECK = "fetchResource";
const VERIFY = "verifyClaim";
const INPUT: ClaimInput = { enabled: true };

const claim = (status: AccountClaim["status"], email: string | null = null): AccountClaim => ({
  object: "account_claim",
  account: "acct_1",
  status,
  email,
  expires_at: status === "verification_pending" ? 1_800 : null,
  attempts_remaining: status === "verification_pending" ? 5 : 0,
});
const CHECKED = [
  claim("unclaimed"),
  claim("verification_pending", "noor@example.com"),
  // Pending, but every attempt used: a new code is needed.
  { ...claim("verification_pending", "noor@example.com"), attempts_remaining: 0 },
  claim("claimed"),
];
const checkedLabel = (c: AccountClaim) =>
  `checked: ${c.status}${c.status === "verification_pending" ? ` (${c.attempts_remaining} attempts left)` : ""}`;
const STARTED = claim("verification_pending", "noor@example.com");
const VERIFIED = { ...claim("claimed"), user: { id: "usr_1", email: "noor@example.com" } };

const refusal = (code: string) => ({
  ...http(400),
  error: { type: "invalid_request_error", message: code, code, param: "code" },
});
const FAILURES = [
  { label: "500", error: http(500) },
  { label: "401", error: http(401) },
  { label: "network failure", error: new TypeError("Failed to fetch") },
  { label: "wrong code", error: refusal("claim_code_incorrect") },
  { label: "no attempts left", error: refusal("claim_locked") },
];

const model: MachineModel<Machine> = {
  machine: accountClaimMachine,
  input: INPUT,
  events: {
    started: [{ type: "started", claim: STARTED }],
    "code.change": [
      { type: "code.change", value: "12 34" },
      { type: "code.change", value: "123 456" },
    ],
    verify: [{ type: "verify", idempotencyKey: "ik_verify" }],
    back: [{ type: "back" }],
    retry: [{ type: "retry" }],
    [`${DONE}${CHECK}`]: CHECKED.map((output) => ({ type: `${DONE}${CHECK}`, output })),
    [`${ERROR}${CHECK}`]: FAILURES.slice(0, 2).map(({ error }) => ({
      type: `${ERROR}${CHECK}`,
      error,
    })),
    [`${DONE}${VERIFY}`]: [{ type: `${DONE}${VERIFY}`, output: VERIFIED }],
    [`${ERROR}${VERIFY}`]: FAILURES.slice(1).map(({ error }) => ({
      type: `${ERROR}${VERIFY}`,
      error,
    })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as { type: string; output?: AccountClaim; error?: unknown; value?: string };
    if (e.type === `${DONE}${CHECK}` && e.output) return checkedLabel(e.output);
    if (e.type === `${DONE}${VERIFY}`) return "verified";
    if (e.type.startsWith(ERROR))
      return `${e.type === `${ERROR}${CHECK}` ? "check" : "verify"} fails (${
        FAILURES.find((f) => f.error === e.error)?.label ?? "?"
      })`;
    if (e.type === "code.change") return `types "${e.value}"`;
    return e.type;
  },
  distinguish: (snapshot) => ({
    value: snapshot.value,
    code: snapshot.context.code,
    problem: snapshot.context.codeProblem,
  }),
};

const paths = coveringPaths(model, { maxDepth: 6, dedupe: true });

describe("account-onboarding's claim step, model-based", () => {
  it("walks every check outcome, a malformed, wrong and right code, a new code, back, and every refusal", () => {
    const walked = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of [
      ...CHECKED.map(checkedLabel),
      "check fails (500)",
      "check fails (401)",
      "verified",
      ...FAILURES.slice(1).map((f) => `verify fails (${f.label})`),
      "started",
      "back",
      "retry",
    ])
      expect(walked).toContain(label);
    for (const state of ["claimedBefore", "details", "code", "claimed", "failed"])
      expect(paths.map((p) => p.target.value)).toContain(state);
  });

  it("is off, with no call, when the session disables the provider user's authentication", async () => {
    const calls = new FakeCalls();
    const { createActor } = await import("xstate");
    const actor = createActor(
      accountClaimMachine.provide({
        actors: { fetchResource: calls.logic<unknown, FetchResourceInput>(CHECK, () => null) },
      }),
      { input: { enabled: false } },
    ).start();
    expect(actor.getSnapshot().value).toBe("off");
    expect(calls.calls).toEqual([]);
    actor.stop();
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    const calls = new FakeCalls();
    const machine = accountClaimMachine.provide({
      actors: {
        fetchResource: calls.logic<unknown, FetchResourceInput>(CHECK, () => CHECKED[0]),
        verifyClaim: calls.logic<unknown, SubmitInput<{ code: string }>>(VERIFY, () => VERIFIED),
      },
    });
    const run = await replayWithCalls(machine, INPUT, path, calls);
    try {
      let verified = 0;
      for (const [index, step] of run.steps.entries()) {
        const before = index === 0 ? "checking" : run.steps[index - 1]?.snapshot.value;
        const { context } = step.snapshot;
        const effects = step.effects as ClaimEmitted[];
        const event = step.event as { type: string; output?: AccountClaim; error?: unknown };
        for (const call of step.started) {
          if (call.src === CHECK) expect(call.input).toBe(claimRequest);
          // The typed code, with the key of the click that sent it.
          else
            expect(call.input).toEqual({ body: { code: "123456" }, idempotencyKey: "ik_verify" });
        }
        if (event.type === `${DONE}${CHECK}` && event.output?.status === "claimed")
          expect(step.snapshot.value).toBe("claimedBefore");
        // A claim left pending resumes at its code, to the email it went to, while it still
        // takes attempts; with none left the person starts again from the details.
        if (event.type === `${DONE}${CHECK}` && event.output?.status === "verification_pending") {
          expect(context.email).toBe("noor@example.com");
          expect(step.snapshot.value).toBe(
            event.output.attempts_remaining > 0 ? "code" : "details",
          );
        }
        if (event.type === "verify" && before === "code") {
          const wellFormed = /^\d{6}$/.test(run.steps[index - 1]?.snapshot.context.code ?? "");
          expect(step.started.length).toBe(wellFormed ? 1 : 0);
          if (!wellFormed) expect(context.codeProblem).toBe("format");
        }
        const failure = FAILURES.find((f) => f.error === event.error);
        if (event.type === `${ERROR}${VERIFY}` && failure) {
          expect(step.snapshot.value).toBe("code");
          if (failure.label === "wrong code") expect(context.codeProblem).toBe("wrong");
          if (failure.label === "no attempts left") expect(context.codeProblem).toBe("expired");
          if (failure.label === "network failure")
            expect(context.failure).toEqual(failureOf(failure.error));
        }
        if (failure?.label === "401") expect(effects).toContainEqual({ type: "unauthorized" });
        if (event.type === `${DONE}${VERIFY}`) {
          expect(step.snapshot.value).toBe("claimed");
          expect(effects).toEqual([{ type: "claim.verified", claim: VERIFIED }]);
        }
        verified += effects.filter((e) => e.type === "claim.verified").length;
        if (event.type === "started") {
          expect(context.email).toBe("noor@example.com");
          expect(context.code).toBe("");
        }
      }
      expect(verified).toBe(path.target.value === "claimed" ? 1 : 0);
    } finally {
      run.actor.stop();
    }
  });
});
