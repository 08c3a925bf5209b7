/**
 * Identity challenges (the notification banner): a risk intervention's `kind` — a
 * `questionnaire` answered with the risk form (every earlier row), or an
 * `identity_verification` of one person (`person_id`) answered with an identity document —
 * and, for a challenge, what the sandbox's check decided when the document was submitted
 * (`verification_outcome`: verified or failed), which applies once the review settles
 * (`checkDelay`): resolved, or open again with the document refused.
 */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("risk_interventions")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("questionnaire"))
    .addColumn("person_id", "text")
    .addColumn("verification_outcome", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("risk_interventions")
    .dropColumn("kind")
    .dropColumn("person_id")
    .dropColumn("verification_outcome")
    .execute();
}
