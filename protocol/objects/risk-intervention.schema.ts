/** A risk intervention on an account (sandbox test helper): why, until when, resolved or not. */
import * as z from "zod/mini";
import { unixSecondsSchema } from "./api-fields.schema.ts";

export const interventionDisabledReasons = [
  "under_review",
  "rejected.fraud",
  "rejected.other",
] as const;

export const riskInterventionSchema = z.strictObject({
  id: z.string(),
  object: z.literal("risk_intervention"),
  account: z.string(),
  reason: z.string(),
  disabled_reason: z.nullable(z.enum(interventionDisabledReasons)),
  deadline: z.nullable(unixSecondsSchema),
  created: unixSecondsSchema,
  resolved_at: z.nullable(unixSecondsSchema),
});
export type RiskIntervention = z.output<typeof riskInterventionSchema>;
