/**
 * Whether an instant payout may go to the account's payout destination under the session's
 * switches (`protocol/payouts.ts`, the rule the balances view reads too): a session key whose
 * components turn on `instant_payouts_to_debit_cards_disabled` cannot pay out instantly to a
 * debit card, one with `instant_payouts_rtp_disabled` not to a bank account over RTP; a bank
 * account RTP does not reach takes standard payouts only. A refusal is a 400 naming the
 * switch (`code`), before anything is written.
 */
import type { Kysely } from "kysely";
import { instantPayoutRefusal } from "../../protocol/payouts.ts";
import type { Database } from "../db/schema.ts";
import type { Principal } from "../http/context.ts";
import { invalidRequest } from "../http/errors.ts";
import { type Acting, featureGranted } from "./access.ts";

type MoneyPrincipal = Extract<Principal, { kind: "secret" | "account_session" }>;

/** A switch is on only for a session key whose components turn it on (a secret key: never). */
const switchOn = (
  principal: MoneyPrincipal,
  name: "instant_payouts_rtp_disabled" | "instant_payouts_to_debit_cards_disabled",
) => principal.kind === "account_session" && featureGranted(principal, name);

const refusals = {
  instant_payouts_to_debit_cards_disabled:
    "Instant payouts to debit cards are turned off for this account session.",
  instant_payouts_rtp_disabled:
    "Instant payouts to bank accounts (real-time payments) are turned off for this account session.",
  instant_payouts_unsupported:
    "The payout bank account cannot receive instant payouts; make a standard payout.",
} as const;

/** Refuses an instant payout in `currency` that the default destination cannot receive. */
export async function requireInstantDestination(
  db: Kysely<Database>,
  principal: MoneyPrincipal,
  acting: Acting,
  currency: string,
): Promise<void> {
  const destination = await db
    .selectFrom("external_accounts")
    .select(["object", "country", "currency"])
    .where("account_id", "=", acting.accountId)
    .where("currency", "=", currency)
    .where("default_for_currency", "=", true)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  // No destination at all: `createPayout` refuses it (`no_external_account`).
  if (!destination) return;
  const refusal = instantPayoutRefusal(destination, {
    rtpDisabled: switchOn(principal, "instant_payouts_rtp_disabled"),
    debitCardsDisabled: switchOn(principal, "instant_payouts_to_debit_cards_disabled"),
  });
  if (refusal !== null) throw invalidRequest(refusals[refusal], { code: refusal, param: "method" });
}
