import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { CallFailure } from "../../machines/auth/failure.ts";
import type { SignInOutcome } from "../../machines/auth/sign-in.ts";
import {
  bankConnectionPaths,
  type PayoutAccountEvent,
  payoutAccountPaths as paths,
  payoutAccountMachine,
  payoutAccountValues,
  startingBankCountry,
} from "../../machines/components/balances/payout-account.machine.ts";
import type { SubmitInput } from "../../machines/components/form/form.machine.ts";
import { validateValues } from "../../machines/components/form/form.ts";
import {
  type BankConnectionCreateParams,
  bankConnectionCreateParamsSchema,
} from "../../protocol/objects/bank-connection.schema.ts";
import { externalAccountChallengeParamsSchema } from "../../protocol/objects/embedded.schema.ts";
import {
  type BankAccountCreateParams,
  bankAccountCreateParamsSchema,
  bankAccountSchema,
} from "../../protocol/objects/external-account.schema.ts";
import { DONE, ERROR, FakeCalls, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * Replacing the payout bank account walked through the payout-account machine's graph: the
 * popup sign-in ending signed in or not, the details empty or filled and a routing number
 * the kit's field refused, the verification started, the code typed well or badly, and the
 * provider answering or failing each call every way it can (a wrong code, a locked or ended
 * challenge, a refusal of the account number by `param`, a lost answer, a 401). On every
 * path: no call before the sign-in the session requires, nothing invalid is sent (the
 * details before the verification starts, a malformed code, a bank account the protocol's
 * schema refuses), the bank account is sent only right after the challenge answered and as
 * the default for its currency, a refusal sits on its field, `payoutAccount.saved` follows
 * the one save, and a 401 closes the flow and reaches the shell. Beside the typed details,
 * "Connect your bank": the institutions listed (or failing, and listed again), a bank and
 * one of its accounts chosen, the link sent in place of numbers — never an account of
 * another bank than the one chosen —, and back to the typed details.
 */

type Machine = typeof payoutAccountMachine;

const filled = {
  ...payoutAccountValues("US", "usd"),
  [paths.holder]: "Ada Lovelace",
  [paths.routing]: "110000000",
  [paths.account]: "000123456789",
};
const empty = payoutAccountValues("US", "usd");

const failure = (status: number, code: string, param?: string): CallFailure => ({
  kind: "http",
  status,
  error: {
    type: status === 401 ? "authentication_error" : "invalid_request_error",
    code,
    message: code,
    ...(param ? { param } : {}),
  },
  requestId: `req_${code}`,
});

const lost = new TypeError("Failed to fetch");
const SIGN_IN_OUTCOMES: readonly SignInOutcome[] = [
  "signed_in",
  "not_signed_in",
  "blocked",
  "failed",
];
const expired = failure(401, "api_key_expired");
const FAILURES = {
  startVerification: [
    { label: "refused", error: failure(403, "component_not_enabled") },
    { label: "session expired", error: expired },
  ],
  answerChallenge: [
    { label: "wrong code", error: failure(400, "challenge_failed", "code") },
    { label: "locked", error: failure(400, "challenge_locked", "code") },
    { label: "answer lost", error: lost },
    { label: "session expired", error: expired },
  ],
  createExternalAccount: [
    {
      label: "account number refused",
      error: failure(400, "parameter_invalid", paths.account),
    },
    { label: "answer lost", error: lost },
    { label: "session expired", error: expired },
  ],
} as const;
const allFailures = Object.values(FAILURES).flat();

/** The institutions the provider lists for US / usd (one bank, two accounts). */
const institutions = {
  object: "list",
  url: "/v1/connect/bank_connections/institutions",
  has_more: false,
  data: [
    {
      id: "bcinst_us_sandbox_bank",
      object: "bank_connection_institution",
      name: "Sandbox Bank",
      country: "US",
      currency: "usd",
      accounts: [
        {
          id: "bcacct_checking",
          object: "bank_connection_account",
          kind: "checking",
          last4: "6789",
        },
        { id: "bcacct_savings", object: "bank_connection_account", kind: "savings", last4: "1234" },
      ],
    },
  ],
};
const LIST_FAILURES = [
  { label: "institutions lost", error: lost },
  { label: "institutions: session expired", error: expired },
];

const model: MachineModel<Machine> = {
  machine: payoutAccountMachine,
  input: { signInRequired: true, signedIn: false, bankConnections: true },
  events: {
    "method.choose": [
      { type: "method.choose", method: "connect" },
      { type: "method.choose", method: "manual" },
    ],
    retry: [{ type: "retry" }],
    [`${DONE}fetchResource`]: [{ type: `${DONE}fetchResource`, output: institutions }],
    [`${ERROR}fetchResource`]: LIST_FAILURES.map(({ error }) => ({
      type: `${ERROR}fetchResource`,
      error,
    })),
    open: [
      { type: "open", currency: "usd", values: filled },
      { type: "open", currency: "usd", values: empty },
    ],
    cancel: [{ type: "cancel" }],
    "signIn.start": [{ type: "signIn.start" }],
    [`${DONE}signIn`]: SIGN_IN_OUTCOMES.map((output) => ({ type: `${DONE}signIn`, output })),
    [`${ERROR}signIn`]: [{ type: `${ERROR}signIn`, error: new Error("popup script failed") }],
    "field.change": [
      { type: "field.change", path: paths.routing, value: null },
      { type: "field.change", path: paths.routing, value: "110000000" },
      {
        type: "field.change",
        path: bankConnectionPaths.institution,
        value: "bcinst_us_sandbox_bank",
      },
      { type: "field.change", path: bankConnectionPaths.account, value: "bcacct_savings" },
    ],
    "field.blur": [{ type: "field.blur", path: paths.routing }],
    continue: [{ type: "continue", idempotencyKey: "key-start" }],
    "code.change": [
      { type: "code.change", value: "123456" },
      { type: "code.change", value: "12" },
    ],
    verify: [{ type: "verify", idempotencyKey: "key-1" }],
    resend: [{ type: "resend", idempotencyKey: "key-resend" }],
    back: [{ type: "back" }],
    ...Object.fromEntries(
      Object.entries(FAILURES).flatMap(([src, list]) => [
        [`${DONE}${src}`, [{ type: `${DONE}${src}` }]],
        [`${ERROR}${src}`, list.map(({ error }) => ({ type: `${ERROR}${src}`, error }))],
      ]),
    ),
  } as MachineModel<Machine>["events"],
  // What the checks below tell apart: the step, what was typed, which errors show, where the
  // sign-in stands and whether an intent is under way — not which fields were left or which
  // key a click minted.
  distinguish: ({ value, context }) => ({
    value,
    values: context.values,
    errors: Object.keys(context.errors).sort(),
    formError: context.formError !== null,
    code: context.code,
    codeProblem: context.codeProblem,
    signedIn: context.signedIn,
    signInRefused: context.signInRefused,
    institutions: context.institutions.length,
    intent: context.idempotencyKey !== null,
  }),
  describeEvent: (event) => {
    const e = event as PayoutAccountEvent | { type: string; error?: unknown };
    if (e.type === "open" && "values" in e)
      return e.values[paths.holder] === "" ? "open (empty)" : "open (filled)";
    if (e.type === `${DONE}signIn` && "output" in e) return `popup: ${String(e.output)}`;
    if (e.type === `${ERROR}signIn`) return "popup: threw";
    if (e.type === "field.change" && "path" in e && e.path === bankConnectionPaths.institution)
      return "bank chosen";
    if (e.type === "field.change" && "path" in e && e.path === bankConnectionPaths.account)
      return "bank account chosen";
    if (e.type === "field.change" && "value" in e)
      return e.value === null ? "routing refused by its field" : "routing typed";
    if (e.type === "method.choose" && "method" in e) return `method: ${e.method}`;
    if (e.type === `${DONE}fetchResource`) return "institutions listed";
    if (e.type === `${ERROR}fetchResource`) {
      const found = LIST_FAILURES.find((f) => "error" in e && f.error === e.error);
      return found?.label ?? "institutions fail";
    }
    if (e.type === "code.change" && "value" in e) return `code := ${e.value}`;
    if (e.type.startsWith(DONE)) return `${e.type.slice(DONE.length)} answers`;
    if (e.type.startsWith(ERROR)) {
      const found = allFailures.find((f) => "error" in e && f.error === e.error);
      return `${e.type.slice(ERROR.length)}: ${found?.label ?? "fails"}`;
    }
    return e.type;
  },
};

/** `{ signingIn: "prompt" }` as `signingIn.prompt`. */
const stateName = (value: unknown): string =>
  typeof value === "string"
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}.${stateName(v)}`)
        .join();

const covering = coveringPaths(model, { maxDepth: 3, dedupe: true });

describe("the payout-account machine, model-based", () => {
  it("walks every step and every outcome", () => {
    const walked = new Set(covering.flatMap((p) => p.steps.map((s) => s.label)));
    for (const label of [
      ...SIGN_IN_OUTCOMES.map((o) => `popup: ${o}`),
      "popup: threw",
      "signIn.start",
      "continue",
      "resend",
      "back",
      "createExternalAccount answers",
      "method: connect",
      "method: manual",
      "institutions listed",
      "bank chosen",
      "retry",
      ...LIST_FAILURES.map((f) => f.label),
      ...Object.entries(FAILURES).flatMap(([src, list]) => list.map((f) => `${src}: ${f.label}`)),
    ])
      expect(walked).toContain(label);
    for (const state of [
      "closed",
      "signingIn.prompt",
      "signingIn.waiting",
      "signingIn.blocked",
      "details",
      "connecting.loading",
      "connecting.ready",
      "connecting.failed",
      "starting",
      "code",
      "verifying",
      "saving",
      "saved",
    ])
      expect(covering.map((p) => stateName(p.target.value))).toContain(state);
  });

  it.each(covering.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    const calls = new FakeCalls();
    const provided = payoutAccountMachine.provide({
      actors: {
        signIn: calls.logic("signIn", (): SignInOutcome => "signed_in"),
        fetchResource: calls.logic("fetchResource", (): unknown => institutions),
        startVerification: calls.logic("startVerification", () => ({})),
        answerChallenge: calls.logic("answerChallenge", () => ({})),
        createExternalAccount: calls.logic("createExternalAccount", () => undefined),
      },
    });
    const run = await replayWithCalls(provided, model.input, path, calls);
    try {
      let previous: unknown = "closed";
      for (const step of run.steps) {
        const { context } = step.snapshot;
        for (const call of step.started) {
          if (call.src === "signIn") {
            // The popup opens only from the person's click, and only while signed out.
            expect(step.event.type).toBe("signIn.start");
            expect(context.signedIn).toBe(false);
            continue;
          }
          // Nothing before the sign-in the session requires.
          expect(context.signedIn).toBe(true);
          if (call.src === "fetchResource") {
            // The institutions of the bank country, only once connecting was chosen.
            expect(step.event.type === "method.choose" || step.event.type === "retry").toBe(true);
            expect((call.input as { url: string }).url).toBe(
              "/v1/connect/bank_connections/institutions?country=US&currency=usd",
            );
            continue;
          }
          const linking = bankConnectionPaths.institution in context.values;
          if (call.src === "startVerification") {
            // The verification starts only from valid details, typed or chosen.
            const schema = linking
              ? bankConnectionCreateParamsSchema
              : bankAccountCreateParamsSchema;
            expect(validateValues(schema, context.values).ok).toBe(true);
          }
          // Every call carries the key its click minted.
          expect((call.input as SubmitInput<unknown>).idempotencyKey).toMatch(/^key-/);
          if (call.src === "answerChallenge") {
            const input = call.input as SubmitInput<{ code: string }>;
            expect(externalAccountChallengeParamsSchema.safeParse(input.body).success).toBe(true);
          }
          if (call.src === "createExternalAccount") {
            // Only right after the challenge answered; a valid default bank account.
            expect(previous).toBe("verifying");
            const input = call.input as SubmitInput<
              BankAccountCreateParams | BankConnectionCreateParams
            >;
            if ("bank_connection" in input.body) {
              // A link: the account chosen is one of the bank chosen.
              expect(bankConnectionCreateParamsSchema.safeParse(input.body).success).toBe(true);
              expect(input.body.bank_connection).toEqual({
                institution: "bcinst_us_sandbox_bank",
                account: "bcacct_savings",
                currency: "usd",
              });
            } else {
              expect(bankAccountCreateParamsSchema.safeParse(input.body).success).toBe(true);
            }
            expect(input.body.default_for_currency).toBe(true);
            expect(input.idempotencyKey).toBe("key-1-create");
          }
        }
        const event = step.event as { type: string; error?: unknown };
        const failed = allFailures.find((f) => event.error === f.error);
        const linking = bankConnectionPaths.institution in context.values;
        if (event.type === `${ERROR}fetchResource`) {
          if (event.error === expired) {
            expect(step.snapshot.value).toBe("closed");
            expect(step.effects).toEqual([{ type: "unauthorized" }]);
          } else {
            expect(step.snapshot.value).toEqual({ connecting: "failed" });
            expect(context.formError).not.toBeNull();
          }
        } else if (failed?.label === "session expired") {
          expect(step.snapshot.value).toBe("closed");
          expect(step.effects).toEqual([{ type: "unauthorized" }]);
        } else if (failed?.label === "account number refused" && linking) {
          // Back to the bank chosen; the refusal names no field of a link: the form's error.
          expect(step.snapshot.value).toEqual({ connecting: "ready" });
          expect(context.formError).not.toBeNull();
        } else if (failed?.label === "account number refused") {
          expect(step.snapshot.value).toBe("details");
          expect(context.errors[paths.account]).toMatchObject({ source: "api" });
        } else if (failed?.label === "wrong code") {
          expect(context.codeProblem).toBe("wrong");
        } else if (failed?.label === "locked") {
          expect(context.codeProblem).toBe("expired");
        } else if (event.type === `${DONE}createExternalAccount`) {
          expect(step.snapshot.value).toBe("saved");
          expect(step.effects).toEqual([{ type: "payoutAccount.saved", externalAccount: null }]);
        } else {
          expect(step.effects).toEqual([]);
        }
        if (event.type === "verify" && step.started.length === 0)
          expect(context.codeProblem).toBe("format");
        if (event.type === "continue" && step.started.length === 0)
          // Refused before sending: why shows on the fields.
          expect(Object.keys(context.errors).length).toBeGreaterThan(0);
        previous = step.snapshot.value;
      }
    } finally {
      run.actor.stop();
    }
  });
});

describe("the payout-account machine without a required sign-in", () => {
  it("goes straight to the details when the session disables the user's sign-in, or a user is signed in", () => {
    for (const input of [
      { signInRequired: false, signedIn: false, bankConnections: true },
      { signInRequired: true, signedIn: true, bankConnections: true },
    ]) {
      const actor = createActor(payoutAccountMachine, { input }).start();
      actor.send({ type: "open", currency: "usd", values: filled });
      expect(actor.getSnapshot().value).toBe("details");
      actor.stop();
    }
  });

  it("refuses a routing number failing its checksum and an IBAN of another country on their fields", () => {
    const actor = createActor(payoutAccountMachine, {
      input: { signInRequired: false, signedIn: false, bankConnections: false },
    }).start();
    actor.send({
      type: "open",
      currency: "usd",
      values: { ...filled, [paths.routing]: "110000001" },
    });
    actor.send({ type: "continue", idempotencyKey: "k" });
    expect(actor.getSnapshot().value).toBe("details");
    expect(actor.getSnapshot().context.errors[paths.routing]).toMatchObject({ source: "schema" });
    actor.send({ type: "cancel" });
    actor.send({
      type: "open",
      currency: "eur",
      values: {
        ...payoutAccountValues("DE", "eur"),
        [paths.holder]: "Ada",
        [paths.account]: "FR1420041010050500013M02606",
      },
    });
    actor.send({ type: "continue", idempotencyKey: "k" });
    expect(actor.getSnapshot().context.errors[paths.account]).toMatchObject({ source: "schema" });
    actor.send({ type: "field.change", path: paths.account, value: "DE89370400440532013000" });
    actor.send({ type: "continue", idempotencyKey: "k" });
    expect(actor.getSnapshot().value).toBe("starting");
    actor.stop();
  });
});

describe("a CA, AU or JP payout bank account", () => {
  const local = (country: string, currency: string, routing: string, account: string) => ({
    ...payoutAccountValues(country, currency),
    [paths.holder]: "Ada Lovelace",
    [paths.routing]: routing,
    [paths.account]: account,
  });
  const cases = [
    {
      country: "CA",
      currency: "cad",
      routing: "11000-000",
      account: "000123456789",
      badRouting: "1100-000",
      badAccount: "123456",
    },
    {
      country: "AU",
      currency: "aud",
      routing: "110000",
      account: "000123456",
      badRouting: "11000",
      badAccount: "1234",
    },
    {
      country: "JP",
      currency: "jpy",
      routing: "1100000",
      account: "0001234",
      badRouting: "110000",
      badAccount: "12345678",
    },
  ];

  it.each(cases)(
    "$country: a valid account starts the verification, a bad routing or account number is refused on its field",
    (c) => {
      const actor = createActor(payoutAccountMachine, {
        input: { signInRequired: false, signedIn: false, bankConnections: false },
      }).start();
      actor.send({
        type: "open",
        currency: c.currency,
        values: local(c.country, c.currency, c.badRouting, c.badAccount),
      });
      actor.send({ type: "continue", idempotencyKey: "k" });
      expect(actor.getSnapshot().value).toBe("details");
      expect(actor.getSnapshot().context.errors[paths.routing]).toMatchObject({ source: "schema" });
      expect(actor.getSnapshot().context.errors[paths.account]).toMatchObject({ source: "schema" });
      actor.send({ type: "field.change", path: paths.routing, value: c.routing });
      actor.send({ type: "field.change", path: paths.account, value: c.account });
      actor.send({ type: "continue", idempotencyKey: "k" });
      expect(actor.getSnapshot().value).toBe("starting");
      actor.stop();
      expect(
        bankAccountCreateParamsSchema.safeParse({
          external_account: {
            object: "bank_account",
            country: c.country,
            currency: c.currency,
            account_holder_name: "Ada",
            routing_number: c.routing,
            account_number: c.account,
          },
          default_for_currency: true,
        }).success,
      ).toBe(true);
    },
  );
});

describe("the bank country a new payout account starts with", () => {
  const bankIn = (country: string, currency: string) =>
    bankAccountSchema.parse({
      id: "ba_1",
      object: "bank_account",
      account: "acct_1",
      country,
      currency,
      default_for_currency: true,
      fingerprint: "fp",
      last4: "3000",
      metadata: {},
      account_holder_name: "Ada",
      account_holder_type: "individual",
      bank_name: null,
      routing_number: null,
      status: "new",
    });

  it("is the account's own country when its banks take the currency, before the replaced bank's", () => {
    expect(startingBankCountry("eur", "FR", undefined)).toBe("FR");
    expect(startingBankCountry("eur", "de", bankIn("NL", "eur"))).toBe("DE");
  });

  it("is the replaced bank's country when the account's own banks do not take the currency", () => {
    expect(startingBankCountry("eur", "US", bankIn("IE", "eur"))).toBe("IE");
  });

  it("is the first country taking the currency otherwise, and none for a currency no bank takes", () => {
    expect(startingBankCountry("eur", "US", undefined)).toBe("AT");
    expect(startingBankCountry("usd", "GB", undefined)).toBe("US");
    expect(startingBankCountry("cad", "US", undefined)).toBe("CA");
    expect(startingBankCountry("chf", "CH", undefined)).toBeUndefined();
  });

  it("is a CA, AU or JP account's own country for its currency (their local formats)", () => {
    expect(startingBankCountry("jpy", "JP", undefined)).toBe("JP");
    expect(startingBankCountry("aud", "AU", undefined)).toBe("AU");
    expect(startingBankCountry("cad", "CA", undefined)).toBe("CA");
  });
});

describe("the payout-account machine's bank connections", () => {
  it("the covering paths send a link of the chosen bank's account", () => {
    expect(
      covering.some((p) => {
        const labels = p.steps.map((s) => s.label);
        return labels.includes("bank account chosen") && labels.includes("verify");
      }),
    ).toBe(true);
  });

  it("offers no connection where the host or the session turns them off", () => {
    const actor = createActor(payoutAccountMachine, {
      input: { signInRequired: false, signedIn: false, bankConnections: false },
    }).start();
    actor.send({ type: "open", currency: "usd", values: filled });
    actor.send({ type: "method.choose", method: "connect" });
    expect(actor.getSnapshot().value).toBe("details");
    expect(actor.getSnapshot().context.values).toEqual(filled);
    actor.stop();
  });

  it("links the chosen account, and comes back to the typed details of the bank country", async () => {
    const sent: unknown[] = [];
    const provided = payoutAccountMachine.provide({
      actors: {
        fetchResource: fromPromise(async (): Promise<unknown> => institutions),
        startVerification: fromPromise(async () => ({})),
        answerChallenge: fromPromise(async () => ({})),
        createExternalAccount: fromPromise(async ({ input }) => {
          sent.push((input as SubmitInput<unknown>).body);
          return null;
        }),
      },
    });
    const actor = createActor(provided, {
      input: { signInRequired: false, signedIn: false, bankConnections: true },
    }).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: "open", currency: "usd", values: filled });
    actor.send({ type: "method.choose", method: "connect" });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ connecting: "ready" });
    // Nothing chosen: refused on the bank's field, nothing sent.
    actor.send({ type: "continue", idempotencyKey: "key-start" });
    expect(actor.getSnapshot().context.errors[bankConnectionPaths.institution]).toBeDefined();
    actor.send({
      type: "field.change",
      path: bankConnectionPaths.institution,
      value: "bcinst_us_sandbox_bank",
    });
    actor.send({
      type: "field.change",
      path: bankConnectionPaths.account,
      value: "bcacct_checking",
    });
    actor.send({ type: "continue", idempotencyKey: "key-start" });
    await settle();
    expect(actor.getSnapshot().value).toBe("code");
    actor.send({ type: "back" });
    expect(actor.getSnapshot().value).toEqual({ connecting: "ready" });
    actor.send({ type: "continue", idempotencyKey: "key-start" });
    await settle();
    actor.send({ type: "code.change", value: "123456" });
    actor.send({ type: "verify", idempotencyKey: "key-1" });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe("saved");
    expect(sent).toEqual([
      {
        bank_connection: {
          institution: "bcinst_us_sandbox_bank",
          account: "bcacct_checking",
          currency: "usd",
        },
        default_for_currency: true,
      },
    ]);
    actor.send({ type: "open", currency: "usd", values: filled });
    actor.send({ type: "method.choose", method: "connect" });
    actor.send({ type: "method.choose", method: "manual" });
    expect(actor.getSnapshot().value).toBe("details");
    expect(actor.getSnapshot().context.values).toEqual(empty);
    actor.stop();
  });
});
