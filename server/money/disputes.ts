/**
 * Disputes as data: opening one on a charge and the ledger rows of its lifecycle.
 * warning_needs_response (an inquiry: no money moves) → needs_response (the disputed amount
 * and the dispute fee are withdrawn, one `adjustment` row) → under_review (evidence
 * submitted) → won (the amount is reinstated, one `adjustment` row; the fee is kept) or lost.
 * Closing gives up: needs_response → lost, an inquiry → warning_closed; so does letting
 * `due_by` pass (derived from the clock, render.ts).
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { DisputeReason } from "../../protocol/objects/dispute.schema.ts";
import type { Database } from "../db/schema.ts";
import { invalidRequest, resourceMissing } from "../http/errors.ts";
import { newId } from "../http/secrets.ts";
import type { Acting } from "./access.ts";
import { DAY, lockAccount, requireFunds, startOfDay, writeEntry } from "./ledger.ts";
import { disputeFee } from "./payment-methods.ts";
import { paymentStatusOf } from "./payment-status.ts";
import { type ChargeRow, type DisputeRow, disputeStatus } from "./render.ts";

/** Days the account has to answer a dispute. */
export const disputeResponseDays = 7;

/** One charge of the acting account (optionally locked for update), or the 404. */
export async function findCharge(
  db: Kysely<Database>,
  acting: Acting,
  id: string,
  param?: string,
  lock = false,
): Promise<ChargeRow> {
  let q = db
    .selectFrom("charges")
    .selectAll()
    .where("id", "=", id)
    .where("account_id", "=", acting.accountId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw resourceMissing("charge", id, param);
  return row;
}

export async function findDispute(
  db: Kysely<Database>,
  acting: Acting,
  id: string,
  lock = false,
): Promise<DisputeRow> {
  let q = db
    .selectFrom("disputes")
    .selectAll()
    .where("id", "=", id)
    .where("account_id", "=", acting.accountId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw resourceMissing("dispute", id);
  return row;
}

/** When the charge's own funds become available (disputes debit no earlier). */
async function chargeAvailableOn(trx: Transaction<Database>, charge: ChargeRow) {
  const entry = await trx
    .selectFrom("balance_transactions")
    .select("available_on")
    .where("id", "=", charge.balance_transaction ?? "")
    .executeTakeFirstOrThrow();
  return entry.available_on;
}

/** Withdraws the disputed amount and the fee; refused if funds are short. */
async function withdraw(
  trx: Transaction<Database>,
  acting: Acting,
  dispute: { id: string; amount: number; currency: string },
  charge: ChargeRow,
  now: number,
): Promise<string> {
  const availableOn = Math.max(now, await chargeAvailableOn(trx, charge));
  await requireFunds(trx, {
    accountId: acting.accountId,
    currency: dispute.currency,
    amount: dispute.amount + disputeFee,
    from: availableOn,
  });
  return writeEntry(trx, {
    ...acting,
    amount: -dispute.amount,
    fee: disputeFee,
    currency: dispute.currency,
    type: "adjustment",
    reportingCategory: "dispute",
    source: dispute.id,
    description: `Chargeback withdrawal for ${charge.id}`,
    availableOn,
    created: now,
  });
}

/** Opens a dispute on a captured charge, for what remains unrefunded. */
export async function openDispute(
  trx: Transaction<Database>,
  acting: Acting,
  charge: ChargeRow,
  args: {
    status: "warning_needs_response" | "needs_response";
    now: number;
    reason?: DisputeReason;
  },
): Promise<DisputeRow> {
  const amount = charge.amount_captured - charge.amount_refunded;
  if (!charge.captured || amount === 0) {
    throw invalidRequest(`Charge ${charge.id} has no captured, unrefunded amount to dispute.`, {
      code: "charge_not_disputable",
    });
  }
  const existing = await trx
    .selectFrom("disputes")
    .select("id")
    .where("charge", "=", charge.id)
    .executeTakeFirst();
  if (existing) {
    throw invalidRequest(`Charge ${charge.id} is already disputed (${existing.id}).`, {
      code: "charge_disputed",
    });
  }
  const id = newId("dp");
  const withdrawal =
    args.status === "needs_response"
      ? await withdraw(trx, acting, { id, amount, currency: charge.currency }, charge, args.now)
      : null;
  if (args.status === "needs_response") await setPaymentStatus(trx, charge, true);
  return trx
    .insertInto("disputes")
    .values({
      id,
      account_id: acting.accountId,
      livemode: acting.livemode,
      charge: charge.id,
      amount,
      currency: charge.currency,
      reason: args.reason ?? "fraudulent",
      status: args.status,
      evidence_submitted_at: null,
      due_by: startOfDay(args.now) + (disputeResponseDays + 1) * DAY - 1,
      withdrawal,
      reinstatement: null,
      closed_at: null,
      created: args.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An inquiry becomes a chargeback: the funds are withdrawn now. */
export async function escalateDispute(
  trx: Transaction<Database>,
  acting: Acting,
  dispute: DisputeRow,
  now: number,
): Promise<DisputeRow> {
  requireStatus(dispute, ["warning_needs_response"], now);
  const charge = await findCharge(trx, acting, dispute.charge, undefined, true);
  // A refund after the inquiry lowers what can be taken back.
  const amount = Math.min(dispute.amount, charge.amount_captured - charge.amount_refunded);
  if (amount === 0) {
    throw invalidRequest(`Charge ${charge.id} has been refunded in full.`, {
      code: "charge_already_refunded",
    });
  }
  const withdrawal = await withdraw(
    trx,
    acting,
    { id: dispute.id, amount, currency: dispute.currency },
    charge,
    now,
  );
  await setPaymentStatus(trx, charge, true);
  return trx
    .updateTable("disputes")
    .set({ status: "needs_response", amount, withdrawal })
    .where("id", "=", dispute.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The outcome of a dispute under review; a won dispute gives the amount back. */
export async function resolveDispute(
  trx: Transaction<Database>,
  acting: Acting,
  dispute: DisputeRow,
  outcome: "won" | "lost",
  now: number,
): Promise<DisputeRow> {
  requireStatus(dispute, ["under_review"], now);
  const reinstatement =
    outcome === "won"
      ? await writeEntry(trx, {
          ...acting,
          amount: dispute.amount,
          fee: 0,
          currency: dispute.currency,
          type: "adjustment",
          reportingCategory: "dispute_reversal",
          source: dispute.id,
          description: `Chargeback reversal for ${dispute.charge}`,
          availableOn: now,
          created: now,
        })
      : null;
  if (outcome === "won") {
    await setPaymentStatus(
      trx,
      await findCharge(trx, acting, dispute.charge, undefined, true),
      false,
    );
  }
  return trx
    .updateTable("disputes")
    .set({ status: outcome, reinstatement, closed_at: now })
    .where("id", "=", dispute.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Writes the charge's payment status after a dispute changed it (same transaction). */
async function setPaymentStatus(
  trx: Transaction<Database>,
  charge: ChargeRow,
  chargeback: boolean,
) {
  await trx
    .updateTable("charges")
    .set({ payment_status: paymentStatusOf(charge, chargeback) })
    .where("id", "=", charge.id)
    .execute();
}

export function requireStatus(
  dispute: DisputeRow,
  allowed: readonly DisputeRow["status"][],
  now: number,
) {
  const status = disputeStatus(dispute, now);
  if (allowed.includes(status)) return;
  throw invalidRequest(
    `Dispute ${dispute.id} is ${status}; this needs it to be ${allowed.join(" or ")}.`,
    { code: "dispute_status_invalid" },
  );
}

/** How long the card network reviews submitted evidence in the sandbox. */
export const disputeReviewSeconds = 7 * DAY;

/** The sandbox's decision by magic evidence text (server/README.md), or none. */
export function sandboxOutcome(evidence: Record<string, string>): "won" | "lost" | undefined {
  const texts = Object.values(evidence);
  if (texts.some((t) => t.includes("losing_evidence"))) return "lost";
  if (texts.some((t) => t.includes("winning_evidence"))) return "won";
  return undefined;
}

/**
 * Decides every dispute of the platform's accounts whose review ended by `now` (the
 * platform's clock) and whose evidence carries a magic value: each in its own transaction
 * under the account's lock, dated at the end of its review (a won dispute's reinstatement is
 * a ledger row of that moment). Evidence without one stays under review until the test
 * helper decides it. Returns how many were decided.
 */
export async function decideReviewedDisputes(
  db: Kysely<Database>,
  platformId: string,
  now: number,
  /** Called in each decision's transaction (its event: `server/webhooks/events.ts`). */
  onDecided?: (trx: Transaction<Database>, acting: Acting, dispute: DisputeRow) => Promise<void>,
): Promise<number> {
  const due = await db
    .selectFrom("disputes")
    .innerJoin("accounts", "accounts.id", "disputes.account_id")
    .select(["disputes.id", "disputes.account_id", "disputes.livemode", "accounts.platform_id"])
    .where("accounts.platform_id", "=", platformId)
    .where("disputes.status", "=", "under_review")
    .where("disputes.evidence_submitted_at", "<=", now - disputeReviewSeconds)
    .where((eb) =>
      eb.or([
        eb(sql`disputes.evidence::text`, "like", "%winning_evidence%"),
        eb(sql`disputes.evidence::text`, "like", "%losing_evidence%"),
      ]),
    )
    .orderBy("disputes.evidence_submitted_at")
    .execute();
  let decided = 0;
  for (const row of due) {
    const acting = {
      platformId: row.platform_id,
      accountId: row.account_id,
      livemode: row.livemode,
    };
    decided += await db.transaction().execute(async (trx) => {
      await lockAccount(trx, acting.accountId);
      const dispute = await findDispute(trx, acting, row.id, true);
      const outcome = sandboxOutcome(dispute.evidence);
      if (dispute.status !== "under_review" || dispute.evidence_submitted_at === null || !outcome) {
        return 0; // decided meanwhile by another call
      }
      const at = dispute.evidence_submitted_at + disputeReviewSeconds;
      const decided = await resolveDispute(trx, acting, dispute, outcome, at);
      await onDecided?.(trx, acting, decided);
      return 1;
    });
  }
  return decided;
}
