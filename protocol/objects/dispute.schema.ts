/**
 * A dispute of a charge: its status (an inquiry is `warning_*`), the evidence given so far
 * and `evidence_details` (respond by `due_by`; submitted or not). `charge` is expandable.
 */
import * as z from "zod/mini";
import { expandable, metadataSchema, unixSecondsSchema } from "./api-fields.schema.ts";
import { chargeSchema } from "./charge.schema.ts";

export const disputeStatuses = [
  "warning_needs_response",
  "warning_closed",
  "needs_response",
  "under_review",
  "won",
  "lost",
] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/** The evidence fields a dispute accepts (text). */
export const disputeEvidenceFields = [
  "product_description",
  "customer_name",
  "customer_email_address",
  "billing_address",
  "receipt",
  "shipping_tracking_number",
  "refund_policy",
  "cancellation_rebuttal",
  "uncategorized_text",
] as const;
export type DisputeEvidenceField = (typeof disputeEvidenceFields)[number];

/** The evidence given so far: only the fields that were set. */
export const disputeEvidenceSchema = z.partial(
  z.strictObject(
    Object.fromEntries(disputeEvidenceFields.map((field) => [field, z.string()])) as Record<
      DisputeEvidenceField,
      z.ZodMiniString
    >,
  ),
);
export type DisputeEvidence = z.output<typeof disputeEvidenceSchema>;

export const disputeEvidenceDetailsSchema = z.strictObject({
  /** Respond before this time; unanswered past it, the dispute is lost (an inquiry closes). */
  due_by: unixSecondsSchema,
  has_evidence: z.boolean(),
  submission_count: z.int(),
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
  is_charge_refundable: z.boolean(),
  livemode: z.boolean(),
  metadata: metadataSchema,
  reason: z.string(),
  status: z.enum(disputeStatuses),
});
export type Dispute = z.output<typeof disputeSchema>;
