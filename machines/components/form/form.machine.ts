import { assign, emit, fromPromise, setup } from "xstate";
import { z } from "zod/mini";
import type { $ZodType, output } from "zod/v4/core";
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
  sameValues,
  type Validation,
  validateValues,
  valuesToBody,
} from "./form.ts";

/**
 * A form of a component view (a refund, a capture, a dispute's evidence, every onboarding
 * form): its fields' values, validation with the protocol's zod schema before anything is
 * sent, the submit (an injected mutation) and the provider's errors mapped back to fields.
 *
 * States: `pristine` (the values are the initial ones), `dirty`, `submitting` (the mutation
 * runs), `saved` (it answered), `failed` (it failed: the provider's errors are on their
 * fields by `param`, anything else is the form's error). A submit that fails validation stays
 * where it was, with every invalid field touched and its error shown.
 *
 * One user intent, one Idempotency-Key: `submit` carries a freshly minted key (the person
 * acted); the machine keeps the key of the last failed attempt instead when the values are
 * the same (the person retries that intent, so a retry after a lost answer acts once), and
 * takes the new one when the values changed or the last attempt was saved (a new intent).
 *
 * A money action (a refund, a capture) is reviewed before it is sent (`review: true`): the
 * form starts `closed` (only its button shows); `open` shows the fields; `review` (valid
 * values only) shows the confirmation (`reviewing`), where `submit` sends it and
 * `review.cancel` goes back to the fields; `close` hides the form again and forgets the
 * values. A failure shows on the form; reviewing again and confirming retries the same
 * intent (same values, same key). Without `review`, `submit` sends from the fields.
 *
 * Field paths are the API's bracket form (`amount`, `evidence[customer_name]`,
 * `individual[address][line1]`); values nest by them into the body the schema parses.
 */

/** What `createFormMachine` needs: the protocol schema of the request body. */
export interface FormMachineOptions<Schema extends $ZodType> {
  /** The machine's id (`refundForm`); diagrams and the inspector use it. */
  id: string;
  /** The body the mutation sends, as the protocol defines it; checked before sending. */
  schema: Schema;
  /**
   * Turns the field values into what the schema parses; by default they nest by their
   * bracket paths and empty strings are left out (so optional fields may stay empty).
   */
  toBody?: (values: FormValues) => unknown;
  /**
   * The form is a money action: closed at first, opened by the person, and sent only from
   * its review (the confirmation dialog). See the states above.
   */
  review?: boolean;
}

export interface FormInput {
  /** Every field of the form with its initial value. */
  values: FormValues;
}

/** What the submit actor (the mutation) receives: the parsed body and the intent's key. */
export interface SubmitInput<Body> {
  body: Body;
  idempotencyKey: string;
}

/**
 * The submit invoke every form-like machine shares: the actor `src` (its id too) gets the
 * body `check` made of the values — only valid values reach a submitting state — and the
 * key of the intent under way. Spread it into the state's `invoke` beside its own outcomes.
 */
export function submitCall<const Src extends string, Body>(
  src: Src,
  check: (values: FormValues) => Validation<Body>,
) {
  return {
    id: src,
    src,
    input: ({
      context,
    }: {
      context: { values: FormValues; idempotencyKey: string | null };
    }): SubmitInput<Body> => ({
      body: (check(context.values) as { ok: true; body: Body }).body,
      idempotencyKey: context.idempotencyKey ?? "",
    }),
  };
}

export interface FormContext {
  initial: FormValues;
  values: FormValues;
  /** Fields the person has left (or every field, after a submit): their errors show. */
  touched: Record<FieldPath, true>;
  /** Field errors by path: validation and the provider's errors with a matching `param`. */
  errors: FieldErrors;
  /**
   * What names no field of this form: a failed mutation (network, permission, a param the
   * form lacks) or a validation issue about the whole body.
   */
  formError: FormLevelError | null;
  /** The key of the intent under way or last failed; null after a save or a reset. */
  idempotencyKey: string | null;
  /** The values that key was minted for. */
  keyValues: FormValues | null;
  /** The mutation's answer, once saved. */
  result: unknown;
}

export type FormEvent =
  | { type: "field.change"; path: FieldPath; value: FieldValue }
  | { type: "field.blur"; path: FieldPath }
  /** `idempotencyKey`: a key minted when the person acted (see `newIdempotencyKey`). */
  | { type: "submit"; idempotencyKey: string }
  /** Back to the initial values, or to `values` (which become the initial ones). */
  | { type: "reset"; values?: FormValues }
  /** A reviewed form (`review: true`) only: show the fields (starting from `values`). */
  | { type: "open"; values?: FormValues }
  /** Hide the fields; the values go back to the initial ones. */
  | { type: "close" }
  /** Valid values go to the confirmation; invalid ones show their errors. */
  | { type: "review" }
  /** Back from the confirmation to the fields, values kept. */
  | { type: "review.cancel" };

export type FormEmitted = { type: "form.saved"; result: unknown };

/** The name of the submit actor slot: provide the mutation under it. */
export const SUBMIT_ACTOR = "submit";

/** A form showing `values` as its initial ones, nothing touched, sent or failed. */
const startingWith = (values: FormValues): FormContext => ({
  initial: values,
  values,
  touched: {},
  errors: {},
  formError: null,
  idempotencyKey: null,
  keyValues: null,
  result: null,
});

type Done = { event: { output: unknown } };
type Failed = { event: { error: unknown } };

export function createFormMachine<Schema extends $ZodType>(options: FormMachineOptions<Schema>) {
  type Body = output<Schema>;
  const toBody = options.toBody ?? valuesToBody;
  const check = (values: FormValues) => validateValues(options.schema, values, toBody);

  // What every state but `submitting` accepts: an edit (back to the initial values is
  // pristine again) and a reset. A submit is accepted in pristine, dirty and failed, not in
  // saved: a second click after the answer must not send a second refund; an edit first
  // makes it a new intent.
  const edit = {
    "field.change": [
      { guard: "backToInitial", target: "pristine", actions: "change" },
      { target: "dirty", actions: "change" },
    ],
    reset: { target: "pristine", actions: "reset" },
  } as const;
  const submit = {
    submit: [
      { guard: "valid", target: "submitting", actions: "startIntent" },
      { actions: "showInvalid" },
    ],
  } as const;

  // A reviewed form: `review` leads to the confirmation, where `submit` sends; `close` hides.
  const reviewed = options.review === true;
  const close = { close: { target: "closed", actions: "reset" } } as const;
  const toReview = {
    review: [{ guard: "valid", target: "reviewing" }, { actions: "showInvalid" }],
  } as const;
  const fill = reviewed ? { ...close, ...toReview } : submit;
  const reviewStates = {
    closed: { on: { open: { target: "pristine", actions: "reset" } } },
    reviewing: {
      on: {
        ...submit,
        ...close,
        "review.cancel": [{ guard: "unchanged", target: "pristine" }, { target: "dirty" }],
      },
    },
  } as const;

  return setup({
    types: {
      input: {} as FormInput,
      context: {} as FormContext,
      events: {} as FormEvent,
      emitted: {} as FormEmitted,
    },
    actors: {
      // Any answer type: the mutation validates its answer with its own protocol schema,
      // and a promise logic's output type must match the slot's exactly to be provided.
      // biome-ignore lint/suspicious/noExplicitAny: the slot takes every mutation's answer
      submit: fromPromise<any, SubmitInput<Body>>(async () => {
        throw new Error(`provide the form's mutation as the "${SUBMIT_ACTOR}" actor`);
      }),
    },
    guards: {
      valid: ({ context }) => check(context.values).ok,
      unchanged: ({ context }) => sameValues(context.values, context.initial),
      backToInitial: ({ context, event }) =>
        event.type === "field.change" &&
        sameValues({ ...context.values, [event.path]: event.value }, context.initial),
    },
    actions: {
      change: assign(({ context, event }) =>
        event.type === "field.change" ? fieldChanged(context, check, event.path, event.value) : {},
      ),
      blur: assign(({ context, event }) =>
        event.type === "field.blur" ? fieldLeft(context, check, event.path) : {},
      ),
      showInvalid: assign(({ context }) => invalidShown(context, check)),
      startIntent: assign(({ context, event }) => {
        if (event.type !== "submit") return {};
        const retry =
          context.idempotencyKey !== null &&
          context.keyValues !== null &&
          sameValues(context.keyValues, context.values);
        return {
          idempotencyKey: retry ? context.idempotencyKey : event.idempotencyKey,
          keyValues: context.values,
          errors: {},
          formError: null,
        };
      }),
      saved: assign(({ context }) => ({
        // What was saved is the new starting point: dirty again means a new intent.
        initial: context.values,
        idempotencyKey: null,
        keyValues: null,
        touched: {},
      })),
      keepResult: assign({ result: (_, result: unknown) => result ?? null }),
      reportSaved: emit((_, result: unknown) => ({
        type: "form.saved" as const,
        result: result ?? null,
      })),
      mapFailure: assign(({ context }, error: unknown) => failureShown(context, error)),
      reset: assign(({ context, event }) => {
        const initial =
          (event.type === "reset" || event.type === "open") && event.values
            ? event.values
            : context.initial;
        return startingWith(initial);
      }),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => startingWith(input.values),
    initial: reviewed ? "closed" : "pristine",
    on: {
      "field.blur": { actions: "blur" },
    },
    states: {
      // (Typed as present either way, so every form's snapshot has one state-value type.)
      ...(reviewed ? reviewStates : ({} as typeof reviewStates)),
      pristine: { on: { ...edit, ...fill } },
      dirty: { on: { ...edit, ...fill } },
      submitting: {
        invoke: {
          ...submitCall(SUBMIT_ACTOR, check),
          onDone: {
            target: "saved",
            actions: [
              "saved",
              { type: "keepResult", params: ({ event }: Done) => event.output },
              { type: "reportSaved", params: ({ event }: Done) => event.output },
            ],
          },
          onError: {
            target: "failed",
            actions: { type: "mapFailure", params: ({ event }: Failed) => event.error },
          },
        },
      },
      saved: { on: reviewed ? { ...edit, ...close, open: reviewStates.closed.on.open } : edit },
      failed: { on: { ...edit, ...fill } },
    },
  });
}

export type FormMachine<Schema extends $ZodType = $ZodType> = ReturnType<
  typeof createFormMachine<Schema>
>;
export type FormStateValue =
  | "closed"
  | "pristine"
  | "dirty"
  | "reviewing"
  | "submitting"
  | "saved"
  | "failed";

/**
 * A form that leaves every check to the provider (any values are sent); the diagram in
 * `docs/machines/` is drawn from it, and every form made by `createFormMachine` has its shape.
 */
export const unvalidatedFormMachine = createFormMachine({
  id: "form",
  schema: z.record(z.string(), z.unknown()),
});

/**
 * A reviewed form (`review: true`: closed, open, reviewing) that leaves every check to the
 * provider; the diagram of a money action's form is drawn from it.
 */
export const reviewedFormMachine = createFormMachine({
  id: "reviewedForm",
  schema: z.record(z.string(), z.unknown()),
  review: true,
});
