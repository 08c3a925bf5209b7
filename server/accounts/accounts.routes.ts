/** Connected accounts: create, retrieve, list and delete, with the platform's secret key. */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Account, Database } from "../db/schema.ts";
import type { AppEnv } from "../http/context.ts";
import { resourceMissing } from "../http/errors.ts";
import { keysetCondition, keysetOrder, listPage, listQueryShape } from "../http/pagination.ts";
import { defineRoute } from "../http/route.ts";
import { newId } from "../http/secrets.ts";
import {
  accountObjectSchema,
  createAccountParams,
  defaultCurrencyFor,
  deletedAccountSchema,
  renderAccount,
} from "./accounts.schema.ts";

export const accountsApp = new OpenAPIHono<AppEnv>();

const idParams = z.strictObject({ id: z.string().min(1).max(255) });

/** A live (not deleted) account of the platform, or the 404. */
export async function findAccount(
  db: Kysely<Database>,
  platformId: string,
  id: string,
  param?: string,
): Promise<Account> {
  const row = await db
    .selectFrom("accounts")
    .selectAll()
    .where("id", "=", id)
    .where("platform_id", "=", platformId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw resourceMissing("account", id, param);
  return row;
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
    response: accountObjectSchema,
  },
  async ({ deps, principal, body }) => {
    const platform = await deps.db
      .selectFrom("platforms")
      .select("country")
      .where("id", "=", principal.platformId)
      .executeTakeFirstOrThrow();
    const country = body.country ?? platform.country;
    const row = await deps.db
      .insertInto("accounts")
      .values({
        id: newId("acct"),
        platform_id: principal.platformId,
        type: body.type,
        livemode: principal.livemode,
        country,
        default_currency: body.default_currency ?? defaultCurrencyFor(country),
        email: body.email ?? null,
        business_name: body.business_profile?.name ?? null,
        metadata: JSON.stringify(body.metadata ?? {}),
        created: deps.config.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return renderAccount(row);
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
    response: accountObjectSchema,
  },
  async ({ deps, principal, params }) =>
    renderAccount(await findAccount(deps.db, principal.platformId, params.id)),
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
    response: z.object({
      object: z.literal("list"),
      url: z.string(),
      has_more: z.boolean(),
      data: z.array(accountObjectSchema),
    }),
  },
  async ({ deps, principal, query }) =>
    listPage({
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
      fetch: ({ cursor, direction, fetch }) => {
        let q = deps.db
          .selectFrom("accounts")
          .selectAll()
          .where("platform_id", "=", principal.platformId)
          .where("deleted_at", "is", null);
        if (cursor) q = q.where(keysetCondition("accounts", cursor, direction));
        return q
          .orderBy("created", keysetOrder(direction))
          .orderBy("id", keysetOrder(direction))
          .limit(fetch)
          .execute();
      },
      render: renderAccount,
    }),
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
