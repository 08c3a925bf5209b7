import { assign, emit, fromPromise, setup } from "xstate";
import {
  type DisputeUpdateParams,
  disputeUpdateParamsSchema,
} from "../../../protocol/objects/dispute.schema.ts";
import {
  type DisputeEvidence,
  type DisputeEvidenceField,
  evidenceFieldsFor,
} from "../../../protocol/objects/dispute-evidence.schema.ts";
import type { CallFailure } from "../../auth/failure.ts";
import { toCallFailure } from "../../auth/failure.ts";
import type { SubmitInput } from "../form/form.machine.ts";
import {
  type FieldErrors,
  type FieldPath,
  type FieldValue,
  type FormLevelError,
  type FormValues,
  mapFailure,
  paramToPath,
  sameValues,
  validateValues,
} from "../form/form.ts";

/**
 * A person's response to one dispute (`dispute_management`): the evidence the dispute's
 * reason asks for (`evidenceFieldsFor`: text, and the ids of files uploaded to the files host),
 * saved as a draft any number of times, then either submitted for review or the dispute
 * accepted — each of the last two final and confirmed first.
 *
 * States: `editing` (the values, as the provider last saved them or as edited), `saving`
 * (a draft goes out), `draftSaved`, `confirmingSubmit` → `submitting` → `submitted` (under
 * review), `confirmingAccept` → `accepting` → `accepted` (closed, lost), `failed` (the
 * provider's errors on their fields by `param`, anything else the response's own error;
 * editing goes on from there). A save or a submit with an invalid value (text over its
 * limit, a file field that is no file id) sends nothing and shows why on the field.
 *
 * One intent, one Idempotency-Key: each action carries a key minted when the person acted;
 * a retry of the same action with the same values after a failure keeps the failed
 * attempt's key (the provider acts once even when the first answer was lost).
 *
 * Effects: the `save` actor posts `evidence[…]` (and `submit`) to `/v1/disputes/:id`, the
 * `close` actor posts `/v1/disputes/:id/close` — the frame's mutations (actors/). It emits
 * `response.saved` with the provider's dispute after each answered call (the list refreshes
 * after a submit or an accept), and `unauthorized` on a 401.
 */

export type ResponseAction = "draft" | "submit" | "accept";

/** The form path of an evidence field: `evidence[shipping_carrier]`. */
export const evidencePath = (field: DisputeEvidenceField): FieldPath => `evidence[${field}]`;

/** The response's fields for a dispute: the reason's evidence fields, as saved so far. */
export function responseValuesOf(dispute: {
  reason: string;
  evidence: DisputeEvidence;
}): FormValues {
  return Object.fromEntries(
    evidenceFieldsFor(dispute.reason).map((f) => [evidencePath(f), dispute.evidence[f] ?? ""]),
  );
}

/** The values as the update's body: every field (an empty one clears what was saved). */
export function responseBody(values: FormValues, submit: boolean): DisputeUpdateParams {
  const evidence: Record<string, string> = {};
  for (const [path, value] of Object.entries(values)) {
    const [head, field] = paramToPath(path);
    if (head === "evidence" && field) evidence[field] = value === null ? "" : String(value);
  }
  return { evidence, ...(submit ? { submit: true } : {}) } as DisputeUpdateParams;
}

const check = (values: FormValues) =>
  validateValues(disputeUpdateParamsSchema, values, (v) => responseBody(v, false));

export interface DisputeResponseInput {
  /** The dispute's id. */
  dispute: string;
  /** `responseValuesOf(dispute)`. */
  values: FormValues;
}

export interface DisputeResponseContext {
  dispute: string;
  values: FormValues;
  touched: Record<FieldPath, true>;
  errors: FieldErrors;
  formError: FormLevelError | null;
  /** The action under way, or the last one tried. */
  action: ResponseAction | null;
  /** The key of the intent under way or last failed, with its action and values. */
  intent: { key: string; action: ResponseAction; values: FormValues } | null;
  /** The provider's dispute after the last answered call. */
  result: unknown;
}

export type DisputeResponseEvent =
  | { type: "field.change"; path: FieldPath; value: FieldValue }
  | { type: "field.blur"; path: FieldPath }
  /** Save the evidence as a draft (`idempotencyKey` minted when the person acted). */
  | { type: "draft.save"; idempotencyKey: string }
  /** Ask to submit: the confirmation opens when the evidence is valid. */
  | { type: "submit.review" }
  /** Ask to accept the dispute: the confirmation opens. */
  | { type: "accept.review" }
  | { type: "confirm"; idempotencyKey: string }
  | { type: "cancel" };

export type DisputeResponseEmitted =
  | { type: "response.saved"; action: ResponseAction; dispute: unknown }
  | { type: "unauthorized" };

type Done = { event: { output: unknown } };
type Failed = { event: { error: unknown } };

// biome-ignore lint/suspicious/noExplicitAny: the slots take the frame's mutations as they are
type AnyOutput = any;

// What the editing states (editing, draftSaved, failed) accept.
const editable = {
  "field.blur": { actions: "blur" },
  "field.change": { target: "editing", actions: "change" },
  "draft.save": [
    {
      guard: "valid",
      target: "saving",
      actions: {
        type: "startIntent",
        params: ({ event }: { event: { idempotencyKey: string } }) => ({
          action: "draft" as const,
          key: event.idempotencyKey,
        }),
      },
    },
    { actions: "showInvalid" },
  ],
  "submit.review": [{ guard: "valid", target: "confirmingSubmit" }, { actions: "showInvalid" }],
  "accept.review": { target: "confirmingAccept" },
} as const;

const answered = [
  { type: "answered", params: ({ event }: Done) => event.output },
  { type: "reportSaved", params: ({ event }: Done) => event.output },
] as const;

const failure = [
  {
    guard: { type: "isUnauthorized", params: ({ event }: Failed) => event.error },
    target: "failed",
    actions: [
      { type: "mapFailure", params: ({ event }: Failed) => event.error },
      "reportUnauthorized",
    ],
  },
  {
    target: "failed",
    actions: { type: "mapFailure", params: ({ event }: Failed) => event.error },
  },
] as const;

export const disputeResponseMachine = setup({
  types: {
    input: {} as DisputeResponseInput,
    context: {} as DisputeResponseContext,
    events: {} as DisputeResponseEvent,
    emitted: {} as DisputeResponseEmitted,
  },
  actors: {
    save: fromPromise<AnyOutput, SubmitInput<DisputeUpdateParams>>(async () => {
      throw new Error("provide the dispute update mutation as the save actor (actors/)");
    }),
    close: fromPromise<AnyOutput, SubmitInput<Record<string, never>>>(async () => {
      throw new Error("provide the dispute close mutation as the close actor (actors/)");
    }),
  },
  guards: {
    valid: ({ context }) => check(context.values).ok,
    isUnauthorized: (_, error: unknown) => {
      const failure: CallFailure = toCallFailure(error);
      return failure.kind === "http" && failure.status === 401;
    },
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type !== "field.change") return {};
      const values = { ...context.values, [event.path]: event.value };
      const { [event.path]: _old, ...errors } = context.errors;
      const now = check(values);
      const fresh = !now.ok && context.touched[event.path] ? now.errors[event.path] : undefined;
      return {
        values,
        errors: fresh ? { ...errors, [event.path]: fresh } : errors,
        formError: null,
      };
    }),
    blur: assign(({ context, event }) => {
      if (event.type !== "field.blur") return {};
      const touched = { ...context.touched, [event.path]: true as const };
      const now = check(context.values);
      const { [event.path]: _old, ...errors } = context.errors;
      const found = now.ok ? undefined : now.errors[event.path];
      return { touched, errors: found ? { ...errors, [event.path]: found } : errors };
    }),
    showInvalid: assign(({ context }) => {
      const now = check(context.values);
      if (now.ok) return {};
      const touched = { ...context.touched };
      for (const path of Object.keys(now.errors)) touched[path] = true;
      return {
        touched,
        errors: now.errors,
        formError:
          now.formIssue === null ? null : { kind: "invalid" as const, message: now.formIssue },
      };
    }),
    startIntent: assign(({ context }, params: { action: ResponseAction; key: string }) => {
      const { intent } = context;
      const retry =
        intent !== null &&
        intent.action === params.action &&
        sameValues(intent.values, context.values);
      return {
        action: params.action,
        intent: {
          key: retry ? intent.key : params.key,
          action: params.action,
          values: context.values,
        },
        errors: {},
        formError: null,
      };
    }),
    answered: assign({
      intent: () => null,
      touched: () => ({}),
      result: (_, output: unknown) => output ?? null,
    }),
    reportSaved: emit(({ context }, output: unknown) => ({
      type: "response.saved" as const,
      action: context.action ?? "draft",
      dispute: output ?? null,
    })),
    mapFailure: assign(({ context }, error: unknown) => {
      const { errors, formError } = mapFailure(error, Object.keys(context.values));
      const touched = { ...context.touched };
      for (const path of Object.keys(errors)) touched[path] = true;
      return { errors, formError, touched };
    }),
    reportUnauthorized: emit({ type: "unauthorized" as const }),
  },
}).createMachine({
  id: "disputeResponse",
  context: ({ input }) => ({
    dispute: input.dispute,
    values: input.values,
    touched: {},
    errors: {},
    formError: null,
    action: null,
    intent: null,
    result: null,
  }),
  initial: "editing",
  states: {
    editing: { on: editable },
    saving: {
      on: { "field.blur": { actions: "blur" } },
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => ({
          body: responseBody(context.values, false),
          idempotencyKey: context.intent?.key ?? "",
        }),
        onDone: { target: "draftSaved", actions: answered },
        onError: failure,
      },
    },
    /** The draft is saved; editing goes on. */
    draftSaved: { on: editable },
    confirmingSubmit: {
      on: {
        confirm: {
          target: "submitting",
          actions: {
            type: "startIntent",
            params: ({ event }) => ({ action: "submit", key: event.idempotencyKey }),
          },
        },
        cancel: { target: "editing" },
        "field.blur": { actions: "blur" },
      },
    },
    submitting: {
      on: { "field.blur": { actions: "blur" } },
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => ({
          body: responseBody(context.values, true),
          idempotencyKey: context.intent?.key ?? "",
        }),
        onDone: { target: "submitted", actions: answered },
        onError: failure,
      },
    },
    confirmingAccept: {
      on: {
        confirm: {
          target: "accepting",
          actions: {
            type: "startIntent",
            params: ({ event }) => ({ action: "accept", key: event.idempotencyKey }),
          },
        },
        cancel: { target: "editing" },
        "field.blur": { actions: "blur" },
      },
    },
    accepting: {
      on: { "field.blur": { actions: "blur" } },
      invoke: {
        id: "close",
        src: "close",
        input: ({ context }) => ({ body: {}, idempotencyKey: context.intent?.key ?? "" }),
        onDone: { target: "accepted", actions: answered },
        onError: failure,
      },
    },
    /** The last action failed: why is on its fields or the response's error; editing goes on. */
    failed: { on: editable },
    /** Under review: nothing more to send. */
    submitted: { type: "final" },
    /** Closed as lost. */
    accepted: { type: "final" },
  },
});
