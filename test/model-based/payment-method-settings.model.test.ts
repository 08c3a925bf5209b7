import { describe, expect, it } from "vitest";
import type { SignInOutcome } from "../../machines/auth/sign-in.ts";
import { SUBMIT_ACTOR, type SubmitInput } from "../../machines/components/form/form.machine.ts";
import { configurationFixture } from "../../machines/components/payment-method-settings/payment-method-settings.fixture.ts";
import {
  configurationRequest,
  type PaymentMethodSettingsEmitted,
  type PaymentMethodSettingsInput,
  paymentMethodChangeMachine,
  paymentMethodSettingsMachine,
  preferencePath,
} from "../../machines/components/payment-method-settings/payment-method-settings.machine.ts";
import type { GetObjectsInput } from "../../machines/components/resource-list.types.ts";
import {
  type PaymentMethodConfiguration,
  paymentMethodConfigurationUpdateParamsSchema,
} from "../../protocol/objects/payment-method-configuration.schema.ts";
import { DONE, ERROR, FakeCalls, failureOf, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * payment-method-settings' lifecycles walked through their graphs.
 *
 * The settings: with or without a signed-in provider user (the kit's sign-in gate: the popup
 * signs in, closes without a sign-in, is blocked, fails), by the attribute's id or the
 * default, the load answering, failing (network, 500: `failed` with `load.failed`; 401:
 * `unauthorized`; 403 `user_authentication_required`: back to the gate), retried, refreshed,
 * a saved change shown. Every path checks: nothing loads before a provider user is signed in;
 * each load asks for the configuration the input names (by id, else the default); what is
 * shown is the last answer.
 *
 * The change: the kit's reviewed form over the update's parameters — every body sent is one
 * the protocol's schema accepts and is sent only from the confirmation.
 */

const LOADED = configurationFixture("pmc_default", "on");
const SAVED = configurationFixture("pmc_default", "off");
const listOfOne = {
  object: "list",
  url: "/v1/payment_method_configurations",
  has_more: false,
  data: [LOADED],
};

const signInRequired = {
  kind: "http" as const,
  status: 403,
  error: { type: "permission_error", code: "user_authentication_required", message: "sign in" },
  requestId: "req_403",
};
const FAILURES = [
  { label: "network", error: new TypeError("Failed to fetch") },
  { label: "500", error: http(500) },
  { label: "401", error: http(401) },
  { label: "sign-in required", error: signInRequired },
];

type Machine = typeof paymentMethodSettingsMachine;
const GET = "getObjects";

const modelFor = (input: PaymentMethodSettingsInput): MachineModel<Machine> => ({
  machine: paymentMethodSettingsMachine,
  input,
  events: {
    "signIn.start": [{ type: "signIn.start" }],
    retry: [{ type: "retry" }],
    refresh: [{ type: "refresh" }],
    "configuration.saved": [{ type: "configuration.saved", configuration: SAVED }],
    [`${DONE}signIn`]: ["signed_in", "not_signed_in", "blocked"].map((output) => ({
      type: `${DONE}signIn`,
      output,
    })),
    [`${ERROR}signIn`]: [{ type: `${ERROR}signIn`, error: new Error("popup failed") }],
    [`${DONE}${GET}`]: [
      {
        type: `${DONE}${GET}`,
        output: { configuration: input.configuration ? LOADED : listOfOne },
      },
    ],
    [`${ERROR}${GET}`]: FAILURES.map(({ error }) => ({ type: `${ERROR}${GET}`, error })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => {
    const e = event as { type: string; output?: unknown; error?: unknown };
    if (e.type === `${DONE}signIn`) return `popup ${String(e.output)}`;
    if (e.type === `${ERROR}signIn`) return "popup fails";
    if (e.type === `${DONE}${GET}`) return "configuration answers";
    if (e.type === `${ERROR}${GET}`)
      return `load fails (${FAILURES.find((f) => f.error === e.error)?.label ?? "?"})`;
    return e.type;
  },
});

const INPUTS: PaymentMethodSettingsInput[] = [
  { configuration: null, signedIn: false },
  { configuration: "pmc_default", signedIn: true },
];

const cases = INPUTS.flatMap((input) =>
  coveringPaths(modelFor(input), { maxDepth: 6, dedupe: true }).map((path) => ({
    name: `${input.configuration ?? "default"}, ${input.signedIn ? "signed in" : "signed out"}: ${path.name}`,
    input,
    path,
  })),
);

describe("payment-method-settings, model-based", () => {
  it("walks the sign-in gate, the load, its failures, a refresh and a saved change", () => {
    const labels = new Set(cases.flatMap((c) => c.path.steps.map((s) => s.label)));
    for (const label of [
      "signIn.start",
      "popup signed_in",
      "popup not_signed_in",
      "popup blocked",
      "popup fails",
      "configuration answers",
      ...FAILURES.map((f) => `load fails (${f.label})`),
      "retry",
      "refresh",
      "configuration.saved",
    ])
      expect(labels).toContain(label);
    const reached = new Set(cases.map((c) => JSON.stringify(c.path.target.value)));
    for (const state of [
      '{"signingIn":"blocked"}',
      '"shown"',
      '"failed"',
      '"unauthorized"',
      '"refreshing"',
    ])
      expect(reached).toContain(state);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { input, path }) => {
    const calls = new FakeCalls();
    const machine = paymentMethodSettingsMachine.provide({
      actors: {
        signIn: calls.logic("signIn", (): SignInOutcome => "signed_in"),
        getObjects: calls.logic(
          GET,
          (): Record<string, unknown> => ({
            configuration: input.configuration ? LOADED : listOfOne,
          }),
        ),
      },
    });
    const run = await replayWithCalls(machine, input, path, calls);
    try {
      let signedIn = input.signedIn;
      let shown: PaymentMethodConfiguration | null = null;
      for (const step of run.steps) {
        const e = step.event as { type: string; output?: unknown; error?: unknown };
        const effects: PaymentMethodSettingsEmitted[] = step.effects;
        if (e.type === `${DONE}signIn` && e.output === "signed_in") signedIn = true;
        if (e.type === `${ERROR}${GET}` && e.error === signInRequired) signedIn = false;
        for (const call of step.started.filter((c) => c.src === GET)) {
          // Nothing loads before a provider user is signed in, and always the input's one.
          expect(signedIn).toBe(true);
          expect(call.input as GetObjectsInput).toEqual(configurationRequest(input.configuration));
        }
        if (step.started.some((c) => c.src === "signIn")) expect(e.type).toBe("signIn.start");
        if (e.type === `${DONE}${GET}`) shown = LOADED;
        if (e.type === "configuration.saved" && step.snapshot.value === "shown") shown = SAVED;
        if (e.type === `${ERROR}${GET}`) {
          const failure = FAILURES.find((f) => f.error === e.error)!;
          if (failure.label === "401") expect(effects).toEqual([{ type: "unauthorized" }]);
          else if (failure.label === "sign-in required") {
            expect(step.snapshot.matches("signingIn")).toBe(true);
            expect(effects).toEqual([]);
          } else if (step.snapshot.value === "failed")
            expect(effects).toEqual([{ type: "load.failed", failure: failureOf(failure.error) }]);
        }
        if (step.snapshot.value === "shown")
          expect(step.snapshot.context.configuration).toEqual(shown);
      }
    } finally {
      run.actor.stop();
    }
  });
});

describe("a payment method's change, model-based", () => {
  const path = preferencePath("klarna");
  const model: MachineModel<typeof paymentMethodChangeMachine> = {
    machine: paymentMethodChangeMachine,
    input: { values: {} },
    events: {
      open: [
        { type: "open", values: { [path]: "on" } },
        { type: "open", values: { [path]: "maybe" } },
      ],
      submit: [{ type: "submit", idempotencyKey: "ik_1" }],
      [`${DONE}${SUBMIT_ACTOR}`]: [{ type: `${DONE}${SUBMIT_ACTOR}`, output: SAVED }],
      [`${ERROR}${SUBMIT_ACTOR}`]: [{ type: `${ERROR}${SUBMIT_ACTOR}`, error: http(400) }],
    } as MachineModel<typeof paymentMethodChangeMachine>["events"],
    distinguish: (s) => ({ value: s.value, values: s.context.values }),
  };
  const paths = coveringPaths(model, {
    maxDepth: 5,
    dedupe: true,
    filterEvents: (_s, e) =>
      e.type !== "field.blur" && e.type !== "reset" && e.type !== "field.change",
  });

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, p) => {
    const calls = new FakeCalls();
    const machine = paymentMethodChangeMachine.provide({
      actors: { [SUBMIT_ACTOR]: calls.logic(SUBMIT_ACTOR, () => SAVED) },
    } as never) as typeof paymentMethodChangeMachine;
    const run = await replayWithCalls(machine, { values: {} }, p, calls);
    try {
      let before = "closed";
      for (const step of run.steps) {
        for (const call of step.started) {
          // Sent only from the confirmation, and only a body the protocol accepts.
          expect(before).toBe("reviewing");
          const { body } = call.input as SubmitInput<unknown>;
          expect(paymentMethodConfigurationUpdateParamsSchema.safeParse(body).success).toBe(true);
          expect(body).toEqual({ klarna: { display_preference: { preference: "on" } } });
        }
        before = String(step.snapshot.value);
      }
    } finally {
      run.actor.stop();
    }
  });
});
