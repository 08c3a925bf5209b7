/**
 * Gross and net payment volume per day, week or month, summed by the database: one
 * statement cuts the periods in the asked time zone (`AT TIME ZONE`, the same on PGlite and
 * PostgreSQL), produces every period of the interval (`generate_series`, empty ones zero)
 * and sums the account's captured payments into them. What each report counts is said in
 * `protocol/objects/volume-report.schema.ts`.
 */
import { type Kysely, sql } from "kysely";
import { chooseIntervalType } from "../../protocol/catalogue/inputs.schema.ts";
import type {
  VolumeIntervalType,
  VolumePoint,
  VolumeReport,
  VolumeReportName,
} from "../../protocol/objects/volume-report.schema.ts";
import type { Database } from "../db/schema.ts";
import { invalidRequest } from "../http/errors.ts";

/** At most this many points in one report (about three years of days). */
export const MAX_VOLUME_POINTS = 1_100;

export interface VolumeRequest {
  accountId: string;
  livemode: boolean;
  reportName: VolumeReportName;
  intervalType?: VolumeIntervalType | undefined;
  intervalStart?: number | undefined;
  intervalEnd?: number | undefined;
  timeZone: string;
  currency: string;
}

/** A zone the runtime knows by its IANA name (`UTC`, `Europe/Paris`), else false. */
export function knownTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** What one payment adds to its period. */
const contribution = (name: VolumeReportName) =>
  name === "gross_volume"
    ? sql`c.amount_captured`
    : sql`c.amount_captured - c.amount_refunded - coalesce(bt.fee, 0)`;

const counted = (request: VolumeRequest) => sql`c.account_id = ${request.accountId}
  and c.livemode = ${request.livemode} and c.currency = ${request.currency}
  and c.amount_captured > 0`;

export async function volumeReport(
  db: Kysely<Database>,
  request: VolumeRequest,
): Promise<VolumeReport> {
  const { timeZone: zone } = request;
  let start = request.intervalStart;
  let end = request.intervalEnd;
  if (start === undefined || end === undefined) {
    const bounds = await sql<{ first: number | string | null; last: number | string | null }>`
      select min(c.created) as first, max(c.created) as last from charges c
      where ${counted(request)}`.execute(db);
    const row = bounds.rows[0];
    start ??= row?.first === null || row?.first === undefined ? undefined : Number(row.first);
    end ??= row?.last === null || row?.last === undefined ? undefined : Number(row.last);
  }
  const empty = (intervalType: VolumeIntervalType): VolumeReport => ({
    object: "volume_report",
    report_name: request.reportName,
    interval_type: intervalType,
    interval_start: start ?? null,
    interval_end: end ?? null,
    time_zone: zone,
    currency: request.currency,
    total: 0,
    points: [],
  });
  // No payment to bound a missing side: nothing to chart.
  if (start === undefined || end === undefined) return empty(request.intervalType ?? "day");
  if (end < start) {
    throw invalidRequest("interval_end is before interval_start.", { param: "interval_end" });
  }
  const intervalType =
    request.intervalType ?? chooseIntervalType(new Date(start * 1000), new Date(end * 1000));
  const unit = sql.lit(intervalType);
  const step = sql.lit(`1 ${intervalType}`);
  const local = (seconds: number) => sql`(to_timestamp(${seconds}) at time zone ${zone})`;
  const periods = sql`generate_series(
      date_trunc(${unit}, ${local(start)}), date_trunc(${unit}, ${local(end)}),
      interval ${step})`;
  const count = await sql<{ n: number | string }>`select count(*) as n from ${periods} p`.execute(
    db,
  );
  if (Number(count.rows[0]?.n ?? 0) > MAX_VOLUME_POINTS) {
    throw invalidRequest(
      `interval_type: a ${intervalType} per point gives more than ${MAX_VOLUME_POINTS} points over this interval.`,
      { param: "interval_type" },
    );
  }
  const result = await sql<{
    start: number | string;
    end: number | string;
    amount: number | string;
    count: number | string;
  }>`
    with periods as (
      select p as local_start, p + interval ${step} as local_end from ${periods} p
    ),
    payments as (
      select date_trunc(${unit}, to_timestamp(c.created) at time zone ${zone}) as local_start,
        ${contribution(request.reportName)} as amount
      from charges c left join balance_transactions bt on bt.id = c.balance_transaction
      where ${counted(request)} and c.created >= ${start} and c.created <= ${end}
    )
    select extract(epoch from (periods.local_start at time zone ${zone}))::int8 as start,
      extract(epoch from (periods.local_end at time zone ${zone}))::int8 as end,
      coalesce(sum(payments.amount), 0)::int8 as amount,
      count(payments.amount)::int8 as count
    from periods left join payments on payments.local_start = periods.local_start
    group by periods.local_start, periods.local_end
    order by periods.local_start`.execute(db);
  const points: VolumePoint[] = result.rows.map((r) => ({
    start: Number(r.start),
    end: Number(r.end),
    amount: Number(r.amount),
    count: Number(r.count),
  }));
  return {
    ...empty(intervalType),
    interval_start: start,
    interval_end: end,
    total: points.reduce((sum, p) => sum + p.amount, 0),
    points,
  };
}
