/** Bodies and files the risk-intervention tests send, as the notification banner would. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { newId } from "../http/secrets.ts";

/** The risk form's answers and context for intervention `id` (`POST …/:id/submit`). */
export const riskFormBody = (id: string) => ({
  answers: {
    business_description: "Accounting software for small businesses.",
    customer_support_url: "https://example.com/support",
    dispute_explanation: "Annual renewals without a reminder email.",
    refund_policy: "Full refunds within thirty days of a charge.",
  },
  context: {
    risk_experience_form_name: "risk_intervention_form",
    risk_experience_surface: "notification_banner",
    requirement_id: id,
    is_multi_page_form: true,
    is_obo: false,
    current_page_index: 1,
    new_page_index: 1,
    start_page_type: "business",
    end_page_type: "disputes",
  },
});

/** An identity challenge's context for intervention `id` (`POST …/:id/verify_identity`). */
export const challengeContext = (id: string) => ({
  risk_experience_surface: "notification_banner",
  requirement_id: id,
  is_obo: false,
  challenge_type: "identity_document",
  sub_challenge_type: "front_only",
  challenge_version: "2026-11",
  identity_verification_source: "notification_banner",
});

/** A PNG on the files host as a person's identity-document upload makes it: its id. */
export async function identityFile(
  db: Kysely<Database>,
  owner: { platformId: string; accountId: string | null; now: number },
  filename: string,
) {
  const id = newId("file");
  await db
    .insertInto("files")
    .values({
      id,
      platform_id: owner.platformId,
      account_id: owner.accountId,
      livemode: false,
      purpose: "identity_document",
      type: "png",
      filename,
      size: 4,
      content: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      created: owner.now,
    })
    .execute();
  return id;
}
