/**
 * A dispute of a charge: its status (an inquiry is `warning_*`), the evidence given so far
 * (`dispute-evidence.schema.ts`: text and file fields by reason), `evidence_details`
 * (respond by `due_by`; submitted when) and when it closed. `charge` is expandable.
 */
import * as z from "zod/mini";
import { expandable, metadataSchema, unixSecondsSchema } from "./api-fields.schema.ts";
import { chargeSchema } from "./charge.schema.ts";
import { disputeEvidenceParamsSchema, disputeEvidenceSchema } from "./dispute-evidence.schema.ts";

export const disputeStatuses = [
  "warning_needs_response",
  "warning_closed",
  "needs_response",
  "under_review",
  "won",
  "lost",
] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/** Why the cardholder disputed the charge (the card network's reason, in the API's words). */
export const disputeReasons = [
  "bank_cannot_process",
  "credit_not_processed",
  "customer_initiated",
  "debit_not_authorized",
  "duplicate",
  "fraudulent",
  "general",
  "incorrect_account_details",
  "insufficient_funds",
  "product_not_received",
  "product_unacceptable",
  "subscription_canceled",
  "unrecognized",
] as const;
export type DisputeReason = (typeof disputeReasons)[number];

export const disputeEvidenceDetailsSchema = z.strictObject({
  /** Respond before this time; unanswered past it, the dispute is lost (an inquiry closes). */
  due_by: unixSecondsSchema,
  has_evidence: z.boolean(),
  /** The response is late: due_by passed with nothing submitted. */
  past_due: z.boolean(),
  /**
   * Whole days left to respond, on the provider's clock (the sandbox's simulated one): 0 on
   * the last day; null when no response is awaited (submitted, closed, or past due). The
   * frames have no clock of the provider's, so a view marks a near deadline by this.
   */
  days_remaining: z.nullable(z.int().check(z.minimum(0))),
  submission_count: z.int(),
  /** When the evidence was submitted (under review from then). */
  submitted_at: z.nullable(unixSecondsSchema),
});
export type DisputeEvidenceDetails = z.output<typeof disputeEvidenceDetailsSchema>;

export const disputeSchema = z.strictObject({
  id: z.string(),
  object: z.literal("dispute"),
  amount: z.int(),
  balance_transactions: z.array(z.string()),
  charge: expandable(chargeSchema),
  created: unixSecondsSchema,
  currency: z.string(),
  evidence: disputeEvidenceSchema,
  evidence_details: disputeEvidenceDetailsSchema,
  /** When it was decided or accepted (or its due_by, when left unanswered); null while open. */
  closed_at: z.nullable(unixSecondsSchema),
  is_charge_refundable: z.boolean(),
  livemode: z.boolean(),
  metadata: metadataSchema,
  reason: z.enum(disputeReasons),
  status: z.enum(disputeStatuses),
});
export type Dispute = z.output<typeof disputeSchema>;

/**
 * What `POST /v1/disputes/:id` takes from a person's response: the evidence (a draft), and
 * `submit: true` to send it for review (final: no change after it).
 */
export const disputeUpdateParamsSchema = z.strictObject({
  evidence: z.optional(disputeEvidenceParamsSchema),
  submit: z.optional(z.boolean()),
});
export type DisputeUpdateParams = z.output<typeof disputeUpdateParamsSchema>;
