import { useIntl } from "react-intl";
import type { RefundReason } from "../../../protocol/objects/refund.schema.ts";
import { kitMessages } from "../../i18n/messages.ts";
import {
  Banner,
  Button,
  ConfirmDialog,
  FormErrorBanner,
  FormMoneyField,
  FormSelectField,
  type FormView,
} from "../../kit/index.ts";
import { paymentsMessages as m } from "./payments.messages.ts";

export interface RefundPanelProps {
  /** The form is shown (after "Refund payment"). */
  open: boolean;
  /** The money confirmation is shown (the form machine's `reviewing`, or sending). */
  confirming: boolean;
  form: FormView;
  currency: string;
  /** What remains to refund, in minor units. */
  remaining: number;
  /** The amount the confirmation names (the form's, once valid). */
  amount: number;
  onOpen(): void;
  onCancel(): void;
  onReview(): void;
  onConfirm(): void;
  onConfirmOpenChange(open: boolean): void;
}

const reasonMessages = {
  "": m.reasonNone,
  duplicate: m.reasonDuplicate,
  fraudulent: m.reasonFraudulent,
  requested_by_customer: m.reasonRequestedByCustomer,
} as const satisfies Record<RefundReason | "", unknown>;

/** A payment's refund: a button, then the amount and reason, then the money confirmation. */
export function RefundPanel(props: RefundPanelProps) {
  const intl = useIntl();
  const { form, currency } = props;
  // The provider's refusals in the person's words (the amount's lands on its field).
  const apiMessages = {
    amount_too_large: intl.formatMessage(m.refundTooLarge),
    charge_disputed: intl.formatMessage(m.refundDisputed),
    charge_already_refunded: intl.formatMessage(m.refundAlreadyRefunded),
  };
  const chargeError = form.errors.charge;
  if (!props.open)
    return (
      <div className="payments-refund">
        <Button variant="secondary" onClick={props.onOpen}>
          {intl.formatMessage(m.refundPayment)}
        </Button>
      </div>
    );
  return (
    <section className="payments-refund" aria-label={intl.formatMessage(m.refundTitle)}>
      <FormErrorBanner form={form} apiMessages={apiMessages} />
      {chargeError ? (
        // A refusal about the payment itself (its `charge` param has no field of its own).
        <Banner
          status="danger"
          title={
            apiMessages[chargeError.code as keyof typeof apiMessages] ??
            intl.formatMessage(kitMessages.somethingWentWrong)
          }
        />
      ) : null}
      <FormMoneyField
        form={form}
        path="amount"
        label={intl.formatMessage(m.refundAmount)}
        currency={currency}
        max={props.remaining}
        required
        apiMessages={apiMessages}
      />
      <FormSelectField
        form={form}
        path="reason"
        label={intl.formatMessage(m.refundReason)}
        options={(Object.keys(reasonMessages) as (RefundReason | "")[]).map((value) => ({
          value,
          label: intl.formatMessage(reasonMessages[value]),
        }))}
      />
      <div className="payments-refund__actions">
        <Button variant="primary" onClick={props.onReview}>
          {intl.formatMessage(m.refundSubmit)}
        </Button>
        <Button variant="secondary" onClick={props.onCancel}>
          {intl.formatMessage(m.refundCancel)}
        </Button>
      </div>
      <ConfirmDialog
        open={props.confirming}
        onOpenChange={props.onConfirmOpenChange}
        title={intl.formatMessage(m.refundConfirmTitle)}
        amount={{ value: props.amount, currency }}
        consequences={intl.formatMessage(m.refundConsequences)}
        confirmLabel={intl.formatMessage(m.refundSubmit)}
        onConfirm={props.onConfirm}
        busy={form.busy}
        tone="danger"
      />
    </section>
  );
}
