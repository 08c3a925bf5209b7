/**
 * Payments as the provider's retrieve call answers them (the charge with its balance
 * transaction expanded) and each one's refunds, for the details machine's model-based test.
 * Each object is parsed with its protocol schema, so a fixture the provider could not
 * produce fails here.
 */
import * as z from "zod/mini";
import { type Charge, chargeSchema } from "../../../protocol/objects/charge.schema.ts";
import { type Refund, refundSchema } from "../../../protocol/objects/refund.schema.ts";

const START = 1_767_225_600; // 2026-01-01T00:00:00Z

/** `count` card payments of 10.00, 20.00, …, ids `ch_001`…; every second one part refunded. */
export function paymentHistory(count: number): Charge[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const id = `ch_${String(n).padStart(3, "0")}`;
    const amount = 1_000 * n;
    const fee = Math.round(amount * 0.029) + 30;
    const refunded = n % 2 === 0 ? 500 : 0;
    return z.parse(chargeSchema, {
      id,
      object: "charge",
      amount,
      amount_captured: amount,
      amount_refunded: refunded,
      balance_transaction: {
        id: `txn_${id}`,
        object: "balance_transaction",
        amount,
        fee,
        net: amount - fee,
        currency: "usd",
        type: "charge",
        reporting_category: "charge",
        source: id,
        status: "available",
        available_on: START + i * 86_400 + 2 * 86_400,
        description: null,
        created: START + i * 86_400,
      },
      captured: true,
      created: START + i * 86_400,
      currency: "usd",
      customer: { email: `buyer${n}@example.com`, name: `Buyer ${n}` },
      description: null,
      disputed: false,
      dispute: null,
      failure_code: null,
      failure_message: null,
      livemode: false,
      paid: true,
      payment_method: `pm_${id}`,
      payment_method_details: {
        type: "card",
        card: {
          brand: "visa",
          last4: "4242",
          exp_month: 12,
          exp_year: 2030,
          country: "US",
          funding: "credit",
        },
      },
      refunded: false,
      status: "succeeded",
      payment_status: refunded > 0 ? "partially_refunded" : "succeeded",
      captured_at: START + i * 86_400,
      canceled_at: null,
    });
  });
}

/** The refunds the provider lists for payment `charge` of `history` (none, or one of 5.00). */
export function refundsOf(history: readonly Charge[], charge: string): Refund[] {
  const payment = history.find((p) => p.id === charge);
  if (!payment || payment.amount_refunded === 0) return [];
  return [
    z.parse(refundSchema, {
      id: `re_${charge}`,
      object: "refund",
      amount: payment.amount_refunded,
      balance_transaction: `txn_re_${charge}`,
      charge,
      created: payment.created + 3_600,
      currency: payment.currency,
      metadata: {},
      reason: "requested_by_customer",
      status: "succeeded",
    }),
  ];
}
