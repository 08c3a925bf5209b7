/** Looking up a live account of a platform. */
import type { Kysely } from "kysely";
import type { Account, Database } from "../db/schema.ts";
import { resourceMissing } from "../http/errors.ts";

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
