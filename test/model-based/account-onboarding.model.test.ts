import { describe, expect, it } from "vitest";
import {
  accountOnboardingMachine,
  accountRequest,
  type OnboardingEmitted,
  type OnboardingInput,
  onboardingDataOf,
} from "../../machines/components/account-onboarding/account-onboarding.machine.ts";
import { onboardingStepSpecs } from "../../machines/components/account-onboarding/onboarding-steps.ts";
import type { FetchResourceInput } from "../../machines/components/resource-list.types.ts";
import { deriveSteps } from "../../machines/components/steps/steps.ts";
import type { Account } from "../../protocol/objects/account.schema.ts";
import type { Person } from "../../protocol/objects/person.schema.ts";
import type { Requirements } from "../../protocol/objects/requirements.schema.ts";
import { DONE, ERROR, FakeCalls, failureOf, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * account-onboarding's data machine walked through its graph: the account read as a new US
 * individual owing everything, then after the details and document steps, then with nothing
 * due; a step's form saving, the review submitted, any read failing (500) or refused (401),
 * and a retry. Told apart by what the flow shows (`distinguish`: the state, the steps and
 * whether the review was submitted), not by the account's every field. On every path: each
 * read is the session's own account; after each the steps are exactly those its
 * requirements derive (`onboardingStepSpecs`) and are handed on once (`steps.derived`); a
 * requirement once asked stays asked, so no step leaves the flow; a flow that asks for
 * anything ends with a review, done only once submitted; a 401 is one `unauthorized`; only the first read's failure is `load.failed`.
 */

type Machine = typeof accountOnboardingMachine;
const FETCH = "fetchResource";

const requirements = (due: string[]): Requirements => ({
  currently_due: due,
  eventually_due: due,
  past_due: due,
  pending_verification: [],
  errors: [],
  disabled_reason: due.length > 0 ? "requirements.past_due" : null,
  current_deadline: null,
});

const PROFILE = ["business_profile.mcc", "business_profile.url"];
const PERSON = [
  "individual.address.city",
  "individual.dob.day",
  "individual.first_name",
  "individual.ssn_last_4",
];
const REST = ["external_account", "tos_acceptance.date", "tos_acceptance.ip"];

const person = (documentProvided: boolean): Person =>
  ({
    id: "person_1",
    object: "person",
    account: "acct_1",
    verification: {
      status: "pending",
      details: null,
      details_code: null,
      document: { provided: documentProvided },
    },
  }) as unknown as Person;

const accountWith = (label: string, due: string[], individual?: Person): Account =>
  ({
    id: "acct_1",
    object: "account",
    type: "custom",
    country: "US",
    business_type: "individual",
    metadata: { stage: label },
    requirements: requirements(due),
    future_requirements: requirements([]),
    ...(individual ? { individual } : {}),
  }) as unknown as Account;

const STAGES = [
  accountWith("new", [...PROFILE, ...PERSON, ...REST]),
  accountWith("details and document sent", REST, person(true)),
  accountWith("nothing due", [], person(true)),
];
const stageOf = (account: Account | null) => account?.metadata.stage ?? "none";
const FAILURES = [
  { label: "fails 500", error: http(500) },
  { label: "refused 401", error: http(401) },
];
const INPUT: OnboardingInput = {
  collection: { fields: "currently_due" },
  collectsBank: true,
  skipTerms: false,
};

const doneEvents = (type: string) => STAGES.map((output) => ({ type, output }));
const model: MachineModel<Machine> = {
  machine: accountOnboardingMachine,
  input: INPUT,
  events: {
    [`${DONE}${FETCH}`]: doneEvents(`${DONE}${FETCH}`),
    [`${ERROR}${FETCH}`]: FAILURES.map(({ error }) => ({ type: `${ERROR}${FETCH}`, error })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as { type: string; output?: Account; error?: unknown };
    if (e.type.startsWith(DONE)) return `account: ${stageOf(e.output ?? null)}`;
    if (e.type.startsWith(ERROR))
      return FAILURES.find((f) => f.error === e.error)?.label ?? "fails";
    return e.type;
  },
  distinguish: (snapshot) => ({
    value: snapshot.value,
    steps: snapshot.context.steps,
    submitted: snapshot.context.submitted,
  }),
};

const paths = coveringPaths(model, { maxDepth: 5, dedupe: true });

describe("account-onboarding's data, model-based", () => {
  it("walks every stage of the account, a saved step, the submit, both failures and a retry", () => {
    const walked = new Set(paths.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of [
      ...STAGES.map((a) => `account: ${stageOf(a)}`),
      "step.saved",
      "submit",
      "retry",
      ...FAILURES.map((f) => f.label),
    ])
      expect(walked).toContain(label);
    for (const state of ["ready", "refreshing", "failed", "unauthorized"])
      expect(paths.map((p) => p.target.value)).toContain(state);
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    // The fake provider answers each read with the account the path's step names.
    const answers = path.steps
      .map((s) => (s.event as { output?: Account }).output)
      .filter((a): a is Account => a !== undefined);
    let answered = 0;
    const calls = new FakeCalls();
    const machine = accountOnboardingMachine.provide({
      actors: {
        fetchResource: calls.logic<unknown, FetchResourceInput>(FETCH, () => answers[answered++]),
      },
    });
    const run = await replayWithCalls(machine, INPUT, path, calls);
    try {
      let asked: readonly string[] = [];
      let stepIds: string[] = [];
      let read = false;
      for (const step of run.steps) {
        const { context } = step.snapshot;
        const effects = step.effects as OnboardingEmitted[];
        for (const call of step.started) expect(call.input).toBe(accountRequest);
        const event = step.event as { type: string; error?: unknown };
        if (event.type.startsWith(DONE)) {
          const account = context.account!;
          const data = onboardingDataOf(account, context, context.asked);
          expect(context.steps).toEqual(deriveSteps(onboardingStepSpecs, data));
          expect(effects).toEqual([{ type: "steps.derived", steps: context.steps }]);
          // Asked stays asked: what was due before and what is due now.
          for (const r of [...asked, ...data.collected]) expect(context.asked).toContain(r);
          // No step leaves the flow once shown.
          for (const id of stepIds) expect(context.steps.map((s) => s.id)).toContain(id);
          // A review closes a flow that asks for anything, and is done only once submitted.
          const review = context.steps.find((s) => s.id === "review");
          expect(review !== undefined).toBe(context.steps.length > 0);
          if (review) expect(review.complete).toBe(context.submitted);
          asked = context.asked;
          stepIds = context.steps.map((s) => s.id);
          read = true;
        }
        const failure = FAILURES.find((f) => f.error === event.error);
        if (failure?.label === "refused 401") {
          expect(step.snapshot.value).toBe("unauthorized");
          expect(effects).toEqual([{ type: "unauthorized" }]);
        } else if (failure) {
          expect(step.snapshot.value).toBe("failed");
          // Only a failure of the first read is the platform's load error.
          expect(effects).toEqual(
            read ? [] : [{ type: "load.failed", failure: failureOf(failure.error) }],
          );
        }
        if (event.type === "submit") expect(context.submitted).toBe(true);
      }
    } finally {
      run.actor.stop();
    }
  });
});
