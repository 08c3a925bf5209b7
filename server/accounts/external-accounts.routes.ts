/**
 * External accounts of a connected account (`/v1/accounts/:id/external_accounts`): bank
 * accounts and debit cards, the payout destinations. Reads take the platform's secret key or
 * the account's session key (through a component that manages payouts or the account);
 * create, update and delete need the secret key or the session's external_account key
 * (SPEC.md §6). Exactly one default per currency; the default cannot be deleted while
 * another external account in its currency exists.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import { z } from "zod";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import {
  deletedExternalAccountSchema,
  externalAccountSchema,
} from "../../protocol/objects/external-account.schema.ts";
import type { Database } from "../db/schema.ts";
import type { AppEnv } from "../http/context.ts";
import { invalidRequest, resourceMissing } from "../http/errors.ts";
import { keysetCondition, keysetOrder, listPage, listQueryShape } from "../http/pagination.ts";
import { formBoolean, formInteger, formString, metadataParam } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { externalAccountComponents, reachAccount, requireExternalAccountKey } from "./access.ts";
import { currencyCode, externalAccountParam } from "./account-params.ts";
import { linkedBankAccount, requireBankConnectionsAllowed } from "./bank-connections.ts";
import {
  addExternalAccount,
  type ExternalAccountRow,
  lockAccountRow,
  renderExternalAccount,
} from "./model.ts";

export const externalAccountsApp = new OpenAPIHono<AppEnv>();

const auth = ["secret", "account_session", "user"] as const;
const components = externalAccountComponents;
const accountParams = z.strictObject({ id: z.string().min(1).max(255) });
const itemPath = z.strictObject({
  id: z.string().min(1).max(255),
  external_account: z.string().min(1).max(255),
});

async function findExternalAccount(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<ExternalAccountRow> {
  const row = await db
    .selectFrom("external_accounts")
    .selectAll()
    .where("id", "=", id)
    .where("account_id", "=", accountId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw resourceMissing("external account", id);
  return row;
}

defineRoute(
  externalAccountsApp,
  {
    method: "post",
    path: "/v1/accounts/:id/external_accounts",
    summary:
      "Add a bank account or debit card, typed or linked through a bank connection (external_account key for session keys)",
    tags: ["External accounts"],
    auth,
    components,
    params: accountParams,
    body: z.strictObject({
      external_account: externalAccountParam.optional(),
      // In place of the typed numbers: an account of a bank-connection institution.
      bank_connection: z
        .strictObject({
          institution: z.string().min(1).max(255),
          account: z.string().min(1).max(255),
          currency: currencyCode,
        })
        .optional(),
      default_for_currency: formBoolean.optional(),
      metadata: metadataParam.optional(),
    }),
    response: externalAccountSchema,
  },
  async ({ deps, principal, params, body }) => {
    // Exactly one of the two; a link is checked before the key is spent.
    if ((body.external_account === undefined) === (body.bank_connection === undefined)) {
      throw invalidRequest(
        "Give the external account's details (external_account) or an account of a bank connection (bank_connection): one of the two.",
        {
          code: body.bank_connection ? "parameter_unknown" : "parameter_missing",
          param: body.bank_connection ? "bank_connection" : "external_account",
        },
      );
    }
    if (body.bank_connection) requireBankConnectionsAllowed(principal);
    const link = body.bank_connection ? linkedBankAccount(body.bank_connection) : null;
    await requireExternalAccountKey(deps, principal);
    const account = await reachAccount(deps, principal, params.id);
    const now = deps.config.now();
    // The link's bank account, else the one given (one of the two, checked above).
    const param = link
      ? {
          ...link.params,
          ...(account.business_name ? { account_holder_name: account.business_name } : {}),
        }
      : body.external_account;
    if (param === undefined) throw invalidRequest("No external account given.");
    const row = await deps.db.transaction().execute(async (trx) => {
      const added = await addExternalAccount(trx, account, param, {
        prefix: link ? "bank_connection" : "external_account",
        makeDefault: body.default_for_currency === true,
        replaceDefault: false,
        now,
        ...(link
          ? { linkedFrom: { institution: link.institution.id, bankName: link.institution.name } }
          : {}),
      });
      if (body.metadata === undefined) return added;
      return trx
        .updateTable("external_accounts")
        .set({ metadata: JSON.stringify({ ...added.metadata, ...body.metadata }) })
        .where("id", "=", added.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return renderExternalAccount(row, now);
  },
);

defineRoute(
  externalAccountsApp,
  {
    method: "get",
    path: "/v1/accounts/:id/external_accounts/:external_account",
    summary: "Retrieve an external account",
    tags: ["External accounts"],
    auth,
    components,
    params: itemPath,
    response: externalAccountSchema,
  },
  async ({ deps, principal, params }) => {
    const account = await reachAccount(deps, principal, params.id);
    const row = await findExternalAccount(deps.db, account.id, params.external_account);
    return renderExternalAccount(row, deps.config.now());
  },
);

defineRoute(
  externalAccountsApp,
  {
    method: "post",
    path: "/v1/accounts/:id/external_accounts/:external_account",
    summary: "Update an external account (external_account key for session keys)",
    tags: ["External accounts"],
    auth,
    components,
    params: itemPath,
    body: z.strictObject({
      account_holder_name: formString(200).optional(),
      account_holder_type: z.enum(["individual", "company"]).optional(),
      default_for_currency: formBoolean.optional(),
      exp_month: formInteger(1, 12).optional(),
      exp_year: formInteger(2000, 2100).optional(),
      metadata: metadataParam.optional(),
    }),
    response: externalAccountSchema,
  },
  async ({ deps, principal, params, body }) => {
    await requireExternalAccountKey(deps, principal);
    const account = await reachAccount(deps, principal, params.id);
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      await lockAccountRow(trx, account.id);
      const existing = await findExternalAccount(trx, account.id, params.external_account);
      const bankOnly = ["account_holder_name", "account_holder_type"] as const;
      const cardOnly = ["exp_month", "exp_year"] as const;
      for (const field of existing.object === "card" ? bankOnly : cardOnly) {
        if (body[field] !== undefined) {
          throw invalidRequest(`A ${existing.object.replace("_", " ")} has no ${field}.`, {
            code: "parameter_unknown",
            param: field,
          });
        }
      }
      if (body.default_for_currency === false && existing.default_for_currency) {
        throw invalidRequest(
          "The default for a currency stays the default until another external account is made the default.",
          { code: "default_for_currency_required", param: "default_for_currency" },
        );
      }
      if (body.default_for_currency === true && !existing.default_for_currency) {
        await trx
          .updateTable("external_accounts")
          .set({ default_for_currency: false })
          .where("account_id", "=", account.id)
          .where("currency", "=", existing.currency)
          .where("default_for_currency", "=", true)
          .where("deleted_at", "is", null)
          .execute();
      }
      const { metadata, default_for_currency, ...fields } = body;
      return trx
        .updateTable("external_accounts")
        .set({
          ...fields,
          ...(default_for_currency === true ? { default_for_currency: true } : {}),
          metadata: JSON.stringify({ ...existing.metadata, ...(metadata ?? {}) }),
        })
        .where("id", "=", existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return renderExternalAccount(row, now);
  },
);

defineRoute(
  externalAccountsApp,
  {
    method: "delete",
    path: "/v1/accounts/:id/external_accounts/:external_account",
    summary: "Delete an external account (external_account key for session keys)",
    tags: ["External accounts"],
    auth,
    components,
    params: itemPath,
    response: deletedExternalAccountSchema,
  },
  async ({ deps, principal, params }) => {
    await requireExternalAccountKey(deps, principal);
    const account = await reachAccount(deps, principal, params.id);
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      await lockAccountRow(trx, account.id);
      const existing = await findExternalAccount(trx, account.id, params.external_account);
      if (existing.default_for_currency) {
        const other = await trx
          .selectFrom("external_accounts")
          .select("id")
          .where("account_id", "=", account.id)
          .where("currency", "=", existing.currency)
          .where("id", "!=", existing.id)
          .where("deleted_at", "is", null)
          .executeTakeFirst();
        if (other) {
          throw invalidRequest(
            `${existing.id} is the default external account for ${existing.currency}; make another one the default before deleting it.`,
            { code: "default_external_account_delete", param: "external_account" },
          );
        }
      }
      await trx
        .updateTable("external_accounts")
        .set({ deleted_at: now, default_for_currency: false })
        .where("id", "=", existing.id)
        .execute();
      return existing;
    });
    return { id: row.id, object: row.object, deleted: true as const };
  },
);

defineRoute(
  externalAccountsApp,
  {
    method: "get",
    path: "/v1/accounts/:id/external_accounts",
    summary: "List the external accounts of a connected account, newest first",
    tags: ["External accounts"],
    auth,
    // The instant payouts promotion reads where a payout would go (whether it can offer one);
    // every mobile entry point shows the payout destinations beside its task.
    components: [
      ...components,
      "instant_payouts_promotion",
      "entry_point_create_payout",
      "entry_point_edit_payout_schedule",
      "entry_point_add_funds",
    ],
    params: accountParams,
    query: z.strictObject({
      ...listQueryShape,
      object: z.enum(["bank_account", "card"]).optional(),
    }),
    response: listOf(externalAccountSchema),
  },
  async ({ deps, principal, params, query }) => {
    const account = await reachAccount(deps, principal, params.id);
    const now = deps.config.now();
    return listPage({
      query,
      url: `/v1/accounts/${account.id}/external_accounts`,
      lookup: (id) =>
        deps.db
          .selectFrom("external_accounts")
          .select(["id", "created"])
          .where("id", "=", id)
          .where("account_id", "=", account.id)
          .executeTakeFirst(),
      fetch: ({ cursor, direction, fetch }) => {
        let q = deps.db
          .selectFrom("external_accounts")
          .selectAll()
          .where("account_id", "=", account.id)
          .where("deleted_at", "is", null);
        if (query.object) q = q.where("object", "=", query.object);
        if (cursor) q = q.where(keysetCondition("external_accounts", cursor, direction));
        return q
          .orderBy("created", keysetOrder(direction))
          .orderBy("id", keysetOrder(direction))
          .limit(fetch)
          .execute();
      },
      render: (row) => renderExternalAccount(row, now),
    });
  },
);
