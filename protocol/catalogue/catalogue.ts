/**
 * Every component of the spec as data, one entry per tag (the entries are grouped by family
 * under `entries/`). `index.ts` re-exports it with the functions over it; `types.ts` derives
 * the types from it (its own module, so the types do not import the functions back).
 */
import { accountEntries } from "./entries/accounts.ts";
import { appEntries } from "./entries/apps.ts";
import { capitalEntries } from "./entries/capital.ts";
import { entryPointEntries } from "./entries/entry-points.ts";
import { internalEntries } from "./entries/internal.ts";
import { issuingEntries } from "./entries/issuing.ts";
import { paymentEntries } from "./entries/payments.ts";
import { payoutEntries } from "./entries/payouts.ts";
import { reportingEntries } from "./entries/reporting.ts";
import { taxEntries } from "./entries/tax.ts";

export const catalogue = {
  ...accountEntries,
  ...paymentEntries,
  ...payoutEntries,
  ...capitalEntries,
  ...taxEntries,
  ...issuingEntries,
  ...appEntries,
  ...reportingEntries,
  ...internalEntries,
  ...entryPointEntries,
} as const;
