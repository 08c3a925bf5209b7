import { assign, emit, enqueueActions, fromPromise, setup } from "xstate";
import { listOf } from "../../../protocol/objects/api-fields.schema.ts";
import {
  type PaymentMethodConfiguration,
  paymentMethodConfigurationSchema,
  paymentMethodConfigurationUpdateParamsSchema,
} from "../../../protocol/objects/payment-method-configuration.schema.ts";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";
import type { SignInOutcome } from "../../auth/sign-in.ts";
import { createFormMachine } from "../form/form.machine.ts";
import type { GetObjectsInput } from "../resource-list.types.ts";
import { signInGate, signInOutcomeIs } from "../sign-in-gate.ts";

/**
 * The payment-method-settings component (issue 12 item 6): the payment methods of one
 * configuration — the `payment-method-configuration` attribute's, or the account's default —
 * each on or off. It requires an authenticated session: without a signed-in provider user it
 * opens on the kit's sign-in gate (`signingIn`), and a provider refusal for want of one
 * (`user_authentication_required`) goes back there.
 *
 * States: `start` (signed in already: `loading`, else `signingIn`), `signingIn` (prompt, waiting, blocked), `loading` (the configuration through the
 * kit's `getObjects`), `shown` (`configuration.saved` shows the provider's answer to a change;
 * `refresh` reloads, the settings kept on screen: `refreshing`), `failed` (`retry`; emits
 * `load.failed`), `unauthorized` (a 401; emits `unauthorized`). A change is the kit's
 * reviewed form (`paymentMethodChangeMachine`: the confirmation before it is sent).
 */

export interface PaymentMethodSettingsInput {
  /** The configuration's id (the attribute), or null for the account's default. */
  configuration: string | null;
  /** A provider user is signed in already (the data layer's auth state). */
  signedIn: boolean;
}

export interface PaymentMethodSettingsContext {
  configurationId: string | null;
  /** A provider user was signed in when the component started (then no gate). */
  signedIn: boolean;
  configuration: PaymentMethodConfiguration | null;
  failure: CallFailure | null;
}

export type PaymentMethodSettingsEvent =
  | { type: "signIn.start" }
  | { type: "retry" }
  | { type: "refresh" }
  | { type: "configuration.saved"; configuration: PaymentMethodConfiguration };

export type PaymentMethodSettingsEmitted =
  | { type: "unauthorized" }
  | { type: "load.failed"; failure: CallFailure };

export const paymentMethodConfigurationsPath = "/v1/payment_method_configurations";

/** The one call: the configuration by id, or the default (the list of the default only). */
export const configurationRequest = (id: string | null): GetObjectsInput =>
  id === null
    ? {
        configuration: {
          url: `${paymentMethodConfigurationsPath}?is_default=true&limit=1`,
          schema: listOf(paymentMethodConfigurationSchema),
        },
      }
    : {
        configuration: {
          url: `${paymentMethodConfigurationsPath}/${encodeURIComponent(id)}`,
          schema: paymentMethodConfigurationSchema,
        },
      };

/** Where a change is sent. */
export const configurationUpdateUrl = (configuration: Pick<PaymentMethodConfiguration, "id">) =>
  `${paymentMethodConfigurationsPath}/${encodeURIComponent(configuration.id)}`;

type Loaded = Record<string, unknown>;
const configurationOf = (output: Loaded): PaymentMethodConfiguration | null => {
  const answer = output.configuration as
    | PaymentMethodConfiguration
    | { object: "list"; data: PaymentMethodConfiguration[] };
  return answer.object === "list" ? (answer.data[0] ?? null) : answer;
};

const failureOf = (event: unknown) => toCallFailure((event as { error?: unknown }).error);
const isHttp = (event: unknown, status: number, code?: string) => {
  const failure = failureOf(event);
  return (
    failure.kind === "http" &&
    failure.status === status &&
    (code === undefined || failure.error.code === code)
  );
};

const load = (onFailure: "failed" | "shown") =>
  ({
    id: "getObjects",
    src: "getObjects",
    input: ({ context }: { context: PaymentMethodSettingsContext }) =>
      configurationRequest(context.configurationId),
    onDone: { target: "shown", actions: "keep" },
    onError: [
      { guard: "unauthorized", target: "unauthorized", actions: "emitUnauthorized" },
      { guard: "needsSignIn", target: "signingIn" },
      { target: onFailure, actions: "fail" },
    ],
  }) as const;

export const paymentMethodSettingsMachine = setup({
  types: {
    input: {} as PaymentMethodSettingsInput,
    context: {} as PaymentMethodSettingsContext,
    events: {} as PaymentMethodSettingsEvent,
    emitted: {} as PaymentMethodSettingsEmitted,
  },
  actors: {
    signIn: fromPromise<SignInOutcome>(async () => {
      throw new Error("provide the frame's popup sign-in as signIn (FrameServices.signIn)");
    }),
    getObjects: fromPromise<Loaded, GetObjectsInput>(async () => {
      throw new Error("provide the kit's getObjects");
    }),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    signInOutcomeIs,
    unauthorized: ({ event }) => isHttp(event, 401),
    needsSignIn: ({ event }) => isHttp(event, 403, "user_authentication_required"),
  },
  actions: {
    keep: assign(({ event }) => ({
      configuration: configurationOf((event as unknown as { output: Loaded }).output),
      failure: null,
    })),
    saved: assign(({ event }) =>
      event.type === "configuration.saved" ? { configuration: event.configuration } : {},
    ),
    // The failure kept for the view (its request id) and told to the platform, in one step.
    fail: enqueueActions(({ enqueue, event }) => {
      const failure = failureOf(event);
      enqueue.assign({ failure });
      enqueue.emit({ type: "load.failed", failure });
    }),
    emitUnauthorized: emit({ type: "unauthorized" as const }),
  },
}).createMachine({
  id: "paymentMethodSettings",
  context: ({ input }) => ({
    configurationId: input.configuration,
    signedIn: input.signedIn,
    configuration: null,
    failure: null,
  }),
  initial: "start",
  states: {
    start: {
      always: [{ guard: "signedIn", target: "loading" }, { target: "signingIn" }],
    },
    signingIn: signInGate("#paymentMethodSettings.loading"),
    loading: { invoke: load("failed") },
    shown: {
      on: { refresh: "refreshing", "configuration.saved": { actions: "saved" } },
    },
    refreshing: { invoke: load("shown") },
    failed: { on: { retry: "loading" } },
    unauthorized: { type: "final" },
  },
});

/**
 * A change of one or more methods' preferences, confirmed before it is sent (the kit's
 * reviewed form over `POST /v1/payment_method_configurations/:id`): the view opens it with
 * `<method>[display_preference][preference]` set, reviews it at once, and the confirmation
 * sends it with one Idempotency-Key per intent.
 */
export const paymentMethodChangeMachine = createFormMachine({
  id: "paymentMethodChange",
  schema: paymentMethodConfigurationUpdateParamsSchema,
  review: true,
});

/** The form path of a method's preference. */
export const preferencePath = (method: string) => `${method}[display_preference][preference]`;
