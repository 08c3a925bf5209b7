/**
 * The sandbox's test helpers (secret key): read the platform's simulated clock and advance
 * it by `seconds` or to `to` (Unix seconds), which runs the automatic payouts of its accounts
 * for the days crossed (`clock.ts`; another platform's clock and objects stay as they were)
 * and then decides its disputes whose review ended (`money/disputes.ts`); reset the calling
 * platform's demo data (`seed.ts`); make a pending payout one the bank will return
 * (`money/payout-failures.ts`: it fails once submitted, its money back in the balance).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { payoutFailureCodes, payoutSchema } from "../../protocol/objects/payout.schema.ts";
import {
  sandboxClockAdvanceSchema,
  sandboxClockSchema,
  sandboxResetSchema,
} from "../../protocol/objects/sandbox.schema.ts";
import type { AppEnv } from "../http/context.ts";
import { invalidRequest, resourceMissing } from "../http/errors.ts";
import { formInteger } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { actingAccount } from "../money/access.ts";
import { decideReviewedDisputes } from "../money/disputes.ts";
import { lockAccount } from "../money/ledger.ts";
import { writePayoutFailures } from "../money/payout-failures.ts";
import { payoutStatus, renderPayout } from "../money/render.ts";
import { advanceClock, clockState, maxAdvanceSeconds } from "./clock.ts";
import { resetPlatformSandbox } from "./seed.ts";

export const sandboxApp = new OpenAPIHono<AppEnv>();

defineRoute(
  sandboxApp,
  {
    method: "get",
    path: "/v1/test_helpers/clock",
    summary: "Sandbox: the platform's simulated clock (now, and its offset from the wall clock)",
    tags: ["Test helpers"],
    auth: ["secret"],
    response: sandboxClockSchema,
  },
  async ({ deps, principal }) => clockState(deps, principal.platformId),
);

defineRoute(
  sandboxApp,
  {
    method: "post",
    path: "/v1/test_helpers/clock/advance",
    summary:
      "Sandbox: move the platform's clock forward (seconds, or to a time); runs its accounts' automatic payouts of the days crossed and decides its disputes whose review ended; other platforms' clocks do not move",
    tags: ["Test helpers"],
    auth: ["secret"],
    body: z.strictObject({
      seconds: formInteger(1, maxAdvanceSeconds).optional(),
      to: formInteger(1, 99_999_999_999).optional(),
    }),
    response: sandboxClockAdvanceSchema,
  },
  async ({ deps, principal, body }) => {
    if ((body.seconds === undefined) === (body.to === undefined)) {
      throw invalidRequest("Send exactly one of seconds or to.", {
        code: "parameter_missing",
        param: body.seconds === undefined ? "seconds" : "to",
      });
    }
    const advanced = await advanceClock(
      deps,
      principal.platformId,
      body.seconds !== undefined ? { seconds: body.seconds } : { to: body.to! },
    );
    const decided = await decideReviewedDisputes(deps.db, principal.platformId, advanced.now);
    return { ...advanced, disputes_decided: decided };
  },
);

defineRoute(
  sandboxApp,
  {
    method: "post",
    path: "/v1/test_helpers/sandbox/reset",
    summary:
      "Sandbox: delete the platform's connected accounts and all their objects, then seed its demo accounts and history again",
    tags: ["Test helpers"],
    auth: ["secret"],
    body: z.strictObject({
      /** Payment attempts on the new main account (default 5,400; 0 for accounts only). */
      payments: formInteger(0, 20_000).optional(),
    }),
    response: sandboxResetSchema,
  },
  async ({ deps, principal, body }) => {
    if (principal.accountId !== null) {
      throw invalidRequest(
        "A reset acts for the whole platform: send it without the account header.",
        { code: "account_not_allowed" },
      );
    }
    const reset = await resetPlatformSandbox(deps.db, principal.platformId, {
      now: deps.config.now(),
      ...(body.payments !== undefined ? { payments: body.payments } : {}),
    });
    return {
      object: "sandbox_reset" as const,
      deleted_accounts: reset.deletedAccounts,
      main_account: reset.mainAccountId,
      accounts: reset.accounts,
    };
  },
);

defineRoute(
  sandboxApp,
  {
    method: "post",
    path: "/v1/test_helpers/payouts/:id/fail",
    summary:
      "Sandbox: the bank will return a pending payout (with failure_code, default could_not_process): it fails once submitted and its money comes back to the balance",
    tags: ["Test helpers"],
    auth: ["secret"],
    params: z.strictObject({ id: z.string().min(1).max(255) }),
    body: z.strictObject({ failure_code: z.enum(payoutFailureCodes).optional() }),
    response: payoutSchema,
  },
  async ({ deps, principal, params, body }) => {
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
      if (status !== "pending" || payout.failure_code !== null) {
        throw invalidRequest(
          `Payout ${payout.id} is ${status}; only a pending payout can be made to fail.`,
          { code: "payout_not_pending" },
        );
      }
      return trx
        .updateTable("payouts")
        .set({ failure_code: body.failure_code ?? "could_not_process" })
        .where("id", "=", payout.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return renderPayout(row, now);
  },
);
