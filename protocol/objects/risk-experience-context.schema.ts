/**
 * The risk-experience context record (SPEC.md §3): the keys that risk and compliance forms
 * and identity challenges attach to their analytics and requests. The spec gives names only;
 * every field is optional and the types are the ones the names imply. Unknown keys are
 * rejected so a typo does not silently drop context.
 */
import { z } from "zod";

const text = z.string().max(500);
const pageIndex = z.number().int().nonnegative();

export const riskExperienceContextSchema = z.strictObject({
  risk_experience_source: text.optional(),
  risk_experience_surface: text.optional(),
  risk_experience_linked_model_token: text.optional(),
  risk_experience_task_name: text.optional(),
  /** The action is taken on behalf of another party (READING.md: shown in audit trails). */
  is_obo: z.boolean().optional(),
  risk_experience_form_name: text.optional(),
  risk_experience_form_question_name: text.optional(),
  risk_experience_form_source: text.optional(),
  risk_experience_resolution_path: text.optional(),
  dashboard_form_id: text.optional(),
  /** The form definition is fetched from the server rather than bundled. */
  fetch_remote: z.boolean().optional(),
  requirement_id: text.optional(),
  resolution_path: text.optional(),
  task_name: text.optional(),
  /** When the context was recorded, epoch milliseconds. */
  time: z.number().int().nonnegative().optional(),
  risk_form_page: text.optional(),
  is_multi_page_form: z.boolean().optional(),
  form_contains_ark_lib_powered_text_input: z.boolean().optional(),
  /** A multi-page form moves from `current_page_index` to `new_page_index`. */
  current_page_index: pageIndex.optional(),
  new_page_index: pageIndex.optional(),
  start_page_type: text.optional(),
  end_page_type: text.optional(),
  challenge_type: text.optional(),
  sub_challenge_type: text.optional(),
  challenge_version: text.optional(),
  identity_verification_source: text.optional(),
});

export type RiskExperienceContext = z.output<typeof riskExperienceContextSchema>;
