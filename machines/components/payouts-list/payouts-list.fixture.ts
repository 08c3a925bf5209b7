/**
 * A payout history for the machine's unit and model-based tests (paged by the kit's
 * `fakePage`), and a payout's detail as its retrieve call answers it.
 */
import type { Payout, PayoutStatus } from "../../../protocol/objects/payout.schema.ts";

export { fakePage } from "../resource-list.fixture.ts";

const DAY = 86_400;
const START = 1_767_225_600; // 2026-01-01T00:00:00Z

const statuses: PayoutStatus[] = ["paid", "paid", "in_transit", "pending", "failed", "canceled"];

/** `count` payouts, oldest first in creation, ids `po_001`…; amounts differ per payout. */
export function payoutHistory(count: number): Payout[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const created = START + i * DAY;
    const status = statuses[i % statuses.length] ?? "paid";
    const failed = status === "failed";
    return {
      id: `po_${String(n).padStart(3, "0")}`,
      object: "payout",
      amount: 1000 * n + 25,
      currency: "usd",
      created,
      arrival_date: created + 2 * DAY,
      status,
      method: n % 4 === 0 ? "instant" : "standard",
      automatic: n % 2 === 1,
      description: null,
      destination: null,
      balance_transaction: `txn_${String(n).padStart(3, "0")}`,
      reversal: status === "canceled" ? `txn_${String(n).padStart(3, "0")}_cancel` : null,
      failure_balance_transaction: failed ? `txn_${String(n).padStart(3, "0")}_failure` : null,
      failure_code: failed ? "account_closed" : null,
      failure_message: failed ? "The bank account has been closed." : null,
      livemode: false,
      metadata: {},
      statement_descriptor: null,
      type: "bank_account",
    };
  });
}

/** The payout's detail: its balance transaction expanded (fee 0, or 1 % of an instant one). */
export function fakeDetail(history: readonly Payout[], id: string): Payout | undefined {
  const payout = history.find((p) => p.id === id);
  if (!payout) return undefined;
  const fee = payout.method === "instant" ? Math.max(50, Math.round(payout.amount / 100)) : 0;
  return {
    ...payout,
    balance_transaction: {
      id: typeof payout.balance_transaction === "string" ? payout.balance_transaction : "txn",
      object: "balance_transaction",
      amount: -payout.amount,
      fee,
      net: -payout.amount - fee,
      currency: payout.currency,
      type: "payout",
      reporting_category: "payout",
      source: payout.id,
      status: "available",
      available_on: payout.created,
      description: null,
      created: payout.created,
    },
  };
}
