/**
 * Payment method configurations (`pmc_`, issue 12 item 6): which payment methods a connected
 * account offers, as the account chose them (`preferences`: method → on / off), and the
 * methods' capabilities (`capabilities`: method → requested and when). Each account gets its
 * default configuration on first read (`server/payment-method-settings/configurations.ts`);
 * availability and requirements are computed from the account at each read, never stored.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_method_configurations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("platform_id", "text", (c) => c.notNull().references("platforms.id"))
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("livemode", "boolean", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("is_default", "boolean", (c) => c.notNull())
    .addColumn("preferences", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("capabilities", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created", "int8", (c) => c.notNull())
    .execute();
  // One default per account: two first reads at once make one row, the other waits and reads it.
  await db.schema
    .createIndex("payment_method_configurations_one_default")
    .on("payment_method_configurations")
    .column("account_id")
    .unique()
    .where(sql.ref("is_default"), "=", true)
    .execute();
  await db.schema
    .createIndex("payment_method_configurations_account")
    .on("payment_method_configurations")
    .columns(["account_id", "created", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_method_configurations").execute();
}
