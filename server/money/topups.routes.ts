/**
 * Top-ups: an account adds funds to its balance from its payout bank account. Allowed where
 * the provider owns the account's loss liability (it bears a debit the bank returns) and, for
 * a session key, where the session enables `enable_topups` (a balances feature); otherwise
 * 403 and nothing is written. The top-up and its `topup` ledger row are written in one
 * transaction under the account's lock; the row is pending until the start of
 * the day `delay_days` (the payout schedule's, as for a charge) after today, then available,
 * so the clock (real or the sandbox's) moves it. An Idempotency-Key makes a retry add once.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import { topupSchema } from "../../protocol/objects/topup.schema.ts";
import { requirePayoutDestination } from "../accounts/destination.ts";
import type { AppEnv } from "../http/context.ts";
import { invalidRequest, permissionError, resourceMissing } from "../http/errors.ts";
import { listQueryShape } from "../http/pagination.ts";
import { currencyParam, formInteger, formString, metadataParam } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { newId } from "../http/secrets.ts";
import {
  actingAccount,
  entryPoints,
  listAccountRows,
  payoutComponents,
  requireFeature,
} from "./access.ts";
import { DAY, lockAccount, startOfDay, writeEntry } from "./ledger.ts";
import { renderTopup } from "./render.ts";
import { payoutScheduleOf } from "./schedule.ts";

export const topupsApp = new OpenAPIHono<AppEnv>();

defineRoute(
  topupsApp,
  {
    method: "post",
    path: "/v1/topups",
    summary: "Add funds to the balance from the account's payout bank account",
    tags: ["Top-ups"],
    auth: ["secret", "account_session"],
    components: [...payoutComponents, entryPoints.addFunds],
    body: z.strictObject({
      amount: formInteger(1, 99_999_999),
      currency: currencyParam.optional(),
      description: formString(1000).optional(),
      metadata: metadataParam.optional(),
    }),
    response: topupSchema,
  },
  async ({ deps, principal, body }) => {
    requireFeature(principal, "enable_topups");
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      const { defaultCurrency } = await lockAccount(trx, acting.accountId);
      const account = await trx
        .selectFrom("accounts")
        .select("provider_owns_loss_liability")
        .where("id", "=", acting.accountId)
        .executeTakeFirst();
      if (!account || defaultCurrency === undefined) {
        throw resourceMissing("account", acting.accountId);
      }
      if (!account.provider_owns_loss_liability) {
        throw permissionError(
          "Top-ups need the provider to own the account's loss liability; the platform owns it for this account.",
          "topups_not_allowed",
        );
      }
      const currency = body.currency ?? defaultCurrency;
      // The money comes from the payout bank account of the currency.
      const source = await requirePayoutDestination(trx, acting.accountId, currency, now);
      if (source.id.startsWith("card_")) {
        throw invalidRequest(
          `Funds are added from a bank account; the payout destination for ${currency} is a debit card.`,
          { code: "topup_bank_account_required", param: "currency" },
        );
      }
      const schedule = await payoutScheduleOf(trx, acting.accountId);
      const availableOn = startOfDay(now) + schedule.delay_days * DAY;
      const id = newId("tu");
      const description = body.description ?? null;
      const balanceTransaction = await writeEntry(trx, {
        ...acting,
        amount: body.amount,
        fee: 0,
        currency,
        type: "topup",
        reportingCategory: "topup",
        source: id,
        description,
        availableOn,
        created: now,
      });
      return trx
        .insertInto("topups")
        .values({
          id,
          platform_id: acting.platformId,
          account_id: acting.accountId,
          livemode: acting.livemode,
          amount: body.amount,
          currency,
          source: source.id,
          balance_transaction: balanceTransaction,
          description,
          metadata: JSON.stringify(body.metadata ?? {}),
          available_on: availableOn,
          created: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return renderTopup(row, now);
  },
);

defineRoute(
  topupsApp,
  {
    method: "get",
    path: "/v1/topups",
    summary: "List top-ups, newest first",
    tags: ["Top-ups"],
    auth: ["secret", "account_session"],
    components: payoutComponents,
    query: z.strictObject(listQueryShape),
    response: listOf(topupSchema),
  },
  async ({ deps, principal, query }) => {
    const now = deps.config.now();
    return listAccountRows(deps.db, {
      table: "topups",
      accountId: actingAccount(principal).accountId,
      query,
      url: "/v1/topups",
      render: (row) => renderTopup(row, now),
    });
  },
);

defineRoute(
  topupsApp,
  {
    method: "get",
    path: "/v1/topups/:id",
    summary: "Retrieve a top-up",
    tags: ["Top-ups"],
    auth: ["secret", "account_session"],
    components: payoutComponents,
    params: z.strictObject({ id: z.string().min(1).max(255) }),
    response: topupSchema,
  },
  async ({ deps, principal, params }) => {
    const row = await deps.db
      .selectFrom("topups")
      .selectAll()
      .where("id", "=", params.id)
      .where("account_id", "=", actingAccount(principal).accountId)
      .executeTakeFirst();
    if (!row) throw resourceMissing("top-up", params.id);
    return renderTopup(row, deps.config.now());
  },
);
