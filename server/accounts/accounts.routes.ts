/**
 * Connected accounts: create, retrieve, update, list and delete with the platform's secret
 * key; retrieve and update the session's own account (`/v1/account`) with a claimed
 * account-session key. The account model's parameters are bracket-nested form parameters
 * (account-params.ts); requirements and flags are computed on every read (requirements.ts).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import { z } from "zod";
import { accountSchema, deletedAccountSchema } from "../../protocol/objects/account.schema.ts";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import type { Account, Database } from "../db/schema.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { permissionError } from "../http/errors.ts";
import { keysetCondition, keysetOrder, listPage, listQueryShape } from "../http/pagination.ts";
import { defineRoute } from "../http/route.ts";
import { newId } from "../http/secrets.ts";
import { clientAddress } from "../users/sign-in.routes.ts";
import { recordEvent } from "../webhooks/events.ts";
import {
  accountDetailComponents,
  externalAccountComponents,
  requireExternalAccountKey,
  requireSignedInUserForDetails,
} from "./access.ts";
import { updateAccountParams } from "./account-params.ts";
import { createAccountParams, defaultCurrencyFor } from "./accounts.schema.ts";
import { checkIdentityDocuments } from "./documents.ts";
import { findAccount } from "./find.ts";
import { applyAccountParams, loadOnFile, renderAccount } from "./model.ts";
import { checkPostalCodes } from "./postal-codes.ts";
import { checkAccountIds } from "./tax-ids.ts";

export { findAccount };

export const accountsApp = new OpenAPIHono<AppEnv>();

const idParams = z.strictObject({ id: z.string().min(1).max(255) });

/** The account as the API shows it at `now`, with what is on file loaded. */
export async function renderAccountNow(db: Kysely<Database>, account: Account, now: number) {
  const onFile = (await loadOnFile(db, [account.id])).get(account.id)!;
  return renderAccount(account, onFile, now);
}

/** The account as answered after an update, with its `account.updated` event. */
async function accountUpdated(deps: Deps, row: Account, now: number) {
  const account = await renderAccountNow(deps.db, row, now);
  await recordEvent(deps.db, deps.config, {
    platformId: row.platform_id,
    accountId: row.id,
    livemode: row.livemode,
    type: "account.updated",
    object: account,
  });
  return account;
}

defineRoute(
  accountsApp,
  {
    method: "post",
    path: "/v1/accounts",
    summary: "Create a connected account",
    tags: ["Accounts"],
    auth: ["secret"],
    body: createAccountParams,
    response: accountSchema,
  },
  async ({ deps, principal, body }) => {
    const platform = await deps.db
      .selectFrom("platforms")
      .select("country")
      .where("id", "=", principal.platformId)
      .executeTakeFirstOrThrow();
    const now = deps.config.now();
    const { type, country: givenCountry, controller, ...given } = body;
    const country = givenCountry ?? platform.country;
    checkPostalCodes(country, given);
    const model = checkAccountIds(country, given);
    // A new account can only name documents uploaded for no account yet.
    await checkIdentityDocuments(
      deps.db,
      { id: "", platform_id: principal.platformId },
      model.individual,
      "individual",
    );
    // Without capabilities named, an account asks for card payments and transfers.
    const capabilities = model.capabilities ?? {
      card_payments: { requested: true },
      transfers: { requested: true },
    };
    const row = await deps.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto("accounts")
        .values({
          id: newId("acct"),
          platform_id: principal.platformId,
          type,
          livemode: principal.livemode,
          country,
          default_currency: model.default_currency ?? defaultCurrencyFor(country),
          email: null,
          business_name: null,
          provider_owns_loss_liability: controller?.losses.payments === "provider",
          created: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return applyAccountParams(trx, created, { ...model, capabilities }, now);
    });
    return renderAccountNow(deps.db, row, now);
  },
);

defineRoute(
  accountsApp,
  {
    method: "get",
    path: "/v1/accounts/:id",
    summary: "Retrieve a connected account",
    tags: ["Accounts"],
    auth: ["secret"],
    params: idParams,
    response: accountSchema,
  },
  async ({ deps, principal, params }) =>
    renderAccountNow(
      deps.db,
      await findAccount(deps.db, principal.platformId, params.id),
      deps.config.now(),
    ),
);

defineRoute(
  accountsApp,
  {
    method: "post",
    path: "/v1/accounts/:id",
    summary: "Update a connected account (business, company, individual, capabilities, ToS)",
    tags: ["Accounts"],
    auth: ["secret"],
    params: idParams,
    body: updateAccountParams,
    response: accountSchema,
  },
  async ({ deps, principal, params, body: given }) => {
    const account = await findAccount(deps.db, principal.platformId, params.id);
    checkPostalCodes(account.country, given);
    const body = checkAccountIds(account.country, given);
    if (body.external_account !== undefined) await requireExternalAccountKey(deps, principal);
    await checkIdentityDocuments(deps.db, account, body.individual, "individual");
    const now = deps.config.now();
    const row = await deps.db
      .transaction()
      .execute((trx) => applyAccountParams(trx, account, body, now));
    return accountUpdated(deps, row, now);
  },
);

defineRoute(
  accountsApp,
  {
    method: "get",
    path: "/v1/accounts",
    summary: "List connected accounts, newest first",
    tags: ["Accounts"],
    auth: ["secret"],
    query: z.strictObject(listQueryShape),
    response: listOf(accountSchema),
  },
  async ({ deps, principal, query }) => {
    const now = deps.config.now();
    return listPage({
      query,
      url: "/v1/accounts",
      // A deleted account keeps its place in the order, so it still works as a cursor.
      lookup: (id) =>
        deps.db
          .selectFrom("accounts")
          .select(["id", "created"])
          .where("id", "=", id)
          .where("platform_id", "=", principal.platformId)
          .executeTakeFirst(),
      fetch: async ({ cursor, direction, fetch }) => {
        let q = deps.db
          .selectFrom("accounts")
          .selectAll()
          .where("platform_id", "=", principal.platformId)
          .where("deleted_at", "is", null);
        if (cursor) q = q.where(keysetCondition("accounts", cursor, direction));
        const rows = await q
          .orderBy("created", keysetOrder(direction))
          .orderBy("id", keysetOrder(direction))
          .limit(fetch)
          .execute();
        const onFile = await loadOnFile(
          deps.db,
          rows.map((r) => r.id),
        );
        return rows.map((row) => ({ ...row, onFile: onFile.get(row.id)! }));
      },
      render: ({ onFile, ...row }) => renderAccount(row, onFile, now),
    });
  },
);

defineRoute(
  accountsApp,
  {
    method: "delete",
    path: "/v1/accounts/:id",
    summary: "Delete a connected account",
    tags: ["Accounts"],
    auth: ["secret"],
    params: idParams,
    response: deletedAccountSchema,
  },
  async ({ deps, principal, params }) => {
    await findAccount(deps.db, principal.platformId, params.id);
    await deps.db
      .updateTable("accounts")
      .set({ deleted_at: deps.config.now() })
      .where("id", "=", params.id)
      .execute();
    return { id: params.id, object: "account" as const, deleted: true as const };
  },
);

defineRoute(
  accountsApp,
  {
    method: "get",
    path: "/v1/account",
    summary: "Retrieve the session's own account",
    tags: ["Accounts"],
    auth: ["account_session", "user"],
    response: accountSchema,
    components: externalAccountComponents,
  },
  async ({ deps, principal }) =>
    renderAccountNow(
      deps.db,
      await findAccount(deps.db, principal.platformId, principal.accountId),
      deps.config.now(),
    ),
);

/** Parameters of `/v1/account` a payouts screen may send (the rest are account details). */
const payoutFields = new Set(["external_account", "default_currency"]);

defineRoute(
  accountsApp,
  {
    method: "post",
    path: "/v1/account",
    summary: "Update the session's own account (external_account needs the external_account key)",
    tags: ["Accounts"],
    auth: ["account_session"],
    body: updateAccountParams,
    response: accountSchema,
    components: externalAccountComponents,
  },
  async ({ c, deps, principal, body: given }) => {
    const details = Object.keys(given).filter((k) => !payoutFields.has(k));
    if (
      details.length > 0 &&
      !accountDetailComponents.some((name) => principal.components[name]?.enabled === true)
    ) {
      throw permissionError(
        `This account session does not enable the ${accountDetailComponents.join(" or ")} component, which ${details[0]} needs.`,
        "component_not_enabled",
      );
    }
    if (details.length > 0) requireSignedInUserForDetails(principal);
    if (given.external_account !== undefined) await requireExternalAccountKey(deps, principal);
    const account = await findAccount(deps.db, principal.platformId, principal.accountId);
    checkPostalCodes(account.country, given);
    const body = checkAccountIds(account.country, given);
    await checkIdentityDocuments(deps.db, account, body.individual, "individual");
    const now = deps.config.now();
    // The account holder accepts the terms in the embedded flow: the provider records where
    // from (the address and the browser of the request), as the platform would otherwise.
    const params =
      body.tos_acceptance?.date !== undefined
        ? {
            ...body,
            tos_acceptance: {
              ip: clientAddress(c, deps.config.trustedProxies),
              user_agent: c.req.header("user-agent")?.slice(0, 500),
              ...body.tos_acceptance,
            },
          }
        : body;
    const row = await deps.db
      .transaction()
      .execute((trx) => applyAccountParams(trx, account, params, now));
    return accountUpdated(deps, row, now);
  },
);
