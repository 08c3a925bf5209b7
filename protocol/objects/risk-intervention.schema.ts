/**
 * A risk intervention on an account: why, until when, and where it stands — open and
 * waiting for the account holder's answers (`action_required`), answered and being reviewed
 * (`in_review`), or `resolved` (the review settled, or the platform resolved it). Its `kind`
 * says how it is answered: a `questionnaire` with the multi-page risk form (`riskFormPages`,
 * the notification banner), an `identity_verification` — an identity challenge of one of
 * the account's persons (`person`) — with an identity document (`verify_identity`). A
 * document the review could not verify puts the challenge back to `action_required` with
 * its `last_error`.
 */
import * as z from "zod/mini";
import { unixSecondsSchema } from "./api-fields.schema.ts";

export const interventionDisabledReasons = [
  "under_review",
  "rejected.fraud",
  "rejected.other",
] as const;

export const riskInterventionKinds = ["questionnaire", "identity_verification"] as const;
export type RiskInterventionKind = (typeof riskInterventionKinds)[number];

/** Why the last identity document of a challenge was refused (its review settled). */
export const identityChallengeErrorSchema = z.strictObject({
  code: z.literal("verification_document_failed_other"),
  reason: z.string(),
});

export const riskInterventionStatuses = ["action_required", "in_review", "resolved"] as const;
export type RiskInterventionStatus = (typeof riskInterventionStatuses)[number];

export const riskInterventionSchema = z.strictObject({
  id: z.string(),
  object: z.literal("risk_intervention"),
  account: z.string(),
  reason: z.string(),
  disabled_reason: z.nullable(z.enum(interventionDisabledReasons)),
  deadline: z.nullable(unixSecondsSchema),
  created: unixSecondsSchema,
  status: z.enum(riskInterventionStatuses),
  kind: z.enum(riskInterventionKinds),
  /** The person whose identity is challenged (`identity_verification`), else null. */
  person: z.nullable(z.string()),
  /** The last submission's refusal, while the challenge is open again (else null). */
  last_error: z.nullable(identityChallengeErrorSchema),
  submitted_at: z.nullable(unixSecondsSchema),
  resolved_at: z.nullable(unixSecondsSchema),
});
export type RiskIntervention = z.output<typeof riskInterventionSchema>;

/** The risk form's answers: what the business does and how it handles disputes. */
const answerText = z.string().check(z.trim(), z.minLength(20), z.maxLength(2000));
export const riskInterventionAnswersSchema = z.strictObject({
  business_description: answerText,
  customer_support_url: z.url({ protocol: /^https?$/ }),
  dispute_explanation: answerText,
  refund_policy: answerText,
});
export type RiskInterventionAnswers = z.output<typeof riskInterventionAnswersSchema>;
export type RiskAnswerField = keyof RiskInterventionAnswers;

/** The risk form's pages, in order, and the answers each collects. */
export const riskFormPages = [
  { type: "business", fields: ["business_description", "customer_support_url"] },
  { type: "disputes", fields: ["dispute_explanation", "refund_policy"] },
] as const satisfies readonly { type: string; fields: readonly RiskAnswerField[] }[];

/**
 * The risk-experience context a submission carries (SPEC.md §3, the fields a multi-page
 * form sets; `riskExperienceContextSchema` is the whole record).
 */
export const riskSubmissionContextSchema = z.strictObject({
  risk_experience_form_name: z.string(),
  risk_experience_surface: z.string(),
  requirement_id: z.string(),
  is_multi_page_form: z.boolean(),
  is_obo: z.boolean(),
  current_page_index: z.int().check(z.nonnegative()),
  new_page_index: z.int().check(z.nonnegative()),
  start_page_type: z.string(),
  end_page_type: z.string(),
});
export type RiskSubmissionContext = z.output<typeof riskSubmissionContextSchema>;

/** `POST /v1/account/risk_interventions/:id/submit`: the answers and their context. */
export const riskInterventionSubmitParamsSchema = z.strictObject({
  answers: riskInterventionAnswersSchema,
  context: riskSubmissionContextSchema,
});
export type RiskInterventionSubmitParams = z.output<typeof riskInterventionSubmitParamsSchema>;

/** How an identity challenge is met (SPEC.md §3's `challenge_type`, `sub_challenge_type`). */
export const identityChallengeTypes = ["identity_document"] as const;
export const identityChallengeSubTypes = ["front_and_back", "front_only"] as const;
/** Where the challenge was met: the notification banner, or the account holder's dashboard. */
export const identityVerificationSources = ["notification_banner", "dashboard"] as const;
export const IDENTITY_CHALLENGE_VERSION = "2026-11";

/**
 * The risk-experience context an identity challenge's answer carries (SPEC.md §3: the
 * challenge's fields, `is_obo` when someone answers on the person's behalf, the intervention
 * as `requirement_id`).
 */
export const identityChallengeContextSchema = z.strictObject({
  risk_experience_surface: z.string(),
  requirement_id: z.string(),
  is_obo: z.boolean(),
  challenge_type: z.enum(identityChallengeTypes),
  sub_challenge_type: z.enum(identityChallengeSubTypes),
  challenge_version: z.string().check(z.minLength(1), z.maxLength(50)),
  identity_verification_source: z.enum(identityVerificationSources),
});
export type IdentityChallengeContext = z.output<typeof identityChallengeContextSchema>;

const fileId = z.string().check(z.regex(/^file_[A-Za-z0-9_]+$/));

/**
 * `POST /v1/account/risk_interventions/:id/verify_identity`: the person's identity document
 * (files on the files host, the front and an optional back) and the challenge's context.
 */
export const identityChallengeParamsSchema = z.strictObject({
  document: z.strictObject({ front: fileId, back: z.optional(fileId) }),
  context: identityChallengeContextSchema,
});
export type IdentityChallengeParams = z.output<typeof identityChallengeParamsSchema>;
