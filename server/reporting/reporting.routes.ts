/**
 * The reporting charts' endpoint: `GET /v1/reporting/volume`, gross or net payment volume per
 * day, week or month (`volume.ts` sums it in SQL). The account's default currency unless one
 * is asked; the periods cut in `time_zone` (an IANA name, `UTC` by default), which the frames
 * send as the viewer's own. A session key reaches it through the reporting chart.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  volumeIntervalTypes,
  volumeReportNames,
  volumeReportSchema,
} from "../../protocol/objects/volume-report.schema.ts";
import type { AppEnv } from "../http/context.ts";
import { invalidRequest } from "../http/errors.ts";
import { currencyParam, formInteger } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { actingAccount } from "../money/access.ts";
import { knownTimeZone, volumeReport } from "./volume.ts";

export const reportingApp = new OpenAPIHono<AppEnv>();

/**
 * The session components whose screens show the volume report. The earnings chart is an
 * internal tool, which a session cannot name (SPEC.md §5): it reads the report through the
 * session's reporting chart.
 */
export const reportingComponents = ["reporting_chart"] as const;

/** Unix seconds from 2000 to 2100. */
const seconds = formInteger(946_684_800, 4_102_444_800);

defineRoute(
  reportingApp,
  {
    method: "get",
    path: "/v1/reporting/volume",
    summary:
      "Gross or net payment volume per day, week or month of a time zone, summed by the provider",
    tags: ["Reporting"],
    auth: ["secret", "account_session"],
    components: reportingComponents,
    query: z.strictObject({
      report_name: z.enum(volumeReportNames, {
        error: 'Invalid report_name: "gross_volume" or "net_volume"',
      }),
      interval_type: z
        .enum(volumeIntervalTypes, { error: 'Invalid interval_type: "day", "week" or "month"' })
        .optional(),
      interval_start: seconds.optional(),
      interval_end: seconds.optional(),
      time_zone: z.string().max(64).optional(),
      currency: currencyParam.optional(),
    }),
    response: volumeReportSchema,
  },
  async ({ deps, principal, query }) => {
    const acting = actingAccount(principal);
    const timeZone = query.time_zone ?? "UTC";
    if (!knownTimeZone(timeZone)) {
      throw invalidRequest(`Unknown time_zone: '${timeZone}' is no IANA time zone.`, {
        param: "time_zone",
      });
    }
    if (
      query.interval_start !== undefined &&
      query.interval_end !== undefined &&
      query.interval_end < query.interval_start
    ) {
      throw invalidRequest("interval_end is before interval_start.", { param: "interval_end" });
    }
    let currency = query.currency;
    if (currency === undefined) {
      const account = await deps.db
        .selectFrom("accounts")
        .select("default_currency")
        .where("id", "=", acting.accountId)
        .executeTakeFirst();
      currency = account?.default_currency ?? "usd";
    }
    return volumeReport(deps.db, {
      accountId: acting.accountId,
      livemode: acting.livemode,
      reportName: query.report_name,
      intervalType: query.interval_type,
      intervalStart: query.interval_start,
      intervalEnd: query.interval_end,
      timeZone,
      currency,
    });
  },
);
