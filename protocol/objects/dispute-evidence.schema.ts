/**
 * A dispute's evidence, in the well-known API's vocabulary (READING.md): text fields, and
 * file fields holding the id of a file uploaded to the files host with purpose
 * `dispute_evidence`. Every field is present in the object, null when not given. Which fields
 * matter depends on the dispute's reason (`evidenceFieldsByReason`), so the evidence form
 * shows those first; any field may be given for any reason.
 *
 * In the sandbox, text containing `winning_evidence` wins the dispute when its review ends,
 * and `losing_evidence` loses it (server/README.md, "Sandbox magic values").
 */
import { z } from "zod/mini";

export const disputeEvidenceTextFields = [
  "access_activity_log",
  "billing_address",
  "cancellation_policy_disclosure",
  "cancellation_rebuttal",
  "customer_email_address",
  "customer_name",
  "customer_purchase_ip",
  "duplicate_charge_explanation",
  "duplicate_charge_id",
  "product_description",
  "refund_policy_disclosure",
  "refund_refusal_explanation",
  "service_date",
  "shipping_address",
  "shipping_carrier",
  "shipping_date",
  "shipping_tracking_number",
  "uncategorized_text",
] as const;

export const disputeEvidenceFileFields = [
  "cancellation_policy",
  "customer_communication",
  "customer_signature",
  "duplicate_charge_documentation",
  "receipt",
  "refund_policy",
  "service_documentation",
  "shipping_documentation",
  "uncategorized_file",
] as const;

export type DisputeEvidenceTextField = (typeof disputeEvidenceTextFields)[number];
export type DisputeEvidenceFileField = (typeof disputeEvidenceFileFields)[number];
export type DisputeEvidenceField = DisputeEvidenceTextField | DisputeEvidenceFileField;

/** The longest text a field takes (characters). */
export const disputeEvidenceTextMax = 20_000;
/** A file id of the files host. */
export const fileIdPattern = /^file_[A-Za-z0-9]+$/;

/** The evidence object: every field, null where nothing was given. */
export const disputeEvidenceSchema = z.strictObject({
  ...(Object.fromEntries(
    disputeEvidenceTextFields.map((f) => [
      f,
      z.nullable(z.string().check(z.maxLength(disputeEvidenceTextMax))),
    ]),
  ) as Record<DisputeEvidenceTextField, z.ZodMiniNullable<z.ZodMiniString>>),
  ...(Object.fromEntries(
    disputeEvidenceFileFields.map((f) => [f, z.nullable(z.string().check(z.regex(fileIdPattern)))]),
  ) as Record<DisputeEvidenceFileField, z.ZodMiniNullable<z.ZodMiniString>>),
});

export type DisputeEvidence = z.output<typeof disputeEvidenceSchema>;

const always = ["uncategorized_text", "uncategorized_file"] as const;
const customer = ["customer_name", "customer_email_address", "billing_address"] as const;
const shipping = [
  "shipping_address",
  "shipping_carrier",
  "shipping_tracking_number",
  "shipping_date",
  "shipping_documentation",
] as const;
const refundPolicy = [
  "refund_policy",
  "refund_policy_disclosure",
  "refund_refusal_explanation",
] as const;

/** The fields that answer each dispute reason, most telling first. */
export const evidenceFieldsByReason: Readonly<Record<string, readonly DisputeEvidenceField[]>> = {
  fraudulent: [
    ...customer,
    "customer_purchase_ip",
    "access_activity_log",
    "product_description",
    "receipt",
    "customer_signature",
    "customer_communication",
    ...shipping,
    ...always,
  ],
  duplicate: [
    "duplicate_charge_id",
    "duplicate_charge_explanation",
    "duplicate_charge_documentation",
    "receipt",
    "customer_communication",
    ...always,
  ],
  product_not_received: [
    "product_description",
    ...shipping,
    "service_date",
    "service_documentation",
    "receipt",
    "customer_communication",
    ...always,
  ],
  product_unacceptable: [
    "product_description",
    ...refundPolicy,
    "receipt",
    "customer_communication",
    "shipping_documentation",
    ...always,
  ],
  subscription_canceled: [
    "cancellation_policy",
    "cancellation_policy_disclosure",
    "cancellation_rebuttal",
    "receipt",
    "customer_communication",
    ...always,
  ],
  credit_not_processed: [...refundPolicy, "receipt", "customer_communication", ...always],
  general: [...customer, "product_description", "receipt", "customer_communication", ...always],
};

/** The fields for `reason` (the general set for a reason without its own). */
export const evidenceFieldsFor = (reason: string): readonly DisputeEvidenceField[] =>
  evidenceFieldsByReason[reason] ?? evidenceFieldsByReason.general!;

export const isEvidenceFileField = (field: string): field is DisputeEvidenceFileField =>
  (disputeEvidenceFileFields as readonly string[]).includes(field);

/**
 * The evidence a response form sends (`POST /v1/disputes/:id`, `evidence[<field>]`): any
 * field, text up to its limit, a file field the id of an uploaded file; an empty string
 * clears what was saved before.
 */
export const disputeEvidenceParamsSchema = z.strictObject({
  ...(Object.fromEntries(
    disputeEvidenceTextFields.map((f) => [
      f,
      z.optional(z.string().check(z.maxLength(disputeEvidenceTextMax))),
    ]),
  ) as Record<DisputeEvidenceTextField, z.ZodMiniOptional<z.ZodMiniString>>),
  ...(Object.fromEntries(
    disputeEvidenceFileFields.map((f) => [
      f,
      z.optional(z.union([z.string().check(z.regex(fileIdPattern)), z.literal("")])),
    ]),
  ) as Record<
    DisputeEvidenceFileField,
    z.ZodMiniOptional<z.ZodMiniUnion<[z.ZodMiniString, z.ZodMiniLiteral<"">]>>
  >),
});
export type DisputeEvidenceParams = z.output<typeof disputeEvidenceParamsSchema>;
