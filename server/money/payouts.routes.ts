/**
 * Payouts, the payout schedule, the balance and the balance transactions.
 *
 * A payout debits the available balance at once and is refused with `balance_insufficient`,
 * writing nothing, when funds are short (`payouts.ts`). A standard payout
 * is pending until the next day starts (cancelable until then: a `payout_cancel` row gives the
 * funds back), in transit, and paid two days after its day; an instant one arrives in 30
 * minutes. Status follows the clock, so the simulated clock moves payouts by itself.
 * `destination` is the account's default external account for the currency; without one the
 * payout is refused (`no_external_account`).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { sql } from "kysely";
import { z } from "zod";
import { filterQueryShape } from "../../protocol/filter-query.ts";
import { transactionsFilterSpec } from "../../protocol/filters.ts";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import { balanceSchema } from "../../protocol/objects/balance.schema.ts";
import { balanceTransactionSchema } from "../../protocol/objects/balance-transaction.schema.ts";
import { payoutMethods, payoutSchema } from "../../protocol/objects/payout.schema.ts";
import {
  payoutIntervals,
  payoutScheduleSchema,
  weekdays,
} from "../../protocol/objects/payout-schedule.schema.ts";
import { destinationOf } from "../accounts/destination.ts";
import type { AppEnv } from "../http/context.ts";
import { invalidRequest, resourceMissing } from "../http/errors.ts";
import { listQueryShape } from "../http/pagination.ts";
import { currencyParam, formInteger, formString, metadataParam } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import {
  actingAccount,
  entryPoints,
  listAccountRows,
  moneyOutReaders,
  paymentComponents,
  payoutComponents,
  requireFeature,
} from "./access.ts";
import { expandList, expandOne } from "./expand.ts";
import { filterConditions } from "./filters.ts";
import { requireInstantDestination } from "./instant.ts";
import { lockAccount, summarizeDays, writeEntry } from "./ledger.ts";
import { readMoney, settledBalance } from "./ledger-state.ts";
import { settlePayoutFailures, writePayoutFailures } from "./payout-failures.ts";
import { payoutConditions, payoutFilters } from "./payout-filters.ts";
import { settledByPayout } from "./payout-settlement.ts";
import { createPayout, type PayoutKnown } from "./payouts.ts";
import {
  payoutStatus,
  renderBalanceTransaction,
  renderPayout,
  renderPayoutSchedule,
} from "./render.ts";
import { payoutScheduleOf } from "./schedule.ts";

export const payoutsApp = new OpenAPIHono<AppEnv>();

/**
 * Balance transactions show in the payout views and in the payments views (a payment's fee
 * and net, its refunds); the transactions list is internal, so no session enables it.
 */
const balanceTransactionComponents = [...payoutComponents, ...paymentComponents];

const idParams = z.strictObject({ id: z.string().min(1).max(255) });

defineRoute(
  payoutsApp,
  {
    method: "get",
    path: "/v1/balance",
    summary: "The balance: available, pending and instant_available per currency",
    tags: ["Balance"],
    auth: ["secret", "account_session"],
    components: moneyOutReaders,
    response: balanceSchema,
  },
  async ({ deps, principal }) => {
    const acting = actingAccount(principal);
    const now = deps.config.now();
    return settledBalance(deps.db, acting, now);
  },
);

defineRoute(
  payoutsApp,
  {
    method: "get",
    path: "/v1/balance_transactions/:id",
    summary: "Retrieve a balance transaction",
    tags: ["Balance"],
    auth: ["secret", "account_session"],
    components: balanceTransactionComponents,
    params: idParams,
    response: balanceTransactionSchema,
  },
  async ({ deps, principal, params }) => {
    const acting = actingAccount(principal);
    const now = deps.config.now();
    await settlePayoutFailures(deps.db, acting, now);
    const row = await deps.db
      .selectFrom("balance_transactions")
      .selectAll()
      .where("id", "=", params.id)
      .where("account_id", "=", acting.accountId)
      .executeTakeFirst();
    if (!row) throw resourceMissing("balance transaction", params.id);
    return renderBalanceTransaction(row, now);
  },
);

defineRoute(
  payoutsApp,
  {
    method: "get",
    path: "/v1/balance_transactions",
    summary:
      "List balance transactions, newest first (filter by type, `type[]=charge`; by source; or those a payout settled, `payout=po_…`)",
    tags: ["Balance"],
    auth: ["secret", "account_session"],
    components: balanceTransactionComponents,
    query: z.strictObject({
      ...listQueryShape,
      ...filterQueryShape(transactionsFilterSpec),
      source: z.string().min(1).max(255).optional(),
      payout: z.string().min(1).max(255).optional(),
    }),
    response: listOf(balanceTransactionSchema),
  },
  async ({ deps, principal, query }) => {
    const { type, source, payout, ...page } = query;
    const now = deps.config.now();
    const acting = actingAccount(principal);
    await settlePayoutFailures(deps.db, acting, now);
    return listAccountRows(deps.db, {
      table: "balance_transactions",
      accountId: acting.accountId,
      query: page,
      url: "/v1/balance_transactions",
      where: { source },
      conditions: [
        ...filterConditions(
          transactionsFilterSpec,
          { type },
          { type: sql.ref("balance_transactions.type") },
        ),
        // What one payout settled (`payout-settlement.ts`).
        ...(payout === undefined ? [] : [settledByPayout(payout)]),
      ],
      render: (row) => renderBalanceTransaction(row, now),
    });
  },
);

defineRoute(
  payoutsApp,
  {
    method: "post",
    path: "/v1/payouts",
    summary: "Pay out available funds (standard, or instant up to instant_available)",
    tags: ["Payouts"],
    auth: ["secret", "account_session"],
    components: [...payoutComponents, entryPoints.createPayout],
    body: z.strictObject({
      amount: formInteger(1, 99_999_999),
      currency: currencyParam.optional(),
      method: z.enum(payoutMethods).optional(),
      description: formString(1000).optional(),
      statement_descriptor: formString(22).optional(),
      metadata: metadataParam.optional(),
    }),
    response: payoutSchema,
  },
  async ({ deps, principal, body }) => {
    const method = body.method ?? "standard";
    requireFeature(principal, method === "instant" ? "instant_payouts" : "standard_payouts");
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      const { defaultCurrency } = await lockAccount(trx, acting.accountId);
      const currency = body.currency ?? defaultCurrency;
      // A standard payout reads what it needs in one statement (`readMoney`); money a failed
      // payout returned is available again, so when failures are due they are written first
      // and the payout reads the money again.
      let known: PayoutKnown | undefined;
      if (method === "standard" && currency !== undefined) {
        const read = await readMoney(trx, acting.accountId, now, {
          currency,
          destination: currency,
        });
        if (!read.failuresDue) {
          const [summary] = await summarizeDays(trx, acting.accountId, read.days, now);
          known = {
            destination: destinationOf(read.destination, now),
            lowestAhead: summary?.lowestAhead ?? 0,
          };
        }
      }
      if (!known) await writePayoutFailures(trx, acting, now);
      if (currency === undefined) throw resourceMissing("account", acting.accountId);
      if (method === "instant") await requireInstantDestination(trx, principal, acting, currency);
      return createPayout(
        trx,
        acting,
        {
          amount: body.amount,
          currency,
          method,
          automatic: false,
          description: body.description ?? null,
          statementDescriptor: body.statement_descriptor ?? null,
          metadata: body.metadata ?? {},
          now,
        },
        known,
      );
    });
    return renderPayout(row, now);
  },
);

defineRoute(
  payoutsApp,
  {
    method: "post",
    path: "/v1/payouts/:id/cancel",
    summary: "Cancel a pending payout (its funds return to the available balance)",
    tags: ["Payouts"],
    auth: ["secret", "account_session"],
    components: payoutComponents,
    params: idParams,
    response: payoutSchema,
  },
  async ({ deps, principal, params }) => {
    requireFeature(principal, "standard_payouts");
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      await lockAccount(trx, acting.accountId);
      await writePayoutFailures(trx, acting, now);
      const payout = await trx
        .selectFrom("payouts")
        .selectAll()
        .where("id", "=", params.id)
        .where("account_id", "=", acting.accountId)
        .forUpdate()
        .executeTakeFirst();
      if (!payout) throw resourceMissing("payout", params.id, "id");
      const status = payoutStatus(payout, now);
      if (status !== "pending") {
        throw invalidRequest(
          `Payout ${payout.id} is ${status}; only a pending payout can be canceled.`,
          {
            code: "payout_not_cancelable",
          },
        );
      }
      const debit = await trx
        .selectFrom("balance_transactions")
        .select(["amount", "fee"])
        .where("id", "=", payout.balance_transaction)
        .executeTakeFirstOrThrow();
      const reversal = await writeEntry(trx, {
        ...acting,
        amount: -debit.amount,
        fee: -debit.fee,
        currency: payout.currency,
        type: "payout_cancel",
        reportingCategory: "payout_reversal",
        source: payout.id,
        description: `Canceled payout ${payout.id}`,
        availableOn: now,
        created: now,
      });
      return trx
        .updateTable("payouts")
        .set({ canceled_at: now, reversal })
        .where("id", "=", payout.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return renderPayout(row, now);
  },
);

defineRoute(
  payoutsApp,
  {
    method: "get",
    path: "/v1/payouts/:id",
    summary: "Retrieve a payout",
    tags: ["Payouts"],
    auth: ["secret", "account_session"],
    components: payoutComponents,
    params: idParams,
    response: payoutSchema,
    expandable: ["balance_transaction", "destination", "failure_balance_transaction"],
  },
  async ({ deps, principal, params, expand }) => {
    const acting = actingAccount(principal);
    const { accountId } = acting;
    const now = deps.config.now();
    await settlePayoutFailures(deps.db, acting, now);
    const row = await deps.db
      .selectFrom("payouts")
      .selectAll()
      .where("id", "=", params.id)
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    if (!row) throw resourceMissing("payout", params.id);
    return expandOne(deps.db, accountId, renderPayout(row, now), expand, now);
  },
);

defineRoute(
  payoutsApp,
  {
    method: "get",
    path: "/v1/payouts",
    summary: "List payouts, newest first, filtered by status, created and amount",
    tags: ["Payouts"],
    auth: ["secret", "account_session"],
    components: payoutComponents,
    query: payoutFilters.extend(listQueryShape),
    response: listOf(payoutSchema),
    expandable: [
      "data.balance_transaction",
      "data.destination",
      "data.failure_balance_transaction",
    ],
  },
  async ({ deps, principal, query, expand }) => {
    const now = deps.config.now();
    const acting = actingAccount(principal);
    const { accountId } = acting;
    await settlePayoutFailures(deps.db, acting, now);
    const { limit, starting_after, ending_before, ...filters } = query;
    const list = await listAccountRows(deps.db, {
      table: "payouts",
      accountId,
      query: { limit, starting_after, ending_before },
      conditions: payoutConditions(filters, now),
      url: "/v1/payouts",
      render: (row) => renderPayout(row, now),
    });
    return expandList(deps.db, accountId, list, expand, now);
  },
);

defineRoute(
  payoutsApp,
  {
    method: "get",
    path: "/v1/payout_schedule",
    summary: "The account's payout schedule",
    tags: ["Payouts"],
    auth: ["secret", "account_session"],
    components: moneyOutReaders,
    response: payoutScheduleSchema,
  },
  async ({ deps, principal }) =>
    renderPayoutSchedule(
      await payoutScheduleOf(deps.db, actingAccount(principal).accountId),
      deps.config.now(),
    ),
);

defineRoute(
  payoutsApp,
  {
    method: "post",
    path: "/v1/payout_schedule",
    summary: "Change the payout schedule (interval, delay_days, weekly/monthly anchor)",
    tags: ["Payouts"],
    auth: ["secret", "account_session"],
    components: [...payoutComponents, entryPoints.editPayoutSchedule],
    body: z.strictObject({
      interval: z.enum(payoutIntervals).optional(),
      delay_days: formInteger(2, 30).optional(),
      weekly_anchor: z.enum(weekdays).optional(),
      monthly_anchor: formInteger(1, 31).optional(),
    }),
    response: payoutScheduleSchema,
  },
  async ({ deps, principal, body }) => {
    requireFeature(principal, "edit_payout_schedule");
    const acting = actingAccount(principal);
    const current = await payoutScheduleOf(deps.db, acting.accountId);
    const interval = body.interval ?? current.interval;
    if (body.weekly_anchor !== undefined && interval !== "weekly") {
      throw invalidRequest("weekly_anchor applies to a weekly schedule only.", {
        param: "weekly_anchor",
      });
    }
    if (body.monthly_anchor !== undefined && interval !== "monthly") {
      throw invalidRequest("monthly_anchor applies to a monthly schedule only.", {
        param: "monthly_anchor",
      });
    }
    const next = {
      account_id: acting.accountId,
      interval,
      delay_days: body.delay_days ?? current.delay_days,
      weekly_anchor:
        interval === "weekly" ? (body.weekly_anchor ?? current.weekly_anchor ?? "monday") : null,
      monthly_anchor:
        interval === "monthly" ? (body.monthly_anchor ?? current.monthly_anchor ?? 1) : null,
    };
    await deps.db
      .insertInto("payout_schedules")
      .values({ ...next, updated: deps.config.now() })
      .onConflict((oc) =>
        oc.column("account_id").doUpdateSet({
          interval: next.interval,
          delay_days: next.delay_days,
          weekly_anchor: next.weekly_anchor,
          monthly_anchor: next.monthly_anchor,
          updated: deps.config.now(),
        }),
      )
      .execute();
    return renderPayoutSchedule(next, deps.config.now());
  },
);
