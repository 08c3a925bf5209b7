/**
 * The account model in and out of the database: loading what is on file for a page of
 * accounts (three queries, whatever the page size), rendering accounts, persons and external
 * accounts, and applying person and account parameters inside a transaction.
 */
import type { ExpressionBuilder, Kysely, Selectable, Transaction } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type {
  Account as AccountObject,
  CapabilityStatus,
} from "../../protocol/objects/account.schema.ts";
import type { ExternalAccount } from "../../protocol/objects/external-account.schema.ts";
import type { Person } from "../../protocol/objects/person.schema.ts";
import type { Account, Database } from "../db/schema.ts";
import { invalidRequest } from "../http/errors.ts";
import { newId } from "../http/secrets.ts";
import type {
  Capabilities,
  CapabilityName,
  Company,
  ExternalAccountsTable,
  PersonsTable,
  RiskInterventionsTable,
} from "./account.tables.ts";
import type { AccountModelParams, PersonParams } from "./account-params.ts";
import { bankAccountRow, debitCardRow } from "./external-accounts.ts";
import {
  type AccountFacts,
  type AccountStatus,
  accountStatus,
  bankStatus,
  type PersonFacts,
  verificationStatus,
} from "./requirements.ts";
import { idNumberResult, submitIdentity } from "./verification.ts";

export type PersonRow = Selectable<PersonsTable>;
export type ExternalAccountRow = Selectable<ExternalAccountsTable>;
export type InterventionRow = Selectable<RiskInterventionsTable>;

export interface OnFile {
  individual: PersonRow | null;
  persons: PersonRow[];
  externalAccounts: ExternalAccountRow[];
  interventions: InterventionRow[];
}

/** What is on file for each of `accountIds`. */
export async function loadOnFile(
  db: Kysely<Database> | Transaction<Database>,
  accountIds: readonly string[],
): Promise<Map<string, OnFile>> {
  const out = new Map<string, OnFile>();
  for (const id of accountIds) {
    out.set(id, { individual: null, persons: [], externalAccounts: [], interventions: [] });
  }
  if (accountIds.length === 0) return out;
  const ids = [...accountIds];
  const [persons, externalAccounts, interventions] = await Promise.all([
    db
      .selectFrom("persons")
      .selectAll()
      .where("account_id", "in", ids)
      .where("deleted_at", "is", null)
      .orderBy("created")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("external_accounts")
      .selectAll()
      .where("account_id", "in", ids)
      .where("deleted_at", "is", null)
      .orderBy("created")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("risk_interventions")
      .selectAll()
      .where("account_id", "in", ids)
      .where("resolved_at", "is", null)
      .orderBy("created")
      .orderBy("id")
      .execute(),
  ]);
  for (const p of persons) {
    const entry = out.get(p.account_id)!;
    if (p.is_individual) entry.individual = p;
    else entry.persons.push(p);
  }
  for (const e of externalAccounts) out.get(e.account_id)!.externalAccounts.push(e);
  for (const i of interventions) out.get(i.account_id)!.interventions.push(i);
  return out;
}

/**
 * What is on file for the account a query on `accounts` selects, as three JSON arrays in that
 * same statement (the claim reads its account's status in one query; `onFileOf` makes them
 * an `OnFile`). The same rows, filters and order as `loadOnFile`; every column of these tables
 * is text, boolean, a number or JSON, so a row read through JSON is the row.
 */
export function onFileColumns(eb: ExpressionBuilder<Database, "accounts">) {
  return [
    jsonArrayFrom(
      eb
        .selectFrom("persons")
        .selectAll()
        .whereRef("persons.account_id", "=", "accounts.id")
        .where("persons.deleted_at", "is", null)
        .orderBy("persons.created")
        .orderBy("persons.id"),
    ).as("on_file_persons"),
    jsonArrayFrom(
      eb
        .selectFrom("external_accounts")
        .selectAll()
        .whereRef("external_accounts.account_id", "=", "accounts.id")
        .where("external_accounts.deleted_at", "is", null)
        .orderBy("external_accounts.created")
        .orderBy("external_accounts.id"),
    ).as("on_file_external_accounts"),
    jsonArrayFrom(
      eb
        .selectFrom("risk_interventions")
        .selectAll()
        .whereRef("risk_interventions.account_id", "=", "accounts.id")
        .where("risk_interventions.resolved_at", "is", null)
        .orderBy("risk_interventions.created")
        .orderBy("risk_interventions.id"),
    ).as("on_file_interventions"),
  ] as const;
}

/** One account's rows on file (each list in `created`, `id` order) as an `OnFile`. */
export function onFileOf(
  persons: PersonRow[],
  externalAccounts: ExternalAccountRow[],
  interventions: InterventionRow[],
): OnFile {
  const onFile: OnFile = { individual: null, persons: [], externalAccounts, interventions };
  for (const p of persons) {
    if (p.is_individual) onFile.individual = p;
    else onFile.persons.push(p);
  }
  return onFile;
}

const personFacts = (p: PersonRow, id = p.id): PersonFacts => ({
  id,
  first_name: p.first_name,
  last_name: p.last_name,
  email: p.email,
  phone: p.phone,
  dob: p.dob,
  address: p.address,
  relationship: p.relationship,
  id_number_provided: p.id_number_provided,
  ssn_last_4_provided: p.ssn_last_4_provided,
  verification: p.verification,
});

export function factsOf(account: Account, onFile: OnFile): AccountFacts {
  return {
    country: account.country,
    business_type: account.business_type,
    business_name: account.business_name,
    business_profile: account.business_profile,
    company: account.company,
    capabilities: account.capabilities,
    tos_acceptance: account.tos_acceptance,
    individual: onFile.individual ? personFacts(onFile.individual, "individual") : null,
    persons: onFile.persons.map((p) => personFacts(p)),
    external_accounts: onFile.externalAccounts,
    interventions: onFile.interventions,
  };
}

/** The account's computed status at `now`. */
export async function statusOf(
  db: Kysely<Database>,
  account: Account,
  now: number,
): Promise<AccountStatus> {
  const onFile = (await loadOnFile(db, [account.id])).get(account.id)!;
  return accountStatus(factsOf(account, onFile), now);
}

export function renderPerson(p: PersonRow, now: number): Person {
  const status = verificationStatus(p.verification, now);
  const failed = status === "unverified" && p.verification.outcome === "failed";
  return {
    id: p.id,
    object: "person" as const,
    account: p.account_id,
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    phone: p.phone,
    dob: p.dob ?? { day: null, month: null, year: null },
    address: {
      line1: p.address?.line1 ?? null,
      line2: p.address?.line2 ?? null,
      city: p.address?.city ?? null,
      state: p.address?.state ?? null,
      postal_code: p.address?.postal_code ?? null,
      country: p.address?.country ?? null,
    },
    relationship: {
      representative: p.relationship.representative ?? false,
      owner: p.relationship.owner ?? false,
      director: p.relationship.director ?? false,
      executive: p.relationship.executive ?? false,
      title: p.relationship.title ?? null,
      percent_ownership: p.relationship.percent_ownership ?? null,
    },
    id_number_provided: p.id_number_provided,
    ssn_last_4_provided: p.ssn_last_4_provided,
    verification: {
      status,
      details: failed ? "The identity could not be verified." : null,
      details_code: failed ? (p.verification.details_code ?? null) : null,
      document: { provided: p.verification.document_provided ?? false },
    },
    metadata: p.metadata,
    created: p.created,
  };
}

export function renderExternalAccount(e: ExternalAccountRow, now: number): ExternalAccount {
  const common = {
    id: e.id,
    account: e.account_id,
    country: e.country,
    currency: e.currency,
    default_for_currency: e.default_for_currency,
    fingerprint: e.fingerprint,
    last4: e.last4,
    metadata: e.metadata,
  };
  if (e.object === "card") {
    return {
      ...common,
      object: "card" as const,
      brand: e.brand,
      exp_month: e.exp_month,
      exp_year: e.exp_year,
      funding: e.funding,
    };
  }
  return {
    ...common,
    object: "bank_account" as const,
    account_holder_name: e.account_holder_name,
    account_holder_type: e.account_holder_type,
    bank_name: e.bank_name,
    routing_number: e.routing_number,
    // Linked through a bank connection: the connection proved it, no check to wait for.
    status: e.bank_connection !== null ? "verified" : bankStatus(e.bank_outcome, e.created, now),
  };
}

const list = <T>(url: string, data: T[]) => ({
  object: "list" as const,
  url,
  has_more: false,
  data,
});

export function renderAccount(account: Account, onFile: OnFile, now: number): AccountObject {
  const status = accountStatus(factsOf(account, onFile), now);
  const capabilities: Record<string, CapabilityStatus> = {};
  for (const [name, s] of Object.entries(status.capabilities)) capabilities[name] = s;
  const company: Company = account.company ?? {};
  const rendered = {
    id: account.id,
    object: "account" as const,
    type: account.type,
    controller: {
      losses: {
        payments: account.provider_owns_loss_liability
          ? ("provider" as const)
          : ("application" as const),
      },
    },
    country: account.country,
    default_currency: account.default_currency,
    email: account.email,
    business_type: account.business_type,
    business_profile: {
      name: account.business_name,
      url: account.business_profile.url ?? null,
      mcc: account.business_profile.mcc ?? null,
      product_description: account.business_profile.product_description ?? null,
      support_email: account.business_profile.support_email ?? null,
      support_phone: account.business_profile.support_phone ?? null,
      support_url: account.business_profile.support_url ?? null,
    },
    capabilities,
    tos_acceptance: {
      date: account.tos_acceptance.date ?? null,
      ip: account.tos_acceptance.ip ?? null,
      user_agent: account.tos_acceptance.user_agent ?? null,
      service_agreement: account.tos_acceptance.service_agreement ?? "full",
    },
    requirements: status.requirements,
    future_requirements: status.future_requirements,
    details_submitted: status.details_submitted,
    charges_enabled: status.charges_enabled,
    payouts_enabled: status.payouts_enabled,
    external_accounts: list(
      `/v1/accounts/${account.id}/external_accounts`,
      onFile.externalAccounts.map((e) => renderExternalAccount(e, now)),
    ),
    metadata: account.metadata,
    created: account.created,
  };
  if (account.business_type === null || account.business_type === "individual") {
    return {
      ...rendered,
      ...(onFile.individual ? { individual: renderPerson(onFile.individual, now) } : {}),
    };
  }
  return {
    ...rendered,
    company: {
      name: company.name ?? account.business_name,
      address: {
        line1: company.address?.line1 ?? null,
        line2: company.address?.line2 ?? null,
        city: company.address?.city ?? null,
        state: company.address?.state ?? null,
        postal_code: company.address?.postal_code ?? null,
        country: company.address?.country ?? null,
      },
      phone: company.phone ?? null,
      tax_id_provided: company.tax_id_provided ?? false,
      directors_provided: company.directors_provided ?? false,
      owners_provided: company.owners_provided ?? false,
      executives_provided: company.executives_provided ?? false,
      structure: company.structure ?? null,
    },
  };
}

/** The person columns for `input` over `existing`, re-running the identity check. */
export function personColumns(
  existing: PersonRow | null,
  input: PersonParams,
  now: number,
): Omit<
  PersonRow,
  "id" | "platform_id" | "account_id" | "is_individual" | "created" | "deleted_at"
> & { metadata: Record<string, string> } {
  const address =
    input.address !== undefined ? { ...(existing?.address ?? {}), ...input.address } : null;
  const merged = {
    first_name: input.first_name ?? existing?.first_name ?? null,
    last_name: input.last_name ?? existing?.last_name ?? null,
    email: input.email ?? existing?.email ?? null,
    phone: input.phone ?? existing?.phone ?? null,
    dob: input.dob ?? existing?.dob ?? null,
    address: address ?? existing?.address ?? null,
    relationship: { ...(existing?.relationship ?? {}), ...(input.relationship ?? {}) },
    id_number_provided: input.id_number !== undefined || (existing?.id_number_provided ?? false),
    id_number_last4:
      input.id_number?.slice(-4) ?? input.ssn_last_4 ?? existing?.id_number_last4 ?? null,
    ssn_last_4_provided:
      input.ssn_last_4 !== undefined ||
      input.id_number !== undefined ||
      (existing?.ssn_last_4_provided ?? false),
    metadata: { ...(existing?.metadata ?? {}), ...(input.metadata ?? {}) },
  };
  const previous = existing?.verification ?? {};
  const identityChanged =
    existing === null ||
    input.first_name !== undefined ||
    input.last_name !== undefined ||
    input.dob !== undefined ||
    input.address !== undefined ||
    input.id_number !== undefined ||
    input.ssn_last_4 !== undefined ||
    input.verification !== undefined;
  const verification = identityChanged
    ? submitIdentity(
        previous,
        {
          first_name: merged.first_name,
          last_name: merged.last_name,
          dob: merged.dob,
          address: merged.address,
          id_number_result:
            input.id_number !== undefined
              ? idNumberResult(input.id_number)
              : previous.id_number_result,
          document: input.verification?.document.front,
        },
        now,
      )
    : previous;
  return { ...merged, verification };
}

/** Writes a person's columns as the database takes them. */
export function personValues(columns: ReturnType<typeof personColumns>) {
  return {
    ...columns,
    dob: columns.dob ? JSON.stringify(columns.dob) : null,
    address: columns.address ? JSON.stringify(columns.address) : null,
    relationship: JSON.stringify(columns.relationship),
    verification: JSON.stringify(columns.verification),
    metadata: JSON.stringify(columns.metadata),
  };
}

/** Locks the account row for the rest of the transaction (defaults, one representative). */
export async function lockAccountRow(trx: Transaction<Database>, accountId: string) {
  await trx.selectFrom("accounts").select("id").where("id", "=", accountId).forUpdate().execute();
}

/** Only one representative: naming one takes the role from the others. */
export async function keepOneRepresentative(
  trx: Transaction<Database>,
  accountId: string,
  representativeId: string,
) {
  const others = await trx
    .selectFrom("persons")
    .select(["id", "relationship"])
    .where("account_id", "=", accountId)
    .where("id", "!=", representativeId)
    .where("deleted_at", "is", null)
    .execute();
  for (const other of others) {
    if (!other.relationship.representative) continue;
    await trx
      .updateTable("persons")
      .set({ relationship: JSON.stringify({ ...other.relationship, representative: false }) })
      .where("id", "=", other.id)
      .execute();
  }
}

/**
 * Adds an external account. It becomes the default for its currency when it is the first
 * one there, or when `makeDefault` (then the previous default stops being one, and with
 * `replaceDefault` — the account's own `external_account` parameter — it is deleted).
 */
export async function addExternalAccount(
  trx: Transaction<Database>,
  account: Account,
  param: NonNullable<AccountModelParams["external_account"]>,
  options: {
    prefix: string;
    makeDefault: boolean;
    replaceDefault: boolean;
    now: number;
    /** A bank account linked through a bank connection: its institution, verified at once. */
    linkedFrom?: { institution: string; bankName: string };
  },
): Promise<ExternalAccountRow> {
  const { now, prefix, linkedFrom } = options;
  await lockAccountRow(trx, account.id);
  const typed =
    typeof param === "string"
      ? debitCardRow(account, param, prefix, now)
      : bankAccountRow(account, param, prefix, now);
  const row = linkedFrom
    ? {
        ...typed,
        bank_name: linkedFrom.bankName,
        bank_outcome: "verified" as const,
        bank_connection: linkedFrom.institution,
      }
    : typed;
  const duplicate = await trx
    .selectFrom("external_accounts")
    .select("id")
    .where("account_id", "=", account.id)
    .where("fingerprint", "=", row.fingerprint)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (duplicate) {
    throw invalidRequest(`This external account is already on file as ${duplicate.id}.`, {
      code: "external_account_exists",
      param: prefix,
    });
  }
  const current = await trx
    .selectFrom("external_accounts")
    .select("id")
    .where("account_id", "=", account.id)
    .where("currency", "=", row.currency)
    .where("default_for_currency", "=", true)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  const makeDefault =
    !current ||
    options.makeDefault ||
    (typeof param !== "string" && param.default_for_currency === true);
  if (current && makeDefault) {
    await trx
      .updateTable("external_accounts")
      .set({
        default_for_currency: false,
        ...(options.replaceDefault ? { deleted_at: now } : {}),
      })
      .where("id", "=", current.id)
      .execute();
  }
  return trx
    .insertInto("external_accounts")
    .values({ ...row, default_for_currency: makeDefault })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Applies the account-model parameters to `account` inside `trx`; returns the new row. */
export async function applyAccountParams(
  trx: Transaction<Database>,
  account: Account,
  params: AccountModelParams,
  now: number,
): Promise<Account> {
  await lockAccountRow(trx, account.id);
  const capabilities: Capabilities = { ...account.capabilities };
  for (const [name, value] of Object.entries(params.capabilities ?? {})) {
    if (!value) continue;
    const before = capabilities[name as CapabilityName];
    capabilities[name as CapabilityName] = {
      requested: value.requested,
      requested_at: value.requested ? (before?.requested_at ?? now) : now,
    };
  }
  const { name: businessName, ...profile } = params.business_profile ?? {};
  const { tax_id, address, ...companyRest } = params.company ?? {};
  const company: Company | null =
    params.company === undefined
      ? account.company
      : {
          ...(account.company ?? {}),
          ...companyRest,
          ...(address ? { address: { ...(account.company?.address ?? {}), ...address } } : {}),
          ...(tax_id !== undefined ? { tax_id_provided: true } : {}),
        };
  const updated = await trx
    .updateTable("accounts")
    .set({
      ...(params.email !== undefined ? { email: params.email } : {}),
      ...(params.default_currency !== undefined
        ? { default_currency: params.default_currency }
        : {}),
      ...(params.business_type !== undefined ? { business_type: params.business_type } : {}),
      ...(businessName !== undefined ? { business_name: businessName } : {}),
      business_profile: JSON.stringify({ ...account.business_profile, ...profile }),
      company: company === null ? null : JSON.stringify(company),
      capabilities: JSON.stringify(capabilities),
      tos_acceptance: JSON.stringify({ ...account.tos_acceptance, ...params.tos_acceptance }),
      metadata: JSON.stringify({ ...account.metadata, ...(params.metadata ?? {}) }),
    })
    .where("id", "=", account.id)
    .returningAll()
    .executeTakeFirstOrThrow();

  if (params.individual !== undefined) {
    const existing = await trx
      .selectFrom("persons")
      .selectAll()
      .where("account_id", "=", account.id)
      .where("is_individual", "=", true)
      .executeTakeFirst();
    const values = personValues(personColumns(existing ?? null, params.individual, now));
    if (existing) {
      await trx.updateTable("persons").set(values).where("id", "=", existing.id).execute();
    } else {
      await trx
        .insertInto("persons")
        .values({
          id: newId("person"),
          platform_id: account.platform_id,
          account_id: account.id,
          is_individual: true,
          ...values,
          created: now,
          deleted_at: null,
        })
        .execute();
    }
  }
  if (params.external_account !== undefined) {
    await addExternalAccount(trx, updated, params.external_account, {
      prefix: "external_account",
      makeDefault: true,
      replaceDefault: true,
      now,
    });
  }
  return updated;
}
