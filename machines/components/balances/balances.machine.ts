import { assign, emit, fromPromise, setup } from "xstate";
import { listOf } from "../../../protocol/objects/api-fields.schema.ts";
import { type Balance, balanceSchema } from "../../../protocol/objects/balance.schema.ts";
import {
  type ExternalAccount,
  externalAccountSchema,
} from "../../../protocol/objects/external-account.schema.ts";
import {
  type PayoutSchedule,
  payoutScheduleSchema,
} from "../../../protocol/objects/payout-schedule.schema.ts";
import { type CallFailure, toCallFailure } from "../../auth/failure.ts";
import type { GetObjectsInput } from "../resource-list.types.ts";

/**
 * What the balances view shows (`balances`, and the summary of `payouts`): the balance per
 * currency, the payout schedule with its next payout date, and the payout destinations (which
 * decide whether an instant payout can be offered). One load of the three through the kit's
 * `getObjects` (the frame's calls through the data layer, each answer parsed with its
 * protocol schema).
 *
 * States: `loading`, `shown` (`refresh` after a payout or a schedule change reloads, the
 * stale figures kept on screen meanwhile: `refreshing`), `failed` (`retry`; emits
 * `load.failed`), `unauthorized` (a 401: emits `unauthorized`).
 */

export interface BalancesData {
  balance: Balance;
  schedule: PayoutSchedule;
  /** The payout destinations (bank accounts and debit cards) of the account. */
  destinations: ExternalAccount[];
}

export interface BalancesContext {
  accountId: string;
  data: BalancesData | null;
  failure: CallFailure | null;
}

export type BalancesEvent = { type: "refresh" } | { type: "retry" };

export type BalancesEmitted =
  | { type: "unauthorized" }
  | { type: "load.failed"; failure: CallFailure }
  | { type: "balances.loaded"; data: BalancesData };

/** The three calls: the balance, the schedule, the account's payout destinations. */
export const balancesRequests = (accountId: string): GetObjectsInput => ({
  balance: { url: "/v1/balance", schema: balanceSchema },
  schedule: { url: "/v1/payout_schedule", schema: payoutScheduleSchema },
  destinations: {
    url: `/v1/accounts/${encodeURIComponent(accountId)}/external_accounts?limit=100`,
    schema: listOf(externalAccountSchema),
  },
});

const failureOf = (event: unknown) => toCallFailure((event as { error?: unknown }).error);

type Loaded = Record<string, unknown>;
const dataOf = (output: Loaded): BalancesData => {
  const { balance, schedule, destinations } = output as {
    balance: Balance;
    schedule: PayoutSchedule;
    destinations: { data: ExternalAccount[] };
  };
  return { balance, schedule, destinations: destinations.data };
};

/** The load, from `loading` or `refreshing`; a failure while shown keeps the figures. */
const load = (onFailure: "failed" | "shown") =>
  ({
    id: "getObjects",
    src: "getObjects",
    input: ({ context }: { context: BalancesContext }) => balancesRequests(context.accountId),
    onDone: { target: "shown", actions: ["keep", "emitLoaded"] },
    onError: [
      { guard: "unauthorized", target: "unauthorized", actions: "emitUnauthorized" },
      { target: onFailure, actions: ["fail", "emitFailed"] },
    ],
  }) as const;

export const balancesMachine = setup({
  types: {
    input: {} as { accountId: string },
    context: {} as BalancesContext,
    events: {} as BalancesEvent,
    emitted: {} as BalancesEmitted,
  },
  actors: {
    // The kit's actor (the frame provides it): the three GETs, each parsed with its schema.
    getObjects: fromPromise<Loaded, GetObjectsInput>(async () => {
      throw new Error("provide the kit's getObjects");
    }),
  },
  guards: {
    unauthorized: ({ event }) => {
      const failure = failureOf(event);
      return failure.kind === "http" && failure.status === 401;
    },
  },
  actions: {
    keep: assign(({ event }) => ({
      data: dataOf((event as unknown as { output: Loaded }).output),
      failure: null,
    })),
    emitLoaded: emit(({ context }) => ({
      type: "balances.loaded" as const,
      data: context.data as BalancesData,
    })),
    fail: assign(({ event }) => ({ failure: failureOf(event) })),
    emitFailed: emit(({ context }) => ({
      type: "load.failed" as const,
      failure: context.failure as CallFailure,
    })),
    emitUnauthorized: emit({ type: "unauthorized" as const }),
  },
}).createMachine({
  id: "balances",
  context: ({ input }) => ({ accountId: input.accountId, data: null, failure: null }),
  initial: "loading",
  states: {
    loading: { invoke: load("failed") },
    shown: { on: { refresh: "refreshing" } },
    refreshing: { invoke: load("shown") },
    failed: { on: { retry: "loading" } },
    unauthorized: { type: "final" },
  },
});
