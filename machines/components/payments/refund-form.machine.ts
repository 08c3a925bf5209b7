import { refundCreateParamsSchema } from "../../../protocol/objects/refund.schema.ts";
import { createFormMachine } from "../form/form.machine.ts";

/**
 * A person's refund of one payment (`refund_management`): the kit's form over the protocol's
 * `POST /v1/refunds` parameters — the amount (at most what remains; the provider refuses more,
 * and its error lands on the amount field) and a reason — sent by the frame's mutation with
 * one Idempotency-Key per intent, so a retry after a lost answer refunds once. A money
 * action: closed until the person opens it, sent only from its review (`review: true`).
 */
export const refundFormMachine = createFormMachine({
  id: "refundForm",
  schema: refundCreateParamsSchema,
  review: true,
});
