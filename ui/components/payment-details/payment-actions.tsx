/**
 * The money actions of an uncaptured payment (`capture_payments`): capture it, or cancel
 * (release) it. Each is the kit's reviewed form machine (`captureFormMachine`,
 * `cancelFormMachine`) with the frame's mutation (`POST /v1/charges/:id/capture` or
 * `…/cancel`, one Idempotency-Key per intent) in its submit slot, confirmed in the money
 * dialog; a refusal (captured or canceled meanwhile) shows in the person's words.
 */
import { useMemo } from "react";
import { useIntl } from "react-intl";
import {
  cancelFormMachine,
  captureFormMachine,
} from "../../../machines/components/payment-details/capture-form.machine.ts";
import { type Charge, chargeSchema } from "../../../protocol/objects/charge.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { newIdempotencyKey, useMutation } from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { Button, ConfirmDialog, FormErrorBanner, formViewOf } from "../../kit/index.ts";
import { paymentDetailsMessages as m } from "./payment-details.messages.ts";

type Action = "capture" | "cancel";

const words = {
  capture: {
    button: m.capturePayment,
    title: m.captureConfirmTitle,
    consequences: m.captureConsequences,
  },
  cancel: {
    button: m.cancelPayment,
    title: m.cancelConfirmTitle,
    consequences: m.cancelConsequences,
  },
} as const;

function ChargeAction(props: {
  action: Action;
  payment: Charge;
  view: ComponentViewProps;
  onDone(): void;
}) {
  const intl = useIntl();
  const { action, payment, onDone } = props;
  const submit = useMutation({
    url: `/v1/charges/${encodeURIComponent(payment.id)}/${action}`,
    schema: chargeSchema,
  });
  const effects = useMemo(() => ({ "form.saved": () => onDone() }), [onDone]);
  const { snapshot, send } = useComponentMachine(
    action === "capture" ? captureFormMachine : cancelFormMachine,
    {
      input: { values: {} },
      view: props.view,
      actors: useMemo(() => ({ submit }), [submit]),
      effects,
    },
  );
  const form = formViewOf(snapshot, send, `${action}-${payment.id}`);
  const apiMessages = {
    charge_already_captured: intl.formatMessage(m.alreadyCaptured),
    charge_canceled: intl.formatMessage(m.alreadyCanceled),
    charge_failed: intl.formatMessage(m.paymentFailed),
  };
  const w = words[action];
  return (
    <>
      <Button
        variant={action === "capture" ? "primary" : "secondary"}
        onClick={() => {
          if (snapshot.matches("closed") || snapshot.matches("saved")) send({ type: "open" });
          send({ type: "review" });
        }}
      >
        {intl.formatMessage(w.button)}
      </Button>
      <FormErrorBanner form={form} apiMessages={apiMessages} />
      <ConfirmDialog
        open={snapshot.matches("reviewing") || snapshot.matches("submitting")}
        onOpenChange={(next) => {
          if (!next && snapshot.matches("reviewing")) send({ type: "close" });
        }}
        title={intl.formatMessage(w.title)}
        amount={{ value: payment.amount, currency: payment.currency }}
        consequences={intl.formatMessage(w.consequences)}
        confirmLabel={intl.formatMessage(w.button)}
        onConfirm={() => send({ type: "submit", idempotencyKey: newIdempotencyKey() })}
        busy={form.busy}
        tone={action === "capture" ? "primary" : "danger"}
      />
    </>
  );
}

/** Capture and cancel of an uncaptured payment, side by side. */
export function CaptureActions(props: {
  payment: Charge;
  view: ComponentViewProps;
  onDone(): void;
}) {
  return (
    <div className="kit-actions">
      <ChargeAction action="capture" {...props} />
      <ChargeAction action="cancel" {...props} />
    </div>
  );
}
