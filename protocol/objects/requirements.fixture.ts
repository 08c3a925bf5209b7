/**
 * An account's requirements as the provider answers them, nothing due unless `fields` says
 * so (parsed by the protocol schema, so a fixture cannot take a shape the provider never
 * answers). For tests only.
 */
import { type Requirements, requirementsSchema } from "./requirements.schema.ts";

export const requirementsOf = (fields: Partial<Requirements> = {}): Requirements =>
  requirementsSchema.parse({
    currently_due: [],
    eventually_due: [],
    past_due: [],
    pending_verification: [],
    errors: [],
    disabled_reason: null,
    current_deadline: null,
    ...fields,
  });
