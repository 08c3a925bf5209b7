/**
 * The account model's tables and JSON columns (migration 0006), merged into `Database` by
 * `db/schema.ts`. Secrets a real provider would hold (id numbers, tax ids, account numbers)
 * are never stored: only whether they were provided and their last four characters.
 */

import type { ColumnType, Generated } from "kysely";
import type { businessTypes, companyStructures } from "../../protocol/objects/account.schema.ts";
import type { PayoutFailureCode } from "../../protocol/objects/payout.schema.ts";
import type {
  IdentityChallengeParams,
  RiskInterventionKind,
  RiskInterventionSubmitParams as RiskInterventionSubmission,
} from "../../protocol/objects/risk-intervention.schema.ts";
import type { Json, JsonWithDefault } from "../db/json.ts";

export type BusinessType = (typeof businessTypes)[number];

export type CapabilityName = "card_payments" | "transfers";
export const capabilityNames = ["card_payments", "transfers"] as const;

export interface Address {
  line1?: string | undefined;
  line2?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  postal_code?: string | undefined;
  country?: string | undefined;
}

export interface BusinessProfile {
  url?: string | undefined;
  mcc?: string | undefined;
  product_description?: string | undefined;
  support_email?: string | undefined;
  support_phone?: string | undefined;
  support_url?: string | undefined;
}

export type CompanyStructure = (typeof companyStructures)[number];

export interface Company {
  name?: string | undefined;
  address?: Address | undefined;
  phone?: string | undefined;
  tax_id_provided?: boolean | undefined;
  directors_provided?: boolean | undefined;
  owners_provided?: boolean | undefined;
  executives_provided?: boolean | undefined;
  structure?: CompanyStructure | undefined;
}

export type Capabilities = Partial<
  Record<CapabilityName, { requested: boolean; requested_at: number }>
>;

export interface TosAcceptance {
  date?: number | undefined;
  ip?: string | undefined;
  user_agent?: string | undefined;
  service_agreement?: "full" | "recipient" | undefined;
}

/** The account's new columns. */
export interface AccountModelColumns {
  business_type: ColumnType<
    BusinessType | null,
    BusinessType | null | undefined,
    BusinessType | null
  >;
  business_profile: JsonWithDefault<BusinessProfile>;
  company: ColumnType<Company | null, string | null | undefined, string | null>;
  capabilities: JsonWithDefault<Capabilities>;
  tos_acceptance: JsonWithDefault<TosAcceptance>;
}

export interface Dob {
  day: number;
  month: number;
  year: number;
}

export interface Relationship {
  representative?: boolean | undefined;
  owner?: boolean | undefined;
  director?: boolean | undefined;
  executive?: boolean | undefined;
  title?: string | undefined;
  percent_ownership?: number | undefined;
}

/**
 * What was submitted for identity verification, and the outcome the sandbox decided from the
 * magic values at that moment; the status is derived from the time (`requirements.ts`).
 */
export interface VerificationFacts {
  submitted_at?: number | undefined;
  outcome?: "verified" | "failed" | "document_required" | undefined;
  details_code?: string | undefined;
  document_provided?: boolean | undefined;
  /** What the sandbox decided about the id number when it was given (it is not kept). */
  id_number_result?: "match" | "mismatch" | "unknown" | undefined;
}

export interface PersonsTable {
  id: string;
  platform_id: string;
  account_id: string;
  /** The account's `individual` (business_type individual), not listed among its persons. */
  is_individual: Generated<boolean>;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  dob: ColumnType<Dob | null, string | null, string | null>;
  address: ColumnType<Address | null, string | null, string | null>;
  relationship: JsonWithDefault<Relationship>;
  id_number_provided: Generated<boolean>;
  /** Last four characters of the id number (or of the SSN), never the whole number. */
  id_number_last4: string | null;
  ssn_last_4_provided: Generated<boolean>;
  verification: JsonWithDefault<VerificationFacts>;
  metadata: JsonWithDefault<Record<string, string>>;
  created: number;
  deleted_at: number | null;
}

export type ExternalAccountObject = "bank_account" | "card";
/** What bank verification settles on once the sandbox clock passes the check's delay. */
export type BankOutcome = "validated" | "verified" | "errored";

export interface ExternalAccountsTable {
  id: string;
  platform_id: string;
  account_id: string;
  object: ExternalAccountObject;
  country: string;
  currency: string;
  default_for_currency: boolean;
  last4: string;
  fingerprint: string;
  account_holder_name: string | null;
  account_holder_type: "individual" | "company" | null;
  routing_number: string | null;
  bank_name: string | null;
  bank_outcome: BankOutcome | null;
  /** The institution a bank connection linked this account from (verified at once), or null. */
  bank_connection: string | null;
  /** Sandbox: the bank returns every payout to this account, with this code (server/README.md). */
  payout_failure_code: PayoutFailureCode | null;
  brand: string | null;
  exp_month: number | null;
  exp_year: number | null;
  funding: "debit" | null;
  metadata: JsonWithDefault<Record<string, string>>;
  created: number;
  deleted_at: number | null;
}

export type InterventionDisabledReason = "under_review" | "rejected.fraud" | "rejected.other";

export interface RiskInterventionsTable {
  id: string;
  platform_id: string;
  account_id: string;
  /** Why the provider intervened, shown to the account. */
  reason: string;
  /** Set when the intervention restricts the account (charges and payouts off). */
  disabled_reason: InterventionDisabledReason | null;
  /** When an unrestricting intervention becomes past due. */
  deadline: number | null;
  created: number;
  resolved_at: number | null;
  /** When the account holder answered it (the risk form); in review until the check settles. */
  submitted_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The answers and the risk-experience context of that submission. */
  answers: ColumnType<
    RiskInterventionSubmission | IdentityChallengeParams | null,
    string | null | undefined,
    string | null
  >;
  /** How it is answered: the risk form, or an identity document (an identity challenge). */
  kind: ColumnType<RiskInterventionKind, RiskInterventionKind | undefined, RiskInterventionKind>;
  /** The person whose identity is challenged (`identity_verification`), else null. */
  person_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The sandbox's check of a challenge's last document, applied once the review settles. */
  verification_outcome: ColumnType<
    VerificationOutcome | null,
    VerificationOutcome | null | undefined,
    VerificationOutcome | null
  >;
}

/** What the sandbox decided about an identity challenge's document. */
export type VerificationOutcome = "verified" | "failed";

export interface AccountModelTables {
  persons: PersonsTable;
  external_accounts: ExternalAccountsTable;
  risk_interventions: RiskInterventionsTable;
}

export type { Json };
