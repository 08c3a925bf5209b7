/**
 * Charges (created by the platform for a connected account), their capture, and refunds.
 * A succeeded, captured charge writes its `charge` ledger row (pending until the schedule's
 * delay_days have passed, counted from the start of the day); a refund writes a `refund` row
 * in the same transaction (giving back the fee pro rata) and is refused when it would exceed what remains or make an
 * available balance negative (ledger.ts).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { type AliasedRawBuilder, type Kysely, type SqlBool, sql, type Transaction } from "kysely";
import { z } from "zod";
import { filterQueryShape } from "../../protocol/filter-query.ts";
import { paymentsFilterSpec } from "../../protocol/filters.ts";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import { chargeSchema } from "../../protocol/objects/charge.schema.ts";
import { refundSchema } from "../../protocol/objects/refund.schema.ts";
import type { Database } from "../db/schema.ts";
import type { AppEnv } from "../http/context.ts";
import { ApiError, invalidRequest, resourceMissing } from "../http/errors.ts";
import { listQueryShape } from "../http/pagination.ts";
import {
  currencyParam,
  formBoolean,
  formInteger,
  formString,
  metadataParam,
} from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { newId } from "../http/secrets.ts";
import { recordEvent } from "../webhooks/events.ts";
import {
  type Acting,
  accountRowsInBatches,
  actingAccount,
  chargeSeenBy,
  listAccountRows,
  paymentComponents,
  requireFeature,
} from "./access.ts";
import { findCharge, openDispute } from "./disputes.ts";
import { expandList, expandOne } from "./expand.ts";
import { type CsvColumn, csvResponse, exportFilename, isoTime } from "./export.ts";
import { filterConditions, requireFilterFeatures } from "./filters.ts";
import { DAY, lockAccount, requireFunds, startOfDay, writeEntry } from "./ledger.ts";
import { cardFee, testPaymentMethodNames, testPaymentMethods } from "./payment-methods.ts";
import { paymentStatusOf } from "./payment-status.ts";
import { type ChargeRow, renderCharge, renderDispute, renderRefund } from "./render.ts";
import { payoutScheduleOf } from "./schedule.ts";

export const chargesApp = new OpenAPIHono<AppEnv>();

const idParams = z.strictObject({ id: z.string().min(1).max(255) });
const maxAmount = 99_999_999;

/** The charge with its dispute id, for rendering. */
async function chargeWithDispute(db: Kysely<Database>, row: ChargeRow) {
  const dispute = await db
    .selectFrom("disputes")
    .select("id")
    .where("charge", "=", row.id)
    .executeTakeFirst();
  return renderCharge(row, dispute?.id ?? null);
}

/**
 * The part of the charge's fee a refund of `amount` gives back: pro rata, computed on the
 * running total so the refunds of a whole charge return exactly its fee.
 */
function returnedFee(charge: ChargeRow, amount: number): number {
  const fee = cardFee(charge.amount_captured);
  const upTo = (refunded: number) => Math.round((fee * refunded) / charge.amount_captured);
  return upTo(charge.amount_refunded + amount) - upTo(charge.amount_refunded);
}

/** Capture and cancel need a payment waiting for capture; the error names its state. */
function requireUncaptured(charge: ChargeRow, action: "captured" | "canceled") {
  if (charge.payment_status === "requires_capture") return;
  const code = charge.captured
    ? "charge_already_captured"
    : charge.canceled_at !== null
      ? "charge_canceled"
      : "charge_failed";
  throw invalidRequest(
    `Payment ${charge.id} cannot be ${action}: its status is ${charge.payment_status}, and only a payment in requires_capture can be.`,
    { code },
  );
}

/** Writes the ledger row of `amount` captured on `charge`. */
async function writeChargeEntry(
  trx: Transaction<Database>,
  acting: Acting,
  charge: { id: string; currency: string; description: string | null },
  amount: number,
  now: number,
) {
  const schedule = await payoutScheduleOf(trx, acting.accountId);
  return writeEntry(trx, {
    ...acting,
    amount,
    fee: cardFee(amount),
    currency: charge.currency,
    type: "charge",
    reportingCategory: "charge",
    source: charge.id,
    description: charge.description,
    availableOn: startOfDay(now) + schedule.delay_days * DAY,
    created: now,
  });
}

defineRoute(
  chargesApp,
  {
    method: "post",
    path: "/v1/charges",
    summary: "Create a charge for a connected account (sandbox payment method tokens)",
    tags: ["Charges"],
    auth: ["secret"],
    body: z.strictObject({
      amount: formInteger(50, maxAmount),
      currency: currencyParam,
      payment_method: z.enum(testPaymentMethodNames),
      capture: formBoolean.optional(),
      customer: z
        .strictObject({ email: z.email().max(512).optional(), name: formString(256).optional() })
        .optional(),
      description: formString(1000).optional(),
      metadata: metadataParam.optional(),
    }),
    response: chargeSchema,
  },
  async ({ deps, principal, body }) => {
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const method = testPaymentMethods[body.payment_method]!;
    const capture = body.capture ?? true;
    const failed = method.decline !== undefined;
    const row = await deps.db.transaction().execute(async (trx) => {
      await lockAccount(trx, acting.accountId);
      const id = newId("ch");
      const description = body.description ?? null;
      const balanceTransaction =
        !failed && capture
          ? await writeChargeEntry(
              trx,
              acting,
              { id, currency: body.currency, description },
              body.amount,
              now,
            )
          : null;
      const charge = await trx
        .insertInto("charges")
        .values({
          id,
          platform_id: acting.platformId,
          account_id: acting.accountId,
          livemode: acting.livemode,
          amount: body.amount,
          amount_captured: !failed && capture ? body.amount : 0,
          amount_refunded: 0,
          currency: body.currency,
          captured: !failed && capture,
          status: failed ? "failed" : "succeeded",
          customer_email: body.customer?.email ?? null,
          customer_name: body.customer?.name ?? null,
          payment_method: body.payment_method,
          payment_method_details: JSON.stringify({ type: "card", card: method.card }),
          description,
          metadata: JSON.stringify(body.metadata ?? {}),
          failure_code: method.decline?.code ?? null,
          failure_message: method.decline?.message ?? null,
          balance_transaction: balanceTransaction,
          payment_status: failed ? "failed" : capture ? "succeeded" : "requires_capture",
          captured_at: !failed && capture ? now : null,
          canceled_at: null,
          created: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (method.inquiry && !failed) {
        const dispute = await openDispute(trx, acting, charge, {
          status: "warning_needs_response",
          now,
        });
        await recordEvent(trx, deps.config, {
          ...acting,
          type: "charge.dispute.created",
          object: renderDispute(dispute, now),
        });
      }
      return charge;
    });
    if (method.decline) {
      // As the well-known API does: a card_error naming the stored, failed charge.
      throw new ApiError(402, "card_error", `${method.decline.message} (charge ${row.id})`, {
        code: method.decline.code,
      });
    }
    return chargeSeenBy(principal, await chargeWithDispute(deps.db, row));
  },
);

defineRoute(
  chargesApp,
  {
    method: "get",
    path: "/v1/charges/:id",
    summary: "Retrieve a charge",
    tags: ["Charges"],
    auth: ["secret", "account_session"],
    components: paymentComponents,
    params: idParams,
    response: chargeSchema,
    expandable: ["balance_transaction"],
  },
  async ({ deps, principal, params, expand }) => {
    const acting = actingAccount(principal);
    const charge = chargeSeenBy(
      principal,
      await chargeWithDispute(deps.db, await findCharge(deps.db, acting, params.id)),
    );
    return expandOne(deps.db, acting.accountId, charge, expand, deps.config.now());
  },
);

/** The payments list's filters (`protocol/filters.ts`), each on an indexed column. */
const paymentFilters = z.strictObject(filterQueryShape(paymentsFilterSpec));
type PaymentFilters = z.output<typeof paymentFilters>;

const paymentConditions = (filters: PaymentFilters) =>
  filterConditions(paymentsFilterSpec, filters, {
    amount: sql.ref("charges.amount"),
    created: sql.ref("charges.created"),
    status: sql.ref("charges.payment_status"),
    payment_method: sql`(charges.payment_method_details->>'type')`,
    customer_email: (email) => [sql<SqlBool>`lower(charges.customer_email) = lower(${email})`],
    metadata: (pairs) => [sql<SqlBool>`charges.metadata @> ${JSON.stringify(pairs)}::jsonb`],
  });

/** The filters of a list or export call, checked against the session's features. */
function paymentRows(principal: Parameters<typeof actingAccount>[0], filters: PaymentFilters) {
  requireFilterFeatures(principal, paymentsFilterSpec, filters);
  const { accountId } = actingAccount(principal);
  return {
    table: "charges" as const,
    accountId,
    conditions: paymentConditions(filters),
    // Each charge's dispute (at most one, by a unique index) in the page's own query.
    extra: [
      sql<string | null>`(select disputes.id from disputes where disputes.charge = charges.id)`.as(
        "dispute_id",
      ),
    ] as AliasedRawBuilder<unknown, string>[],
  };
}

defineRoute(
  chargesApp,
  {
    method: "get",
    path: "/v1/charges",
    summary:
      "List payments, newest first, filtered by amount, created, status, payment method (and, when the session enables them, customer email and metadata)",
    tags: ["Charges"],
    auth: ["secret", "account_session"],
    components: paymentComponents,
    query: paymentFilters.extend(listQueryShape),
    response: listOf(chargeSchema),
    expandable: ["data.balance_transaction"],
  },
  async ({ deps, principal, query, expand }) => {
    const { limit, starting_after, ending_before, ...filters } = query;
    const rows = paymentRows(principal, filters);
    const rendered = await listAccountRows(deps.db, {
      ...rows,
      query: { limit, starting_after, ending_before },
      url: "/v1/charges",
      render: ({ dispute_id, ...row }) =>
        chargeSeenBy(principal, renderCharge(row, (dispute_id as string | null) ?? null)),
    });
    return expandList(deps.db, rows.accountId, rendered, expand, deps.config.now());
  },
);

const paymentColumns: CsvColumn<ChargeRow & { dispute_id: unknown; fee: unknown }>[] = [
  { header: "id", value: (c) => c.id },
  { header: "created", value: (c) => isoTime(c.created) },
  { header: "amount", value: (c) => c.amount },
  { header: "amount_captured", value: (c) => c.amount_captured },
  { header: "amount_refunded", value: (c) => c.amount_refunded },
  { header: "fee", value: (c) => (c.fee as number | null) ?? 0 },
  { header: "currency", value: (c) => c.currency },
  { header: "status", value: (c) => c.payment_status },
  { header: "payment_method_type", value: (c) => c.payment_method_details.type },
  { header: "card_brand", value: (c) => c.payment_method_details.card.brand },
  { header: "card_last4", value: (c) => c.payment_method_details.card.last4 },
  { header: "customer_name", value: (c) => c.customer_name },
  { header: "customer_email", value: (c) => c.customer_email },
  { header: "description", value: (c) => c.description },
  { header: "dispute", value: (c) => (c.dispute_id as string | null) ?? "" },
  { header: "captured_at", value: (c) => isoTime(c.captured_at) },
];

defineRoute(
  chargesApp,
  {
    method: "get",
    path: "/v1/exports/charges",
    summary:
      "Export every payment the filters select (the whole filter, newest first) as CSV; amounts in the currency's minor unit",
    tags: ["Charges"],
    auth: ["secret", "account_session"],
    components: ["payments"],
    query: paymentFilters,
    response: z.string(),
    produces: "text/csv",
  },
  async ({ deps, principal, query }) => {
    requireFeature(principal, "export");
    const rows = paymentRows(principal, query);
    rows.extra.push(
      sql<number | null>`(select balance_transactions.fee from balance_transactions
        where balance_transactions.id = charges.balance_transaction)`.as("fee"),
    );
    return csvResponse(
      exportFilename("payments", deps.config.now()),
      paymentColumns,
      accountRowsInBatches(deps.db, rows) as AsyncGenerator<
        ChargeRow & { dispute_id: unknown; fee: unknown }
      >,
    );
  },
);

defineRoute(
  chargesApp,
  {
    method: "post",
    path: "/v1/charges/:id/capture",
    summary: "Capture an uncaptured charge (all of it, or amount_to_capture)",
    tags: ["Charges"],
    auth: ["secret", "account_session"],
    components: paymentComponents,
    params: idParams,
    body: z.strictObject({ amount_to_capture: formInteger(1, maxAmount).optional() }),
    response: chargeSchema,
  },
  async ({ deps, principal, params, body }) => {
    requireFeature(principal, "capture_payments");
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      await lockAccount(trx, acting.accountId);
      const charge = await findCharge(trx, acting, params.id, "id", true);
      requireUncaptured(charge, "captured");
      const amount = body.amount_to_capture ?? charge.amount;
      if (amount > charge.amount) {
        throw invalidRequest(
          `amount_to_capture (${amount}) is more than the charge's amount (${charge.amount}).`,
          { code: "amount_too_large", param: "amount_to_capture" },
        );
      }
      const balanceTransaction = await writeChargeEntry(trx, acting, charge, amount, now);
      return trx
        .updateTable("charges")
        .set({
          captured: true,
          amount_captured: amount,
          balance_transaction: balanceTransaction,
          payment_status: "succeeded",
          captured_at: now,
        })
        .where("id", "=", charge.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    const captured = await chargeWithDispute(deps.db, row);
    await recordEvent(deps.db, deps.config, {
      ...acting,
      type: "charge.captured",
      object: captured,
    });
    return chargeSeenBy(principal, captured);
  },
);

defineRoute(
  chargesApp,
  {
    method: "post",
    path: "/v1/charges/:id/cancel",
    summary: "Cancel an uncaptured charge: its authorization is released and no money moves",
    tags: ["Charges"],
    auth: ["secret", "account_session"],
    components: paymentComponents,
    params: idParams,
    response: chargeSchema,
  },
  async ({ deps, principal, params }) => {
    requireFeature(principal, "capture_payments");
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      const charge = await findCharge(trx, acting, params.id, "id", true);
      requireUncaptured(charge, "canceled");
      return trx
        .updateTable("charges")
        .set({ canceled_at: now, payment_status: "canceled" })
        .where("id", "=", charge.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return chargeSeenBy(principal, await chargeWithDispute(deps.db, row));
  },
);

defineRoute(
  chargesApp,
  {
    method: "post",
    path: "/v1/refunds",
    summary: "Refund a captured charge, fully or in part",
    tags: ["Refunds"],
    auth: ["secret", "account_session"],
    components: paymentComponents,
    body: z.strictObject({
      charge: z.string().min(1).max(255),
      amount: formInteger(1, maxAmount).optional(),
      reason: z.enum(["duplicate", "fraudulent", "requested_by_customer"]).optional(),
      metadata: metadataParam.optional(),
    }),
    response: refundSchema,
  },
  async ({ deps, principal, body }) => {
    requireFeature(principal, "refund_management");
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const refund = await deps.db.transaction().execute(async (trx) => {
      await lockAccount(trx, acting.accountId);
      const charge = await findCharge(trx, acting, body.charge, "charge", true);
      if (!charge.captured) {
        throw invalidRequest(`Charge ${charge.id} is not captured: there is nothing to refund.`, {
          code: "charge_not_captured",
          param: "charge",
        });
      }
      const dispute = await trx
        .selectFrom("disputes")
        .select("status")
        .where("charge", "=", charge.id)
        .executeTakeFirst();
      if (dispute && !dispute.status.startsWith("warning_")) {
        throw invalidRequest(`Charge ${charge.id} has been disputed and cannot be refunded.`, {
          code: "charge_disputed",
          param: "charge",
        });
      }
      const remaining = charge.amount_captured - charge.amount_refunded;
      const amount = body.amount ?? remaining;
      if (remaining === 0) {
        throw invalidRequest(`Charge ${charge.id} has already been refunded.`, {
          code: "charge_already_refunded",
          param: "charge",
        });
      }
      if (amount > remaining) {
        throw invalidRequest(
          `Refund amount (${amount}) is greater than the unrefunded amount on the charge (${remaining}).`,
          { code: "amount_too_large", param: "amount" },
        );
      }
      // Dated with the charge's funds when those are still pending, so they net out.
      const chargeEntry = await trx
        .selectFrom("balance_transactions")
        .select("available_on")
        .where("id", "=", charge.balance_transaction ?? "")
        .executeTakeFirstOrThrow();
      const availableOn = Math.max(now, chargeEntry.available_on);
      await requireFunds(trx, {
        accountId: acting.accountId,
        currency: charge.currency,
        amount: amount - returnedFee(charge, amount),
        from: availableOn,
        param: "amount",
      });
      const id = newId("re");
      const balanceTransaction = await writeEntry(trx, {
        ...acting,
        amount: -amount,
        fee: -returnedFee(charge, amount),
        currency: charge.currency,
        type: "refund",
        reportingCategory: "refund",
        source: id,
        description: `REFUND FOR CHARGE (${charge.id})`,
        availableOn,
        created: now,
      });
      const refunded = { ...charge, amount_refunded: charge.amount_refunded + amount };
      await trx
        .updateTable("charges")
        .set({
          amount_refunded: refunded.amount_refunded,
          payment_status: paymentStatusOf(refunded, false),
        })
        .where("id", "=", charge.id)
        .execute();
      return trx
        .insertInto("refunds")
        .values({
          id,
          account_id: acting.accountId,
          livemode: acting.livemode,
          charge: charge.id,
          amount,
          currency: charge.currency,
          reason: body.reason ?? null,
          status: "succeeded",
          metadata: JSON.stringify(body.metadata ?? {}),
          balance_transaction: balanceTransaction,
          created: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    await recordEvent(deps.db, deps.config, {
      ...acting,
      type: "charge.refunded",
      object: await chargeWithDispute(deps.db, await findCharge(deps.db, acting, refund.charge)),
    });
    return renderRefund(refund);
  },
);

defineRoute(
  chargesApp,
  {
    method: "get",
    path: "/v1/refunds/:id",
    summary: "Retrieve a refund",
    tags: ["Refunds"],
    auth: ["secret", "account_session"],
    components: paymentComponents,
    params: idParams,
    response: refundSchema,
    expandable: ["balance_transaction", "charge"],
  },
  async ({ deps, principal, params, expand }) => {
    const acting = actingAccount(principal);
    const row = await deps.db
      .selectFrom("refunds")
      .selectAll()
      .where("id", "=", params.id)
      .where("account_id", "=", acting.accountId)
      .executeTakeFirst();
    if (!row) throw resourceMissing("refund", params.id);
    return expandOne(deps.db, acting.accountId, renderRefund(row), expand, deps.config.now());
  },
);

defineRoute(
  chargesApp,
  {
    method: "get",
    path: "/v1/refunds",
    summary: "List refunds, newest first (optionally of one charge)",
    tags: ["Refunds"],
    auth: ["secret", "account_session"],
    components: paymentComponents,
    query: z.strictObject({ ...listQueryShape, charge: z.string().min(1).max(255).optional() }),
    response: listOf(refundSchema),
    expandable: ["data.balance_transaction", "data.charge"],
  },
  async ({ deps, principal, query, expand }) => {
    const { charge, ...page } = query;
    const { accountId } = actingAccount(principal);
    const list = await listAccountRows(deps.db, {
      table: "refunds",
      accountId,
      query: page,
      url: "/v1/refunds",
      where: { charge },
      render: renderRefund,
    });
    return expandList(deps.db, accountId, list, expand, deps.config.now());
  },
);
