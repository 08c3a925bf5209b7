import { assign, emit, fromPromise, setup } from "xstate";
import { endpoints } from "../../../protocol/endpoints.ts";
import {
  type AccountClaim,
  accountClaimSchema,
  accountClaimStartParamsSchema,
} from "../../../protocol/objects/account-claim.schema.ts";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";
import type { SubmitInput } from "../form/form.machine.ts";
import { createFormMachine } from "../form/form.machine.ts";
import type { FetchResourceInput } from "../resource-list.types.ts";
import type { Step } from "../steps/steps.ts";

/**
 * account-onboarding's user claim step (SPEC.md §1: "If no user has claimed the account yet,
 * it also performs the user claim step"). The email and password are the kit's form machine
 * (`claimFormMachine`, checked with the protocol's rules before anything is sent to
 * `POST /v1/connect/account_claim`); this machine is the rest of the step's lifecycle:
 *
 * `off` (the session sets `disable_{provider}_user_authentication`: nobody claims through it)
 * or `checking` (`GET /v1/connect/account_claim`) → `claimedBefore` (the account has its user:
 * no step) or `details` (the form shows; its save — the code went out — is `started`) →
 * `code` (the person types the six digits; `started` again is a new code; `back` returns to
 * the details) → `verifying` (`POST /v1/connect/account_claim/verify`) → `claimed` (emits
 * `claim.verified`: the step is done). A wrong code stays in `code` with the reason on the
 * field; no attempts left or no pending code asks for a new one; a 401 anywhere emits
 * `unauthorized`; a failed check is `failed` (`retry`).
 *
 * A claim left pending (the person saved for later, or reloaded, after the code went out)
 * resumes in `code` with the email it went to, while it still accepts attempts: the code in
 * their mail still works. The password is never kept by the frame, so a new code from there
 * goes back to the details (`back`), the email filled in.
 */

export const claimRequest: FetchResourceInput = {
  url: endpoints.accountClaim,
  schema: accountClaimSchema,
};

/** The email and password form (the details stage). */
export const claimFormMachine = createFormMachine({
  id: "accountClaimForm",
  schema: accountClaimStartParamsSchema,
});

/** The form's fields. */
export const claimPaths = { email: "email", password: "password" } as const;

export interface ClaimInput {
  /** The session lets its person become a provider user (no `disable_…_user_authentication`). */
  enabled: boolean;
}

/** Why the code shows an error. */
export type ClaimCodeProblem =
  /** Not six digits: nothing was sent. */
  | "format"
  /** The provider said the code is not correct (`claim_code_incorrect`). */
  | "wrong"
  /** No attempts left, or no code pending (expired): a new code is needed. */
  | "expired";

export interface ClaimContext {
  enabled: boolean;
  /** The email the code went to. */
  email: string | null;
  code: string;
  codeProblem: ClaimCodeProblem | null;
  /** A failure that is not about the code (network, a refusal of the claim). */
  failure: CallFailure | null;
  /** The verification's key (minted by its `verify`). */
  verifyKey: string;
}

export type ClaimEvent =
  /** The form's claim was sent (its answer): the code is on its way to `claim.email`. */
  | { type: "started"; claim: AccountClaim }
  | { type: "code.change"; value: string }
  /** Answer the code; `idempotencyKey` is minted when the person acted. */
  | { type: "verify"; idempotencyKey: string }
  /** From the code back to the email and password. */
  | { type: "back" }
  | { type: "retry" };

export type ClaimEmitted =
  | { type: "claim.verified"; claim: AccountClaim }
  | { type: "unauthorized" }
  | { type: "load.failed"; failure: CallFailure };

const CODE = /^\d{6}$/;
const codeRefusals: Record<string, ClaimCodeProblem> = {
  claim_code_incorrect: "wrong",
  claim_locked: "expired",
  claim_missing: "expired",
};

type Failed = { event: { error: unknown } };
type Done = { event: { output: unknown } };

const failureOf = (error: unknown): CallFailure => toCallFailure(error);
const apiCodeOf = (error: unknown) => {
  const failure = failureOf(error);
  return failure.kind === "http" ? failure.error.code : undefined;
};
const unauthorized = {
  guard: { type: "isUnauthorized", params: ({ event }: Failed) => event.error },
  actions: "reportUnauthorized",
} as const;

/**
 * The claim step, placed first in the flow's steps while the account is being claimed in
 * this flow (shown when the check found it unclaimed, done once verified); none otherwise.
 */
export function withClaimStep(steps: readonly Step[], claim: Step | null): Step[] {
  return claim === null ? [...steps] : [claim, ...steps.filter((s) => s.id !== claim.id)];
}

export const accountClaimMachine = setup({
  types: {
    input: {} as ClaimInput,
    context: {} as ClaimContext,
    events: {} as ClaimEvent,
    emitted: {} as ClaimEmitted,
  },
  actors: {
    fetchResource: fromPromise<unknown, FetchResourceInput>(async () => {
      throw new Error("fetchResource is provided by the frame (actors/components/)");
    }),
    verifyClaim: fromPromise<unknown, SubmitInput<{ code: string }>>(async () => {
      throw new Error("provide the verification mutation as verifyClaim (actors/)");
    }),
  },
  guards: {
    enabled: ({ context }) => context.enabled,
    claimed: (_, output: unknown) => (output as AccountClaim).status === "claimed",
    pending: (_, output: unknown) => {
      const claim = output as AccountClaim;
      return claim.status === "verification_pending" && claim.attempts_remaining > 0;
    },
    codeWellFormed: ({ context }) => CODE.test(context.code),
    isUnauthorized: (_, error: unknown) => {
      const failure = failureOf(error);
      return failure.kind === "http" && failure.status === 401;
    },
    isCodeRefusal: (_, error: unknown) => codeRefusals[apiCodeOf(error) ?? ""] !== undefined,
  },
  actions: {
    keepEmail: assign((_, claim: AccountClaim) => ({ email: claim.email })),
    started: assign(({ event }) =>
      event.type === "started"
        ? { email: event.claim.email, code: "", codeProblem: null, failure: null }
        : {},
    ),
    typeCode: assign(({ event }) =>
      event.type === "code.change"
        ? { code: event.value.replace(/\s/g, ""), codeProblem: null, failure: null }
        : {},
    ),
    codeMalformed: assign({ codeProblem: "format" as const }),
    keepKey: assign(({ event }) =>
      event.type === "verify" ? { verifyKey: event.idempotencyKey, failure: null } : {},
    ),
    codeRefused: assign((_, error: unknown) => ({
      codeProblem: codeRefusals[apiCodeOf(error) ?? ""] ?? null,
    })),
    keepFailure: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    reportVerified: emit((_, output: unknown) => ({
      type: "claim.verified" as const,
      claim: output as AccountClaim,
    })),
    reportUnauthorized: emit({ type: "unauthorized" as const }),
    reportLoadFailed: emit((_, error: unknown) => ({
      type: "load.failed" as const,
      failure: failureOf(error),
    })),
  },
}).createMachine({
  id: "accountClaim",
  context: ({ input }) => ({
    enabled: input.enabled,
    email: null,
    code: "",
    codeProblem: null,
    failure: null,
    verifyKey: "",
  }),
  initial: "opening",
  states: {
    opening: {
      always: [{ guard: "enabled", target: "checking" }, { target: "off" }],
    },
    /** The session leaves the provider user out: the flow has no claim step. */
    off: {},
    checking: {
      invoke: {
        id: "fetchResource",
        src: "fetchResource",
        input: () => claimRequest,
        onDone: [
          {
            guard: { type: "claimed", params: ({ event }: Done) => event.output },
            target: "claimedBefore",
          },
          {
            guard: { type: "pending", params: ({ event }: Done) => event.output },
            target: "code",
            actions: {
              type: "keepEmail",
              params: ({ event }: Done) => event.output as AccountClaim,
            },
          },
          {
            target: "details",
            actions: {
              type: "keepEmail",
              params: ({ event }: Done) => event.output as AccountClaim,
            },
          },
        ],
        onError: [
          { ...unauthorized, target: "failed" },
          {
            target: "failed",
            actions: [
              { type: "keepFailure", params: ({ event }: Failed) => event.error },
              { type: "reportLoadFailed", params: ({ event }: Failed) => event.error },
            ],
          },
        ],
      },
    },
    failed: { on: { retry: "checking" } },
    /** The account had its provider user when the flow opened: no claim step. */
    claimedBefore: {},
    /** The email and password (the form machine); its answer is `started`. */
    details: {
      on: { started: { target: "code", actions: "started" } },
    },
    /** The code sent to the email. */
    code: {
      on: {
        "code.change": { actions: "typeCode" },
        verify: [
          { guard: "codeWellFormed", target: "verifying", actions: "keepKey" },
          { actions: "codeMalformed" },
        ],
        started: { actions: "started" },
        back: "details",
      },
    },
    verifying: {
      invoke: {
        id: "verifyClaim",
        src: "verifyClaim",
        input: ({ context }) => ({
          body: { code: context.code },
          idempotencyKey: context.verifyKey,
        }),
        onDone: {
          target: "claimed",
          actions: { type: "reportVerified", params: ({ event }: Done) => event.output },
        },
        onError: [
          { ...unauthorized, target: "code" },
          {
            guard: { type: "isCodeRefusal", params: ({ event }: Failed) => event.error },
            target: "code",
            actions: { type: "codeRefused", params: ({ event }: Failed) => event.error },
          },
          {
            target: "code",
            actions: { type: "keepFailure", params: ({ event }: Failed) => event.error },
          },
        ],
      },
    },
    /** The person is the account's primary user: the step is done. */
    claimed: {},
  },
});
