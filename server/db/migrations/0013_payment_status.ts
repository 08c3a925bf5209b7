/**
 * The payments family's provider side: each charge keeps its payment state
 * (`payment_status`: requires_capture, succeeded, partially_refunded, refunded, disputed,
 * failed, canceled), written in the same transaction as every change that moves it, so each
 * filter of the payments list is an index scan at 100,000 payments; the moments of its
 * timeline (`captured_at`, `canceled_at`); disputes keep when they were decided
 * (`closed_at`); and the indexes the list filters of payments, disputes and balance
 * transactions use. Rows already there are brought up to date here.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("charges")
    .addColumn("payment_status", "text", (c) => c.notNull().defaultTo("succeeded"))
    .execute();
  await db.schema.alterTable("charges").addColumn("captured_at", "int8").execute();
  await db.schema.alterTable("charges").addColumn("canceled_at", "int8").execute();
  await db.schema.alterTable("disputes").addColumn("closed_at", "int8").execute();

  await sql`update charges set captured_at = created where captured`.execute(db);
  // A chargeback (not an inquiry) that was not won leaves the payment disputed.
  await sql`
    update charges set payment_status = case
      when status = 'failed' then 'failed'
      when exists (select 1 from disputes d where d.charge = charges.id
        and d.status in ('needs_response', 'under_review', 'lost')) then 'disputed'
      when not captured then 'requires_capture'
      when amount_refunded = 0 then 'succeeded'
      when amount_refunded = amount_captured then 'refunded'
      else 'partially_refunded' end
  `.execute(db);
  await sql`
    update disputes set closed_at = case
      when status in ('won', 'lost', 'warning_closed') then coalesce(evidence_submitted_at, created)
      else null end
  `.execute(db);
  await sql`alter table charges alter column payment_status drop default`.execute(db);
  await sql`
    alter table charges add constraint charges_payment_status check (
      payment_status in ('requires_capture', 'succeeded', 'partially_refunded', 'refunded',
        'disputed', 'failed', 'canceled')
      and (payment_status = 'failed') = (status = 'failed')
      and (payment_status = 'requires_capture') = (status = 'succeeded' and not captured
        and canceled_at is null)
      and (payment_status = 'canceled') = (canceled_at is not null))
  `.execute(db);

  // The payments list: each filter an index scan, in the list's order (newest first).
  await db.schema
    .createIndex("charges_account_status_created")
    .on("charges")
    .columns(["account_id", "payment_status", "created desc", "id desc"])
    .execute();
  await db.schema
    .createIndex("charges_account_amount_created")
    .on("charges")
    .columns(["account_id", "amount", "created desc", "id desc"])
    .execute();
  await sql`create index charges_account_email_created
    on charges (account_id, lower(customer_email), created desc, id desc)
    where customer_email is not null`.execute(db);
  await sql`create index charges_account_method_created
    on charges (account_id, (payment_method_details->>'type'), created desc, id desc)`.execute(db);
  // No pending list (fastupdate): a bulk load would leave it for every search to read through.
  await sql`create index charges_metadata on charges using gin (metadata jsonb_path_ops)
    with (fastupdate = off)`.execute(db);

  // The disputes list's filters, and the sandbox's decisions of disputes under review.
  await db.schema
    .createIndex("disputes_account_status_created")
    .on("disputes")
    .columns(["account_id", "status", "created desc", "id desc"])
    .execute();
  await db.schema
    .createIndex("disputes_account_reason_created")
    .on("disputes")
    .columns(["account_id", "reason", "created desc", "id desc"])
    .execute();
  await sql`create index disputes_under_review on disputes (evidence_submitted_at)
    where status = 'under_review'`.execute(db);

  await db.schema
    .createIndex("balance_transactions_account_type_created")
    .on("balance_transactions")
    .columns(["account_id", "type", "created desc", "id desc"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    "balance_transactions_account_type_created",
    "disputes_under_review",
    "disputes_account_reason_created",
    "disputes_account_status_created",
    "charges_metadata",
    "charges_account_method_created",
    "charges_account_email_created",
    "charges_account_amount_created",
    "charges_account_status_created",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await sql`alter table charges drop constraint if exists charges_payment_status`.execute(db);
  await db.schema.alterTable("disputes").dropColumn("closed_at").execute();
  await db.schema.alterTable("charges").dropColumn("canceled_at").execute();
  await db.schema.alterTable("charges").dropColumn("captured_at").execute();
  await db.schema.alterTable("charges").dropColumn("payment_status").execute();
}
