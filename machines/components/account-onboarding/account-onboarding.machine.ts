import { assign, emit, fromPromise, setup } from "xstate";
import { type Account, accountSchema } from "../../../protocol/objects/account.schema.ts";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";
import type { FetchResourceInput } from "../resource-list.types.ts";
import { deriveSteps, type Step } from "../steps/steps.ts";
import {
  collectedRequirements,
  type OnboardingCollection,
  type OnboardingData,
  onboardingStepSpecs,
} from "./onboarding-steps.ts";

/**
 * account-onboarding's data: the account as the provider computes its requirements, and the
 * flow's steps derived from it (`onboarding-steps.ts`) for the kit's step machine
 * (`steps.machine.ts`, which the view runs beside this one for back / next / save / resume).
 *
 * States: `loading` (the account, through the kit's `fetchResource`), `ready`, `refreshing`
 * (a step's form saved, or the review was submitted: the provider recomputed the account's
 * requirements, so it is read again while the steps stay shown), `failed` (`retry`) and
 * `unauthorized` (a 401). Every requirement the flow has collected since it opened stays
 * `asked`, so a step stays in the flow once done and the person can go back to it.
 *
 * Emitted: `steps.derived` after every read (the view hands the steps to the step
 * machine), `unauthorized`, `load.failed` (the first read failed).
 */

export interface OnboardingInput {
  collection: OnboardingCollection;
  /** The session enables `external_account_collection`. */
  collectsBank: boolean;
  /** `skip-terms-of-service-collection` on a custom account. */
  skipTerms: boolean;
}

export interface OnboardingContext extends OnboardingInput {
  account: Account | null;
  asked: readonly string[];
  submitted: boolean;
  steps: readonly Step[];
  failure: CallFailure | null;
}

export type OnboardingEvent =
  /** A step's form saved: the account changed on the provider. */
  | { type: "step.saved" }
  /** The review was confirmed. */
  | { type: "submit" }
  | { type: "retry" };

export type OnboardingEmitted =
  | { type: "steps.derived"; steps: readonly Step[] }
  | { type: "unauthorized" }
  | { type: "load.failed"; failure: CallFailure };

export const accountRequest: FetchResourceInput = { url: "/v1/account", schema: accountSchema };

/** What the steps are derived from, for `account` as the flow has seen it. */
export function onboardingDataOf(
  account: Account,
  context: Pick<OnboardingContext, "collection" | "collectsBank" | "skipTerms" | "submitted">,
  asked: readonly string[],
): OnboardingData {
  const verification = account.individual?.verification;
  return {
    collected: collectedRequirements(account, context.collection),
    asked,
    collectsBank: context.collectsBank,
    // The platform collects the terms only for a custom account (SPEC.md §2).
    skipTerms: context.skipTerms && account.type === "custom",
    submitted: context.submitted,
    documentDone:
      verification !== undefined &&
      (verification.document.provided || verification.status === "verified"),
  };
}

/**
 * Reads the account (`fetchResource`), then derives the steps; a 401 is `unauthorized`, any
 * other failure `failed` (the first read's is reported as the platform's load error).
 */
const readAccount = (firstRead: boolean) =>
  ({
    id: "fetchResource",
    src: "fetchResource",
    input: () => accountRequest,
    onDone: { target: "ready", actions: ["derive", "announce"] },
    onError: [
      {
        guard: "unauthorizedError",
        target: "unauthorized",
        actions: ["keepFailure", "emitUnauthorized"],
      },
      {
        target: "failed",
        actions: (firstRead ? ["keepFailure", "emitLoadFailed"] : ["keepFailure"]) as (
          | "keepFailure"
          | "emitLoadFailed"
        )[],
      },
    ],
  }) as const;

const failureOf = (event: unknown) => toCallFailure((event as { error?: unknown }).error);

export const accountOnboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    emitted: {} as OnboardingEmitted,
    input: {} as OnboardingInput,
  },
  actors: {
    fetchResource: fromPromise<unknown, FetchResourceInput>(async () => {
      throw new Error("fetchResource is provided by the frame (actors/components/)");
    }),
  },
  guards: {
    unauthorizedError: ({ event }) => {
      const failure = failureOf(event);
      return failure.kind === "http" && failure.status === 401;
    },
  },
  actions: {
    derive: assign(({ context, event }) => {
      const account = (event as unknown as { output: Account }).output;
      const collected = collectedRequirements(account, context.collection);
      const asked = [...new Set([...context.asked, ...collected])].sort();
      const steps = deriveSteps(onboardingStepSpecs, onboardingDataOf(account, context, asked));
      return { account, asked, steps, failure: null };
    }),
    announce: emit(({ context }) => ({ type: "steps.derived" as const, steps: context.steps })),
    keepFailure: assign({ failure: ({ event }) => failureOf(event) }),
    emitUnauthorized: emit({ type: "unauthorized" as const }),
    emitLoadFailed: emit(({ event }) => ({
      type: "load.failed" as const,
      failure: failureOf(event),
    })),
  },
}).createMachine({
  id: "accountOnboarding",
  context: ({ input }) => ({
    ...input,
    account: null,
    asked: [],
    submitted: false,
    steps: [],
    failure: null,
  }),
  initial: "loading",
  states: {
    loading: {
      invoke: readAccount(true),
    },
    ready: {
      on: {
        "step.saved": "refreshing",
        submit: { target: "refreshing", actions: assign({ submitted: true }) },
      },
    },
    refreshing: {
      // The steps stay as they were on a failure; reading again is the person's choice.
      invoke: readAccount(false),
    },
    failed: {
      on: { retry: "loading" },
    },
    unauthorized: {},
  },
});
