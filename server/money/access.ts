/**
 * Who may move or see money, and for which account. The money endpoints always act for one
 * connected account: the platform's secret key names it in the account header, a claimed
 * account-session key carries it. A session key reaches an endpoint only through a component
 * its session enabled (checked by `defineRoute`), and writes only when that component's
 * feature allows it (`requireFeature`).
 */
import type { AliasedRawBuilder, Expression, Kysely, Selectable, SqlBool } from "kysely";
import { componentsOffering, type FeatureName } from "../../protocol/catalogue/features.ts";
import { provider } from "../../protocol/provider.ts";
import type { Database } from "../db/schema.ts";
import type { Principal } from "../http/context.ts";
import { invalidRequest, permissionError } from "../http/errors.ts";
import {
  type Cursor,
  keysetCondition,
  keysetOrder,
  type ListQuery,
  listPage,
  type PageRequest,
} from "../http/pagination.ts";

/** Components whose screens show payments, refunds and disputes. */
export const paymentComponents = [
  "payments",
  "payment_details",
  "payment_disputes",
  "disputes_list",
] as const;

/** Components whose screens show the balance and payouts. */
export const payoutComponents = [
  "payouts",
  "payouts_list",
  "payout_details",
  "balances",
  "instant_payouts",
  "instant_payouts_promotion",
] as const;

/**
 * The mobile entry points (catalogue `entries/entry-points.ts`, docs/mobile.md): each shows
 * the balance, the schedule and the payout destinations, and does its one task.
 */
export const entryPoints = {
  createPayout: "entry_point_create_payout",
  editPayoutSchedule: "entry_point_edit_payout_schedule",
  editPayoutDestination: "entry_point_edit_payout_destination",
  addFunds: "entry_point_add_funds",
} as const;

/** Components whose screens read the balance, the payout schedule and payout destinations. */
export const moneyOutReaders = [...payoutComponents, ...Object.values(entryPoints)] as const;

export interface Acting {
  platformId: string;
  accountId: string;
  livemode: boolean;
}

export type MoneyPrincipal = Extract<Principal, { kind: "secret" | "account_session" }>;

/** The account the call acts for; a platform key must name it in the account header. */
export function actingAccount(principal: MoneyPrincipal): Acting {
  if (principal.accountId === null) {
    throw invalidRequest(
      `This call acts for a connected account: send its id in the ${provider.headers.account} header.`,
      { code: "account_required" },
    );
  }
  return {
    platformId: principal.platformId,
    accountId: principal.accountId,
    livemode: principal.livemode,
  };
}

/** Is `feature` on for the principal: always for a secret key; for a session key, when an
 * enabled component that offers `feature` (the catalogue names which) has it on. */
export function featureGranted(principal: MoneyPrincipal, feature: FeatureName): boolean {
  if (principal.kind !== "account_session") return true;
  return componentsOffering(feature).some((name) => {
    const component = principal.components[name];
    return component?.enabled === true && component.features[feature] === true;
  });
}

/**
 * A session key may act only if an enabled component that offers `feature` (the catalogue
 * names which) has it on; otherwise a permission error naming the feature.
 */
export function requireFeature(principal: MoneyPrincipal, feature: FeatureName): void {
  if (!featureGranted(principal, feature)) {
    throw permissionError(
      `This account session does not enable the ${feature} feature.`,
      "feature_not_enabled",
    );
  }
}

/**
 * A charge as the principal may see it: a session key sees its metadata (the platform's own
 * order data) only where the session enables `enable_metadata_in_payment_details`; otherwise
 * the field is absent (not an empty object, which would say there is none).
 */
export function chargeSeenBy<C extends { metadata?: unknown }>(
  principal: MoneyPrincipal,
  charge: C,
): C {
  if (featureGranted(principal, "enable_metadata_in_payment_details")) return charge;
  const { metadata: _hidden, ...rest } = charge;
  return rest as C;
}

type MoneyTable =
  | "charges"
  | "refunds"
  | "disputes"
  | "payouts"
  | "balance_transactions"
  | "topups";

/** Which of one account's rows of `table` a list or an export reads. */
export interface AccountRows<T extends MoneyTable> {
  table: T;
  accountId: string;
  /** Equality filters by column. */
  where?: Record<string, string | undefined>;
  /** Further conditions (the list's filters, `filters.ts`), all of which must hold. */
  conditions?: readonly Expression<SqlBool>[];
  /** Extra columns of each row (e.g. a correlated subquery), read in the same query. */
  extra?: AliasedRawBuilder<unknown, string>[];
}

type RowOf<T extends MoneyTable> = Selectable<Database[T]> & Cursor & Record<string, unknown>;

/**
 * The keyset query of `rows`: one page in either direction. Every money table has `id`,
 * `account_id` and `created` and an index on (account_id, created desc, id desc), and the
 * filtered columns have their own (migration 0013).
 */
function accountRowsFetcher<T extends MoneyTable>(db: Kysely<Database>, rows: AccountRows<T>) {
  // One concrete table type for the query builder; the columns used are common to all.
  const table = rows.table as "charges";
  const filters = Object.entries(rows.where ?? {}).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return async ({ cursor, direction, fetch }: PageRequest): Promise<RowOf<T>[]> => {
    let q = db.selectFrom(table).selectAll(table).where("account_id", "=", rows.accountId);
    if (rows.extra) q = q.select(rows.extra) as unknown as typeof q;
    for (const [column, value] of filters) q = q.where(column as "id", "=", value);
    for (const condition of rows.conditions ?? []) q = q.where(condition);
    if (cursor) q = q.where(keysetCondition(table, cursor, direction));
    const found = await q
      .orderBy("created", keysetOrder(direction))
      .orderBy("id", keysetOrder(direction))
      .limit(fetch)
      .execute();
    return found as unknown as RowOf<T>[];
  };
}

/** A keyset page of one account's rows of `table`, newest first. */
export async function listAccountRows<T extends MoneyTable, Out>(
  db: Kysely<Database>,
  args: AccountRows<T> & {
    query: ListQuery;
    url: string;
    render: (row: RowOf<T>) => Out;
  },
) {
  const table = args.table as "charges";
  return listPage({
    query: args.query,
    url: args.url,
    lookup: (id) =>
      db
        .selectFrom(table)
        .select(["id", "created"])
        .where("id", "=", id)
        .where("account_id", "=", args.accountId)
        .executeTakeFirst(),
    fetch: accountRowsFetcher(db, args),
    render: args.render,
  });
}

/**
 * Every row `rows` selects, newest first, read in keyset batches of `batch` (an export
 * streams the whole filter without holding it, and each batch costs the same at any depth).
 */
export async function* accountRowsInBatches<T extends MoneyTable>(
  db: Kysely<Database>,
  rows: AccountRows<T>,
  batch = 500,
): AsyncGenerator<RowOf<T>> {
  const fetch = accountRowsFetcher(db, rows);
  let cursor: Cursor | undefined;
  for (;;) {
    const found = await fetch({ cursor, direction: "older", fetch: batch });
    yield* found;
    const last = found.at(-1);
    if (found.length < batch || !last) return;
    cursor = { created: last.created as number, id: last.id as string };
  }
}
