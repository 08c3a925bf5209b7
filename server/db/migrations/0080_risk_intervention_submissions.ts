/**
 * The account holder answers a risk intervention (the notification banner's risk form): when
 * the answers were submitted, the answers themselves and the risk-experience context of the
 * submission (SPEC.md §3). A submitted intervention is in review until the provider's check
 * settles (`checkDelay`, server/accounts/requirements.ts), then resolved.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("risk_interventions")
    .addColumn("submitted_at", "int8")
    .addColumn("answers", "jsonb")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("risk_interventions")
    .dropColumn("submitted_at")
    .dropColumn("answers")
    .execute();
}
