/**
 * The risk-experience context record (SPEC.md §3): the keys that risk and compliance forms
 * and identity challenges attach to their analytics and requests. The spec gives names only;
 * every field is optional and the types are the ones the names imply. Unknown keys are
 * rejected so a typo does not silently drop context.
 */
import * as z from "zod/mini";

const text = z.string().check(z.maxLength(500));
const pageIndex = z.int().check(z.nonnegative());

export const riskExperienceContextSchema = z.strictObject({
  risk_experience_source: z.optional(text),
  risk_experience_surface: z.optional(text),
  risk_experience_linked_model_token: z.optional(text),
  risk_experience_task_name: z.optional(text),
  /** The action is taken on behalf of another party (READING.md: shown in audit trails). */
  is_obo: z.optional(z.boolean()),
  risk_experience_form_name: z.optional(text),
  risk_experience_form_question_name: z.optional(text),
  risk_experience_form_source: z.optional(text),
  risk_experience_resolution_path: z.optional(text),
  dashboard_form_id: z.optional(text),
  /** The form definition is fetched from the server rather than bundled. */
  fetch_remote: z.optional(z.boolean()),
  requirement_id: z.optional(text),
  resolution_path: z.optional(text),
  task_name: z.optional(text),
  /** When the context was recorded, epoch milliseconds. */
  time: z.optional(z.int().check(z.nonnegative())),
  risk_form_page: z.optional(text),
  is_multi_page_form: z.optional(z.boolean()),
  form_contains_ark_lib_powered_text_input: z.optional(z.boolean()),
  /** A multi-page form moves from `current_page_index` to `new_page_index`. */
  current_page_index: z.optional(pageIndex),
  new_page_index: z.optional(pageIndex),
  start_page_type: z.optional(text),
  end_page_type: z.optional(text),
  challenge_type: z.optional(text),
  sub_challenge_type: z.optional(text),
  challenge_version: z.optional(text),
  identity_verification_source: z.optional(text),
});

export type RiskExperienceContext = z.output<typeof riskExperienceContextSchema>;
