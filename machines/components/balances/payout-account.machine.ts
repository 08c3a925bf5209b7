import { assign, emit, fromPromise, setup } from "xstate";
import { endpoints } from "../../../protocol/endpoints.ts";
import {
  type BankConnectionCreateParams,
  type BankConnectionInstitution,
  bankConnectionCreateParamsSchema,
  bankConnectionInstitutionListSchema,
} from "../../../protocol/objects/bank-connection.schema.ts";
import {
  type BankAccountCreateParams,
  bankAccountCreateParamsSchema,
  type ExternalAccount,
  type PayoutBankCountry,
  payoutBankCountries,
  payoutBankCountryCodes,
} from "../../../protocol/objects/external-account.schema.ts";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";
import type { SignInOutcome } from "../../auth/sign-in.ts";
import { type SubmitInput, submitCall } from "../form/form.machine.ts";
import {
  type FieldErrors,
  type FieldPath,
  type FieldValue,
  type FormLevelError,
  type FormValues,
  failureShown,
  fieldChanged,
  fieldLeft,
  invalidShown,
  type Validation,
  validateValues,
} from "../form/form.ts";
import type { FetchResourceInput } from "../resource-list.types.ts";

/**
 * Adding or replacing the payout bank account from the money-out views
 * (`external_account_collection`), through the external_account key flow of SPEC.md §6–§7:
 *
 * `closed` → `open` (for a currency) → `signingIn` (skipped when the session sets
 * `disable_{provider}_user_authentication` or the user is signed in already: `prompt` until
 * the person clicks, then `waiting` on the `signIn` actor — the frame's popup, opened inside
 * that click —, and `blocked` when the browser blocked it, offering to try again) → `details`
 * (the bank account's country-aware fields, checked with the protocol's schema: nothing
 * invalid is sent) → `starting` (the verification call starts a challenge and sends its code
 * to the provider user) → `code` (the person types the code; `resend` starts a new one) →
 * `verifying` (the challenge call: the data layer keeps the external_account key it answers)
 * → `saving` (the bank account, made the default for its currency, sent with that key) →
 * `saved` (emits `payoutAccount.saved`; the view reloads the figures and shows it).
 *
 * Where bank connections are offered (the host did not call `setDisableBankConnections(true)`
 * and the session does not set `disable_bank_connections`), the details step has a second
 * way: `method.choose` `connect` goes to `connecting` — `loading` the institutions of the
 * bank country (the kit's `fetchResource`), `ready` to choose one and one of its accounts (form
 * values checked with `bankConnectionCreateParamsSchema`), `failed` with `retry` — and
 * `manual` back to the typed details. The rest is the same: `continue` starts the
 * verification, and the save sends the chosen institution and account in place of numbers;
 * a refusal, `back` or a failed start return to the way chosen.
 *
 * A refusal of the bank account (a field the provider names by `param`) goes back to
 * `details` with the error on its field; the key was spent, so continuing starts a new
 * challenge. A wrong code stays in `code` with why; a 401 anywhere emits `unauthorized`.
 * Effects are the frame's sign-in (`signIn`, answering a `SignInOutcome`) and its mutations
 * (actors/components/mutation.ts), provided as `startVerification`, `answerChallenge` and
 * `createExternalAccount`.
 */

export interface PayoutAccountInput {
  /** The session leaves the provider user's sign-in out (`disable_…_user_authentication`). */
  signInRequired: boolean;
  /** A provider user is signed in already (the data layer's auth state). */
  signedIn: boolean;
  /** Linking through a bank connection is offered beside the typed details. */
  bankConnections: boolean;
}

/** Why the code step shows an error. */
export type CodeProblem =
  /** Not six digits: nothing was sent. */
  | "format"
  /** The provider said the code is not correct (`challenge_failed`). */
  | "wrong"
  /** No attempts left, or the challenge ended: a new code is needed (`resend`). */
  | "expired";

export interface PayoutAccountContext {
  signInRequired: boolean;
  signedIn: boolean;
  bankConnections: boolean;
  /** The country of the bank (from `open`): its institutions are the ones listed. */
  bankCountry: string | null;
  /** The institutions `listInstitutions` answered (connect only). */
  institutions: BankConnectionInstitution[];
  /** The popup closed without a signed-in user. */
  signInRefused: boolean;
  /** The currency whose default account is being added or replaced (from `open`). */
  currency: string | null;
  values: FormValues;
  touched: Record<FieldPath, true>;
  errors: FieldErrors;
  formError: FormLevelError | null;
  /** The code as typed. */
  code: string;
  codeProblem: CodeProblem | null;
  /** The verification call's key (minted by the `continue` or `resend` that sent it). */
  startKey: string;
  /** The challenge answer's key (minted by its `verify`). */
  answerKey: string;
  /** The new bank account's create: one key per intent (from the first `verify` of it). */
  idempotencyKey: string | null;
  /** The provider's new external account, once saved. */
  result: unknown;
}

export type PayoutAccountEvent =
  /** Start for `currency`, from the bank account's fields (`payoutAccountValues`). */
  | { type: "open"; currency: string; values: FormValues }
  | { type: "cancel" }
  /** The person's click that opens the sign-in popup. */
  | { type: "signIn.start" }
  | { type: "field.change"; path: FieldPath; value: FieldValue }
  | { type: "field.blur"; path: FieldPath }
  /** The details are entered: valid ones start the verification (keys minted on the click). */
  | { type: "continue"; idempotencyKey: string }
  | { type: "code.change"; value: string }
  /** Answer the challenge; `idempotencyKey` is minted when the person acted. */
  | { type: "verify"; idempotencyKey: string }
  /** A new code (a new challenge). */
  | { type: "resend"; idempotencyKey: string }
  /** From the code back to the details. */
  | { type: "back" }
  /** Link through a bank connection, or type the details (where connections are offered). */
  | { type: "method.choose"; method: "connect" | "manual" }
  /** List the institutions again after it failed. */
  | { type: "retry" };

export type PayoutAccountEmitted =
  | { type: "payoutAccount.saved"; externalAccount: unknown }
  | { type: "unauthorized" };

/** The form paths of the bank account's fields. */
export const payoutAccountPaths = {
  object: "external_account[object]",
  country: "external_account[country]",
  currency: "external_account[currency]",
  holder: "external_account[account_holder_name]",
  routing: "external_account[routing_number]",
  account: "external_account[account_number]",
  makeDefault: "default_for_currency",
} as const;

/** The form paths of a link through a bank connection. */
export const bankConnectionPaths = {
  institution: "bank_connection[institution]",
  account: "bank_connection[account]",
  currency: "bank_connection[currency]",
  makeDefault: "default_for_currency",
} as const;

/** A link through a bank connection in `currency`, nothing chosen yet, made the default. */
export function bankConnectionValues(currency: string): FormValues {
  const p = bankConnectionPaths;
  return {
    [p.institution]: null,
    [p.account]: null,
    [p.currency]: currency,
    [p.makeDefault]: true,
  };
}

/** The institutions of a bank country that hold accounts in `currency`. */
export const bankConnectionInstitutionsUrl = (country: string, currency: string) =>
  `${endpoints.bankConnectionInstitutions}?${new URLSearchParams({ country, currency })}`;

/** The countries a person can choose for a bank account in `currency`. */
export const payoutBankCountriesFor = (currency: string): PayoutBankCountry[] =>
  payoutBankCountryCodes.filter((c) => payoutBankCountries[c].currency === currency);

/**
 * The bank country a new account in `currency` starts with: the connected account's own
 * country when its banks take that currency (a French account's euros go to a French bank),
 * else the country of the bank it replaces, else the first that takes it.
 */
export function startingBankCountry(
  currency: string,
  accountCountry: string | undefined,
  replaced: ExternalAccount | undefined,
): PayoutBankCountry | undefined {
  const candidates = payoutBankCountriesFor(currency);
  const known = (c: string | null | undefined) =>
    candidates.find((candidate) => candidate === c?.toUpperCase());
  return (
    known(accountCountry) ??
    known(replaced?.object === "bank_account" ? replaced.country : undefined) ??
    candidates[0]
  );
}

/** The fields of a new bank account in `country` and `currency`, made the default. */
export function payoutAccountValues(country: string, currency: string): FormValues {
  const p = payoutAccountPaths;
  return {
    [p.object]: "bank_account",
    [p.country]: country,
    [p.currency]: currency,
    [p.holder]: "",
    [p.routing]: null,
    [p.account]: null,
    [p.makeDefault]: true,
  };
}

/** The values link through a bank connection (else they are the typed details). */
const linking = (values: FormValues) => bankConnectionPaths.institution in values;
type CreateParams = BankAccountCreateParams | BankConnectionCreateParams;
const check = (values: FormValues): Validation<CreateParams> =>
  linking(values)
    ? validateValues(bankConnectionCreateParamsSchema, values)
    : validateValues(bankAccountCreateParamsSchema, values);
const CODE = /^\d{6}$/;

type Done = { event: { output: unknown } };
type Failed = { event: { error: unknown } };
// biome-ignore lint/suspicious/noExplicitAny: the slots take the frame's mutations as they are
type AnyOutput = any;

const isUnauthorized = (error: unknown) => {
  const failure: CallFailure = toCallFailure(error);
  return failure.kind === "http" && failure.status === 401;
};
const codeOf = (error: unknown) => {
  const failure = toCallFailure(error);
  return failure.kind === "http" ? failure.error.code : undefined;
};

/** The guard's params: the sign-in actor answered `is`. */
const outcome =
  (is: SignInOutcome) =>
  ({ event }: Done) => ({ outcome: event.output, is });

/** A 401 closes the flow and tells the shell. */
const unauthorized = {
  guard: { type: "isUnauthorized", params: ({ event }: Failed) => event.error },
  target: "#payoutAccount.closed",
  actions: "reportUnauthorized",
} as const;
const showFailure = {
  type: "showFailure",
  params: ({ event }: Failed) => event.error,
} as const;

export const payoutAccountMachine = setup({
  types: {
    input: {} as PayoutAccountInput,
    context: {} as PayoutAccountContext,
    events: {} as PayoutAccountEvent,
    emitted: {} as PayoutAccountEmitted,
  },
  actors: {
    signIn: fromPromise<SignInOutcome>(async () => {
      throw new Error("provide the frame's popup sign-in as signIn (FrameServices.signIn)");
    }),
    startVerification: fromPromise<AnyOutput, SubmitInput<Record<string, never>>>(async () => {
      throw new Error("provide the verification mutation as startVerification (actors/)");
    }),
    answerChallenge: fromPromise<AnyOutput, SubmitInput<{ code: string }>>(async () => {
      throw new Error("provide the challenge mutation as answerChallenge (actors/)");
    }),
    createExternalAccount: fromPromise<AnyOutput, SubmitInput<CreateParams>>(async () => {
      throw new Error("provide the external-account mutation as createExternalAccount");
    }),
    fetchResource: fromPromise<unknown, FetchResourceInput>(async () => {
      throw new Error("provide the kit's fetchResource (actors/components/resource-client.ts)");
    }),
  },
  guards: {
    mustSignIn: ({ context }) => context.signInRequired && !context.signedIn,
    connectOffered: ({ context, event }) =>
      context.bankConnections && event.type === "method.choose" && event.method === "connect",
    choosesManual: ({ event }) => event.type === "method.choose" && event.method === "manual",
    linking: ({ context }) => linking(context.values),
    // A field of the other way (a bank chosen while typing the details) changes nothing.
    knownField: ({ context, event }) =>
      event.type === "field.change" && event.path in context.values,
    valid: ({ context }) => check(context.values).ok,
    codeWellFormed: ({ context }) => CODE.test(context.code),
    outcomeIs: (_, params: { outcome: unknown; is: SignInOutcome }) => params.outcome === params.is,
    isUnauthorized: (_, error: unknown) => isUnauthorized(error),
    isCodeRefusal: (_, error: unknown) => {
      const code = codeOf(error);
      return (
        code === "challenge_failed" || code === "challenge_locked" || code === "challenge_missing"
      );
    },
  },
  actions: {
    start: assign(({ event }) => ({
      currency: event.type === "open" ? event.currency : null,
      values: event.type === "open" ? event.values : {},
      bankCountry:
        event.type === "open"
          ? ((event.values[payoutAccountPaths.country] as string) ?? null)
          : null,
      institutions: [],
      touched: {},
      errors: {},
      formError: null,
      code: "",
      codeProblem: null,
      signInRefused: false,
      idempotencyKey: null,
    })),
    signInDone: assign((_, signedIn: boolean) => ({ signedIn, signInRefused: !signedIn })),
    change: assign(({ context, event }) =>
      event.type === "field.change" ? fieldChanged(context, check, event.path, event.value) : {},
    ),
    blur: assign(({ context, event }) =>
      event.type === "field.blur" ? fieldLeft(context, check, event.path) : {},
    ),
    showInvalid: assign(({ context }) => invalidShown(context, check)),
    freshCode: assign(({ event }) => ({
      code: "",
      codeProblem: null,
      formError: null,
      ...(event.type === "continue" || event.type === "resend"
        ? { startKey: event.idempotencyKey }
        : {}),
    })),
    typeCode: assign(({ event }) =>
      event.type === "code.change"
        ? { code: event.value.replace(/\s/g, ""), codeProblem: null }
        : {},
    ),
    codeMalformed: assign({ codeProblem: "format" as const }),
    startIntent: assign(({ context, event }) =>
      event.type === "verify"
        ? {
            answerKey: event.idempotencyKey,
            idempotencyKey: context.idempotencyKey ?? `${event.idempotencyKey}-create`,
          }
        : {},
    ),
    codeRefused: assign((_, error: unknown) => ({
      codeProblem: codeOf(error) === "challenge_failed" ? ("wrong" as const) : ("expired" as const),
    })),
    showFailure: assign(({ context }, error: unknown) => failureShown(context, error)),
    // The key was spent (or never came): the next attempt is a new intent with a new code.
    endIntent: assign({ idempotencyKey: null, code: "" }),
    keepResult: assign({ result: (_, output: unknown) => output ?? null }),
    reportSaved: emit((_, output: unknown) => ({
      type: "payoutAccount.saved" as const,
      externalAccount: output ?? null,
    })),
    reportUnauthorized: emit({ type: "unauthorized" as const }),
    chooseConnect: assign(({ context }) => ({
      values: bankConnectionValues(context.currency ?? ""),
      touched: {},
      errors: {},
      formError: null,
    })),
    chooseManual: assign(({ context }) => ({
      values: payoutAccountValues(context.bankCountry ?? "", context.currency ?? ""),
      touched: {},
      errors: {},
      formError: null,
    })),
    keepInstitutions: assign({
      institutions: (_, output: unknown) => {
        const parsed = bankConnectionInstitutionListSchema.safeParse(output);
        return parsed.success ? parsed.data.data : [];
      },
    }),
  },
}).createMachine({
  id: "payoutAccount",
  context: ({ input }) => ({
    signInRequired: input.signInRequired,
    signedIn: input.signedIn,
    bankConnections: input.bankConnections,
    bankCountry: null,
    institutions: [],
    signInRefused: false,
    currency: null,
    values: {},
    touched: {},
    errors: {},
    formError: null,
    code: "",
    codeProblem: null,
    startKey: "",
    answerKey: "",
    idempotencyKey: null,
    result: null,
  }),
  initial: "closed",
  states: {
    closed: {
      on: {
        open: [
          { guard: "mustSignIn", target: "signingIn", actions: "start" },
          { target: "details", actions: "start" },
        ],
      },
    },
    /** The popup opens from the person's click; how it ended moves the flow on. */
    signingIn: {
      initial: "prompt",
      on: { cancel: "closed" },
      states: {
        prompt: { on: { "signIn.start": "waiting" } },
        waiting: {
          invoke: {
            id: "signIn",
            src: "signIn",
            onDone: [
              {
                guard: { type: "outcomeIs", params: outcome("signed_in") },
                target: "#payoutAccount.details",
                actions: { type: "signInDone", params: true },
              },
              {
                guard: { type: "outcomeIs", params: outcome("blocked") },
                target: "blocked",
              },
              { target: "prompt", actions: { type: "signInDone", params: false } },
            ],
            onError: { target: "prompt", actions: { type: "signInDone", params: false } },
          },
        },
        /** The browser blocked the popup: the person may try again. */
        blocked: { on: { "signIn.start": "waiting" } },
      },
    },
    details: {
      on: {
        "field.change": { guard: "knownField", actions: "change" },
        "field.blur": { actions: "blur" },
        continue: [
          { guard: "valid", target: "starting", actions: "freshCode" },
          { actions: "showInvalid" },
        ],
        "method.choose": {
          guard: "connectOffered",
          target: "connecting",
          actions: "chooseConnect",
        },
        cancel: "closed",
      },
    },
    /** Linking through a bank connection: an institution of the bank country, one account. */
    connecting: {
      initial: "loading",
      on: {
        "field.change": { guard: "knownField", actions: "change" },
        "field.blur": { actions: "blur" },
        continue: [
          { guard: "valid", target: "starting", actions: "freshCode" },
          { actions: "showInvalid" },
        ],
        "method.choose": { guard: "choosesManual", target: "details", actions: "chooseManual" },
        cancel: "closed",
      },
      states: {
        loading: {
          invoke: {
            id: "fetchResource",
            src: "fetchResource",
            input: ({ context }): FetchResourceInput => ({
              url: bankConnectionInstitutionsUrl(context.bankCountry ?? "", context.currency ?? ""),
              schema: bankConnectionInstitutionListSchema,
            }),
            onDone: {
              target: "ready",
              actions: { type: "keepInstitutions", params: ({ event }: Done) => event.output },
            },
            onError: [unauthorized, { target: "failed", actions: showFailure }],
          },
        },
        ready: {},
        failed: { on: { retry: "loading" } },
      },
    },
    starting: {
      invoke: {
        id: "startVerification",
        src: "startVerification",
        input: ({ context }) => ({ body: {}, idempotencyKey: context.startKey }),
        onDone: "code",
        onError: [
          unauthorized,
          { guard: "linking", target: "connecting.ready", actions: showFailure },
          { target: "details", actions: showFailure },
        ],
      },
    },
    /** The verification step: the code the provider user received. */
    code: {
      on: {
        "code.change": { actions: "typeCode" },
        verify: [
          { guard: "codeWellFormed", target: "verifying", actions: "startIntent" },
          { actions: "codeMalformed" },
        ],
        resend: { target: "starting", actions: "freshCode" },
        back: [
          { guard: "linking", target: "connecting.ready", actions: "endIntent" },
          { target: "details", actions: "endIntent" },
        ],
        cancel: "closed",
      },
    },
    verifying: {
      invoke: {
        id: "answerChallenge",
        src: "answerChallenge",
        input: ({ context }) => ({
          body: { code: context.code },
          idempotencyKey: context.answerKey,
        }),
        onDone: "saving",
        onError: [
          unauthorized,
          {
            guard: { type: "isCodeRefusal", params: ({ event }: Failed) => event.error },
            target: "code",
            actions: { type: "codeRefused", params: ({ event }: Failed) => event.error },
          },
          { target: "code", actions: showFailure },
        ],
      },
    },
    saving: {
      invoke: {
        ...submitCall("createExternalAccount", check),
        onDone: {
          target: "saved",
          actions: [
            "endIntent",
            { type: "keepResult", params: ({ event }: Done) => event.output },
            { type: "reportSaved", params: ({ event }: Done) => event.output },
          ],
        },
        onError: [
          unauthorized,
          { guard: "linking", target: "connecting.ready", actions: ["endIntent", showFailure] },
          { target: "details", actions: ["endIntent", showFailure] },
        ],
      },
    },
    /** The new account is the default for its currency; the view shows it. */
    saved: {
      on: {
        open: [
          { guard: "mustSignIn", target: "signingIn", actions: "start" },
          { target: "details", actions: "start" },
        ],
      },
    },
  },
});
