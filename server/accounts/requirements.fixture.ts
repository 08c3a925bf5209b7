/**
 * An account's facts with nothing on file but `over`, both capabilities requested at `now`:
 * the start of the requirement rules' tests (`requirements.ts`). For tests only.
 */
import type { AccountFacts } from "./requirements.ts";

export const blankFacts = (now: number, over: Partial<AccountFacts> = {}): AccountFacts => ({
  country: "US",
  business_type: null,
  business_name: null,
  business_profile: {},
  company: null,
  capabilities: {
    card_payments: { requested: true, requested_at: now },
    transfers: { requested: true, requested_at: now },
  },
  tos_acceptance: {},
  individual: null,
  persons: [],
  external_accounts: [],
  interventions: [],
  ...over,
});
