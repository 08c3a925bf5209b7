/**
 * A payout history for the machine's unit and model-based tests (paged by the kit's
 * `fakePage`), and a payout's detail as its retrieve call answers it.
 */
import type { Payout, PayoutStatus } from "./payouts-list.types.ts";

export { fakePage } from "../resource-list.fixture.ts";

const DAY = 86_400;
const START = 1_767_225_600; // 2026-01-01T00:00:00Z

const statuses: PayoutStatus[] = ["paid", "paid", "in_transit", "pending", "failed", "canceled"];

/** `count` payouts, oldest first in creation, ids `po_001`…; amounts differ per payout. */
export function payoutHistory(count: number): Payout[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const created = START + i * DAY;
    return {
      id: `po_${String(n).padStart(3, "0")}`,
      amount: 1000 * n + 25,
      currency: "usd",
      created,
      arrival_date: created + 2 * DAY,
      status: statuses[i % statuses.length] ?? "paid",
      method: n % 4 === 0 ? "instant" : "standard",
      automatic: n % 2 === 1,
      description: null,
      destination: null,
      balance_transaction: `txn_${String(n).padStart(3, "0")}`,
      failure_message: null,
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
      amount: -payout.amount,
      fee,
      net: -payout.amount - fee,
      currency: payout.currency,
    },
  };
}
