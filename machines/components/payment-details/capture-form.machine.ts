import {
  chargeCancelParamsSchema,
  chargeCaptureParamsSchema,
} from "../../../protocol/objects/charge.schema.ts";
import { createFormMachine } from "../form/form.machine.ts";

/**
 * Capturing an uncaptured payment (`capture_payments`): the kit's reviewed form over the
 * protocol's `POST /v1/charges/:id/capture` parameters (no amount: all of it), sent by the
 * frame's mutation with one Idempotency-Key per intent, only from its money confirmation.
 * A payment captured or canceled meanwhile is refused by the provider, naming its state.
 */
export const captureFormMachine = createFormMachine({
  id: "captureForm",
  schema: chargeCaptureParamsSchema,
  review: true,
});

/** Canceling (releasing) an uncaptured payment, the same way (`POST …/cancel`). */
export const cancelFormMachine = createFormMachine({
  id: "cancelForm",
  schema: chargeCancelParamsSchema,
  review: true,
});
