/** Charts and reports. */
import { z } from "zod";
import { defineComponent, enableFlag } from "../definition.schema.ts";
import {
  intervalDate,
  intervalType,
  positiveNumberAttribute,
  reportName,
} from "../inputs.schema.ts";
import { errorTexts } from "./error-texts.ts";

export const reportingEntries = {
  "reporting-chart": defineComponent({
    enabledKey: "reporting_chart",
    enabledOverrideFlag: enableFlag("reporting_chart"),
    releaseState: "ga",
    friendlyName: "Reporting chart",
    description: "A gross-volume or net-volume chart.",
    docSitePath: "/components/reporting-chart",
    errorText: errorTexts.reportingChart,
    htmlAttributes: [
      {
        name: "report-name",
        internal: false,
        description: 'The report: "gross_volume" or "net_volume".',
        schema: reportName,
      },
      {
        name: "interval-type",
        internal: false,
        description:
          'One point per "day", "week" or "month"; when absent, chosen from the interval.',
        schema: intervalType,
      },
    ],
    customHtmlElementMethods: [
      {
        name: "setIntervalStart",
        type: "SupplementalObject",
        target: { kind: "object", name: "intervalStart" },
        internal: false,
        description: "Start of the charted interval; defaults to the start of the data.",
        schema: intervalDate,
      },
      {
        name: "setIntervalEnd",
        type: "SupplementalObject",
        target: { kind: "object", name: "intervalEnd" },
        internal: false,
        description: "End of the charted interval; defaults to the end of the data.",
        schema: intervalDate,
      },
    ],
  }),

  "earnings-chart": defineComponent({
    enabledKey: "earnings_chart",
    enabledOverrideFlag: enableFlag("earnings_chart"),
    releaseState: "internal",
    friendlyName: "Earnings chart",
    description: "A chart of the account's earnings.",
    docSitePath: "/components/earnings-chart",
    errorText: errorTexts.earnings,
    htmlAttributes: [
      {
        name: "chart-aspect-ratio",
        internal: false,
        description: "Width divided by height of the chart, e.g. 1.5.",
        schema: positiveNumberAttribute,
      },
    ],
  }),

  "balance-report": defineComponent({
    enabledKey: "balance_report",
    enabledOverrideFlag: enableFlag("balance_report"),
    releaseState: "internal",
    friendlyName: "Balance report",
    description: "A report of the balance over a period.",
    docSitePath: "/components/balance-report",
    errorText: errorTexts.balanceReport,
  }),

  "payout-reconciliation-report": defineComponent({
    enabledKey: "payout_reconciliation_report",
    enabledOverrideFlag: enableFlag("payout_reconciliation_report"),
    releaseState: "internal",
    friendlyName: "Payout reconciliation report",
    description: "Reconciles payouts with the transactions they settle.",
    docSitePath: "/components/payout-reconciliation-report",
    errorText: errorTexts.payoutReconciliationReport,
    htmlEvents: [
      {
        name: "onreportavailabilityloaded",
        internal: false,
        description: "Says whether a report is available.",
        detail: z.strictObject({ available: z.boolean() }),
      },
    ],
  }),
} as const;
