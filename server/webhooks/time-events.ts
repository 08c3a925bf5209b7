/**
 * Events of what time alone changes. A payout's paid or failed state and an unanswered
 * dispute's close are derived from the clock (`money/render.ts`), so no request writes them;
 * their events are recorded when the platform's sandbox clock is advanced over the moment
 * (`POST /v1/test_helpers/clock/advance`), in that request's transaction, each dated at its
 * moment. A failed payout's `payout_failure` ledger row is written first (as any read of the
 * account's money would), so the event's payout carries it. Time passing on the wall clock
 * alone records none (as it makes no automatic payout).
 */
import type { Deps } from "../http/context.ts";
import type { Acting } from "../money/access.ts";
import { settlePayoutFailures } from "../money/payout-failures.ts";
import { renderDispute, renderPayout } from "../money/render.ts";
import { recordEvent } from "./events.ts";

/** Records the events of the moments in (from, to] for the platform's accounts. */
export async function recordTimeEvents(
  deps: Deps,
  platformId: string,
  from: number,
  to: number,
): Promise<number> {
  const db = deps.db;
  let recorded = 0;
  const failing = await db
    .selectFrom("payouts")
    .innerJoin("accounts", "accounts.id", "payouts.account_id")
    .select(["payouts.account_id", "payouts.livemode"])
    .distinct()
    .where("accounts.platform_id", "=", platformId)
    .where("payouts.failure_code", "is not", null)
    .where("payouts.canceled_at", "is", null)
    .where("payouts.submitted_at", ">", from)
    .where("payouts.submitted_at", "<=", to)
    .execute();
  for (const row of failing) {
    await settlePayoutFailures(
      db,
      { platformId, accountId: row.account_id, livemode: row.livemode },
      to,
    );
  }
  const payouts = await db
    .selectFrom("payouts")
    .innerJoin("accounts", "accounts.id", "payouts.account_id")
    .selectAll("payouts")
    .where("accounts.platform_id", "=", platformId)
    .where("payouts.canceled_at", "is", null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("payouts.failure_code", "is", null),
          eb("payouts.arrival_date", ">", from),
          eb("payouts.arrival_date", "<=", to),
        ]),
        eb.and([
          eb("payouts.failure_code", "is not", null),
          eb("payouts.submitted_at", ">", from),
          eb("payouts.submitted_at", "<=", to),
        ]),
      ]),
    )
    .orderBy("payouts.created")
    .orderBy("payouts.id")
    .execute();
  for (const payout of payouts) {
    const failed = payout.failure_code !== null;
    const at = failed ? payout.submitted_at : payout.arrival_date;
    const acting: Acting = { platformId, accountId: payout.account_id, livemode: payout.livemode };
    await recordEvent(
      db,
      deps.config,
      {
        ...acting,
        type: failed ? "payout.failed" : "payout.paid",
        object: renderPayout(payout, to),
      },
      at,
    );
    recorded++;
  }
  // An unanswered dispute closes (lost, or an inquiry warning_closed) once due_by has passed.
  const lapsed = await db
    .selectFrom("disputes")
    .innerJoin("accounts", "accounts.id", "disputes.account_id")
    .selectAll("disputes")
    .where("accounts.platform_id", "=", platformId)
    .where("disputes.status", "in", ["needs_response", "warning_needs_response"])
    .where("disputes.due_by", ">=", from)
    .where("disputes.due_by", "<", to)
    .orderBy("disputes.due_by")
    .orderBy("disputes.id")
    .execute();
  for (const dispute of lapsed) {
    await recordEvent(
      db,
      deps.config,
      {
        platformId,
        accountId: dispute.account_id,
        livemode: dispute.livemode,
        type: "charge.dispute.closed",
        object: renderDispute(dispute, to),
      },
      dispute.due_by + 1,
    );
    recorded++;
  }
  return recorded;
}
