/**
 * An account session as the platform's backend creates it (`POST /v1/account_sessions`):
 * the `client_secret` it hands to the browser and the components it enables. `account` is
 * expandable. (What the data layer receives when it claims one is
 * `claimed-account-session.schema.ts`.)
 */
import * as z from "zod/mini";
import { accountSchema } from "./account.schema.ts";
import { expandable, unixSecondsSchema } from "./api-fields.schema.ts";

/** Each component the session enables or not, with its features. */
export const resolvedComponentsSchema = z.record(
  z.string(),
  z.strictObject({ enabled: z.boolean(), features: z.record(z.string(), z.boolean()) }),
);
export type ResolvedComponents = z.output<typeof resolvedComponentsSchema>;

export const accountSessionSchema = z.strictObject({
  object: z.literal("account_session"),
  id: z.string(),
  account: expandable(accountSchema),
  client_secret: z.string(),
  expires_at: unixSecondsSchema,
  livemode: z.boolean(),
  components: resolvedComponentsSchema,
});
export type AccountSession = z.output<typeof accountSessionSchema>;
