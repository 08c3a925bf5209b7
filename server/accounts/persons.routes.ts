/**
 * Persons of a connected account (`/v1/accounts/:id/persons`): create, retrieve, update,
 * delete (never the representative nor the account's individual: a typed 400) and list, with
 * the platform's secret key or the account's own session key (through an account-details
 * component; its changes behind the provider user's sign-in where the session asks for it:
 * `requireSignedInUserForDetails`). The address's postal code is checked by its country's rule
 * (`postal-codes.ts`, the account's when it names none), as an account update's. The id
 * number, checked by the account's country's rule (`tax-ids.ts`), is never stored: only that
 * it was provided and the last four characters of its normalised form. Each identity change re-runs the sandbox check.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import { z } from "zod";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import { deletedPersonSchema, personSchema } from "../../protocol/objects/person.schema.ts";
import type { Database } from "../db/schema.ts";
import type { AppEnv } from "../http/context.ts";
import { invalidRequest, resourceMissing } from "../http/errors.ts";
import { keysetCondition, keysetOrder, listPage, listQueryShape } from "../http/pagination.ts";
import { defineRoute } from "../http/route.ts";
import { newId } from "../http/secrets.ts";
import { accountDetailComponents, reachAccount, requireSignedInUserForDetails } from "./access.ts";
import { personParams } from "./account-params.ts";
import { checkIdentityDocuments } from "./documents.ts";
import {
  keepOneRepresentative,
  lockAccountRow,
  type PersonRow,
  personColumns,
  personValues,
  renderPerson,
} from "./model.ts";
import { checkPersonPostalCode } from "./postal-codes.ts";
import { checkPersonIdNumber } from "./tax-ids.ts";

export const personsApp = new OpenAPIHono<AppEnv>();

const auth = ["secret", "account_session", "user"] as const;
const components = accountDetailComponents;
const accountParams = z.strictObject({ id: z.string().min(1).max(255) });
const personPath = z.strictObject({
  id: z.string().min(1).max(255),
  person: z.string().min(1).max(255),
});

async function findPerson(db: Kysely<Database>, accountId: string, id: string): Promise<PersonRow> {
  const row = await db
    .selectFrom("persons")
    .selectAll()
    .where("id", "=", id)
    .where("account_id", "=", accountId)
    .where("is_individual", "=", false)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw resourceMissing("person", id);
  return row;
}

defineRoute(
  personsApp,
  {
    method: "post",
    path: "/v1/accounts/:id/persons",
    summary: "Create a person of a connected account",
    tags: ["Persons"],
    auth,
    components,
    params: accountParams,
    body: personParams,
    response: personSchema,
  },
  async ({ deps, principal, params, body: given }) => {
    const account = await reachAccount(deps, principal, params.id);
    requireSignedInUserForDetails(principal);
    checkPersonPostalCode(account.country, given);
    const body = await checkIdentityDocuments(
      deps.db,
      account,
      checkPersonIdNumber(account.country, given),
      "",
    );
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      await lockAccountRow(trx, account.id);
      const created = await trx
        .insertInto("persons")
        .values({
          id: newId("person"),
          platform_id: account.platform_id,
          account_id: account.id,
          ...personValues(personColumns(null, body, now)),
          created: now,
          deleted_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (body.relationship?.representative) {
        await keepOneRepresentative(trx, account.id, created.id);
      }
      return created;
    });
    return renderPerson(row, now);
  },
);

defineRoute(
  personsApp,
  {
    method: "get",
    path: "/v1/accounts/:id/persons/:person",
    summary: "Retrieve a person",
    tags: ["Persons"],
    auth,
    components,
    params: personPath,
    response: personSchema,
  },
  async ({ deps, principal, params }) => {
    const account = await reachAccount(deps, principal, params.id);
    return renderPerson(await findPerson(deps.db, account.id, params.person), deps.config.now());
  },
);

defineRoute(
  personsApp,
  {
    method: "post",
    path: "/v1/accounts/:id/persons/:person",
    summary: "Update a person",
    tags: ["Persons"],
    auth,
    components,
    params: personPath,
    body: personParams,
    response: personSchema,
  },
  async ({ deps, principal, params, body: given }) => {
    const account = await reachAccount(deps, principal, params.id);
    requireSignedInUserForDetails(principal);
    checkPersonPostalCode(account.country, given);
    const body = await checkIdentityDocuments(
      deps.db,
      account,
      checkPersonIdNumber(account.country, given),
      "",
    );
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      await lockAccountRow(trx, account.id);
      const existing = await findPerson(trx, account.id, params.person);
      const updated = await trx
        .updateTable("persons")
        .set(personValues(personColumns(existing, body, now)))
        .where("id", "=", existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (body.relationship?.representative) {
        await keepOneRepresentative(trx, account.id, updated.id);
      }
      return updated;
    });
    return renderPerson(row, now);
  },
);

defineRoute(
  personsApp,
  {
    method: "delete",
    path: "/v1/accounts/:id/persons/:person",
    summary: "Delete a person",
    tags: ["Persons"],
    auth,
    components,
    params: personPath,
    response: deletedPersonSchema,
  },
  async ({ deps, principal, params }) => {
    const account = await reachAccount(deps, principal, params.id);
    requireSignedInUserForDetails(principal);
    const person = await deps.db.transaction().execute(async (trx) => {
      await lockAccountRow(trx, account.id);
      const individual = await trx
        .selectFrom("persons")
        .select("id")
        .where("id", "=", params.person)
        .where("account_id", "=", account.id)
        .where("is_individual", "=", true)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (individual) {
        throw invalidRequest("The account's individual cannot be removed.", {
          code: "person_is_individual",
          param: "person",
        });
      }
      const found = await findPerson(trx, account.id, params.person);
      if (found.relationship.representative) {
        throw invalidRequest(
          "The account's representative cannot be removed: name another representative first.",
          { code: "person_is_representative", param: "person" },
        );
      }
      await trx
        .updateTable("persons")
        .set({ deleted_at: deps.config.now() })
        .where("id", "=", found.id)
        .execute();
      return found;
    });
    return { id: person.id, object: "person" as const, deleted: true as const };
  },
);

defineRoute(
  personsApp,
  {
    method: "get",
    path: "/v1/accounts/:id/persons",
    summary: "List the persons of a connected account, newest first",
    tags: ["Persons"],
    auth,
    components,
    params: accountParams,
    query: z.strictObject(listQueryShape),
    response: listOf(personSchema),
  },
  async ({ deps, principal, params, query }) => {
    const account = await reachAccount(deps, principal, params.id);
    const now = deps.config.now();
    return listPage({
      query,
      url: `/v1/accounts/${account.id}/persons`,
      // A deleted person keeps its place, so it still works as a cursor.
      lookup: (id) =>
        deps.db
          .selectFrom("persons")
          .select(["id", "created"])
          .where("id", "=", id)
          .where("account_id", "=", account.id)
          .where("is_individual", "=", false)
          .executeTakeFirst(),
      fetch: ({ cursor, direction, fetch }) => {
        let q = deps.db
          .selectFrom("persons")
          .selectAll()
          .where("account_id", "=", account.id)
          .where("is_individual", "=", false)
          .where("deleted_at", "is", null);
        if (cursor) q = q.where(keysetCondition("persons", cursor, direction));
        return q
          .orderBy("created", keysetOrder(direction))
          .orderBy("id", keysetOrder(direction))
          .limit(fetch)
          .execute();
      },
      render: (row) => renderPerson(row, now),
    });
  },
);
