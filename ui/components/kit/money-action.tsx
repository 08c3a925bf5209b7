/**
 * A money action of an amount in one currency (a payout, a top-up): a button, then the
 * amount, then the money confirmation with what it does. The kit's reviewed form machine
 * (closed, open, reviewing, submitting) over the protocol's request parameters, with the
 * frame's mutation in its submit slot (one Idempotency-Key per intent, minted when the person
 * confirms). A refusal about a field the person does not edit (the currency, the method)
 * shows as the form's banner; a refusal of the amount on its field. Key it by what it starts
 * from, so new figures start a fresh form.
 */
import { useEffect, useMemo, useRef } from "react";
import { useIntl } from "react-intl";
import type { AnyStateMachine } from "xstate";
import type { $ZodType } from "zod/v4/core";
import type { reviewedFormMachine } from "../../../machines/components/form/form.machine.ts";
import type { FieldValue } from "../../../machines/components/form/form.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { newIdempotencyKey, useMutation } from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { kitMessages } from "../../i18n/messages.ts";
import {
  Banner,
  Button,
  ConfirmDialog,
  FormErrorBanner,
  FormMoneyField,
  formViewOf,
} from "../../kit/index.ts";

/** What every reviewed form machine is, whatever its body's type. */
type ReviewedFormMachine = typeof reviewedFormMachine;

export interface MoneyActionProps {
  /** A `createFormMachine({ …, review: true })` over an amount and a currency. */
  machine: AnyStateMachine;
  /** The mutation: where it posts and the schema of its answer (an object with an id). */
  url: string;
  schema: $ZodType;
  /** What the form starts with: the amount, its currency and any fixed parameters. */
  values: { amount: number; currency: string } & Record<string, FieldValue>;
  idPrefix: string;
  /** The button, the form's name and the confirm button. */
  label: string;
  primary: boolean;
  amountLabel: string;
  confirmTitle: string;
  /** What confirming does, for the amount being confirmed. */
  consequences(amount: number): string;
  /** The provider's refusals the person can act on, by code. */
  apiMessages: Record<string, string>;
  view: ComponentViewProps;
  onDone(id: string): void;
  /** Shown open from the start (a task on its own screen: docs/mobile.md). */
  startOpen?: boolean;
  /** The person pressed Cancel. */
  onCancel?(): void;
}

export function MoneyAction(props: MoneyActionProps) {
  const intl = useIntl();
  const { values, onDone, apiMessages, label } = props;
  const { currency } = values;
  const submit = useMutation({ url: props.url, schema: props.schema });
  const effects = useMemo(
    () => ({ "form.saved": (e: { result: { id: string } }) => onDone(e.result.id) }),
    [onDone],
  );
  const { snapshot, send } = useComponentMachine(props.machine as ReviewedFormMachine, {
    input: { values },
    view: props.view,
    actors: useMemo(() => ({ submit }), [submit]),
    effects,
  });
  useStartOpen(props.startOpen === true, send);
  const form = formViewOf(snapshot, send, props.idPrefix);
  const raw = snapshot.context.values.amount;
  const amount = typeof raw === "number" ? raw : 0;
  if (snapshot.matches("closed") || snapshot.matches("saved"))
    return (
      <Button
        variant={props.primary ? "primary" : "secondary"}
        onClick={() => send({ type: "open" })}
      >
        {label}
      </Button>
    );
  // The first refused field the person does not edit (every one but the amount).
  const fixed = Object.keys(values).find(
    (path) => path !== "amount" && form.errors[path] !== undefined && form.touched[path],
  );
  const refusal = fixed === undefined ? undefined : form.errors[fixed];
  return (
    <section className="kit-form" aria-label={label}>
      <FormErrorBanner form={form} apiMessages={apiMessages} />
      {refusal ? (
        <Banner
          status="danger"
          title={
            (refusal.source === "api" ? apiMessages[refusal.code] : undefined) ??
            intl.formatMessage(kitMessages.somethingWentWrong)
          }
        />
      ) : null}
      <FormMoneyField
        form={form}
        path="amount"
        label={props.amountLabel}
        currency={currency}
        required
        apiMessages={apiMessages}
      />
      <div className="kit-form__actions">
        <Button
          variant="secondary"
          onClick={() => {
            send({ type: "close" });
            props.onCancel?.();
          }}
        >
          {intl.formatMessage(kitMessages.cancel)}
        </Button>
        <Button variant="primary" onClick={() => send({ type: "review" })}>
          {label}
        </Button>
      </div>
      <ConfirmDialog
        open={snapshot.matches("reviewing") || snapshot.matches("submitting")}
        onOpenChange={(next) => {
          if (!next && snapshot.matches("reviewing")) send({ type: "review.cancel" });
        }}
        title={props.confirmTitle}
        amount={{ value: amount, currency }}
        consequences={props.consequences(amount)}
        confirmLabel={label}
        onConfirm={() => send({ type: "submit", idempotencyKey: newIdempotencyKey() })}
        busy={form.busy}
        tone="primary"
      />
    </section>
  );
}

/**
 * Opens a reviewed form once, when it mounts, if `startOpen` (a task on its own screen): the
 * person lands on the fields, not on the button that shows them.
 */
export function useStartOpen(startOpen: boolean, send: (event: { type: "open" }) => void) {
  const opened = useRef(false);
  useEffect(() => {
    if (!startOpen || opened.current) return;
    opened.current = true;
    send({ type: "open" });
  }, [startOpen, send]);
}
