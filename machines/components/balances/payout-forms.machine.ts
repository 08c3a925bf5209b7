import { payoutCreateParamsSchema } from "../../../protocol/objects/payout.schema.ts";
import {
  type PayoutInterval,
  payoutScheduleParamsSchema,
} from "../../../protocol/objects/payout-schedule.schema.ts";
import { topupCreateParamsSchema } from "../../../protocol/objects/topup.schema.ts";
import { createFormMachine } from "../form/form.machine.ts";
import { type FormValues, valuesToBody } from "../form/form.ts";

/**
 * A person's payout from the balance (`standard_payouts`, or `instant_payouts` with its fee):
 * the kit's reviewed form over the protocol's `POST /v1/payouts` parameters (amount, currency,
 * method), sent by the frame's mutation with one Idempotency-Key per intent only from its
 * money confirmation, so a retry after a lost answer pays out once. More than is available
 * is refused by the provider (`balance_insufficient` on the amount) and nothing moves.
 */
export const payoutFormMachine = createFormMachine({
  id: "payoutForm",
  schema: payoutCreateParamsSchema,
  review: true,
});

/**
 * Adding funds to the balance (`enable_topups`, where the provider owns the account's loss
 * liability): the same reviewed money action over the protocol's `POST /v1/topups`
 * parameters (amount, currency), sent only from its confirmation with one Idempotency-Key per
 * intent, so a retry after a lost answer adds the money once. The provider's refusals
 * (`topups_not_allowed`, `no_external_account` on the currency) show on the form and nothing
 * moves.
 */
export const topupFormMachine = createFormMachine({
  id: "topupForm",
  schema: topupCreateParamsSchema,
  review: true,
});

/**
 * The body of a schedule: only the anchor its interval reads (a weekly schedule's day of the
 * week, a monthly one's day of the month).
 */
export function scheduleBody(values: FormValues): Record<string, unknown> {
  const body = valuesToBody(values);
  const interval = body.interval as PayoutInterval | undefined;
  if (interval !== "weekly") delete body.weekly_anchor;
  if (interval !== "monthly") delete body.monthly_anchor;
  return body;
}

/**
 * Editing the payout schedule (`edit_payout_schedule`): interval (daily, weekly on a day,
 * monthly on a day, manual) and delay days, over the protocol's `POST /v1/payout_schedule`
 * parameters. A day that does not exist (a 32nd) is refused before anything is sent, and by
 * the provider with the same `param`. Reviewed like a money action: it changes when the
 * account's money leaves, so the person confirms what the new schedule does.
 */
export const scheduleFormMachine = createFormMachine({
  id: "scheduleForm",
  schema: payoutScheduleParamsSchema,
  toBody: scheduleBody,
  review: true,
});
