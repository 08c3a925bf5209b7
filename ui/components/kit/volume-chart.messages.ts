/** The volume charts' words (`reporting-chart`, `earnings-chart`). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type VolumeChartMessageValues = {
  grossVolume: None;
  netVolume: None;
  earnings: None;
  amount: None;
  total: { total: string };
  empty: None;
};

export const volumeChartMessages = defineMessages<VolumeChartMessageValues>({
  grossVolume: {
    id: "volumeChart.grossVolume",
    defaultMessage: "Gross volume",
    description: "Title of a chart of the payments' captured amounts over time",
  },
  netVolume: {
    id: "volumeChart.netVolume",
    defaultMessage: "Net volume",
    description: "Title of a chart of the payments' amounts less refunds and fees over time",
  },
  earnings: {
    id: "volumeChart.earnings",
    defaultMessage: "Earnings",
    description: "Title of a chart of what the account earned from its payments over time",
  },
  amount: {
    id: "volumeChart.amount",
    defaultMessage: "Amount",
    description: "Header of the amounts column of a volume chart's data table",
  },
  total: {
    id: "volumeChart.total",
    defaultMessage: "Total: {total}",
    description: "The sum of every amount of a volume chart; total is a formatted amount",
  },
  empty: {
    id: "volumeChart.empty",
    defaultMessage: "No payments in this period",
    description: "Shown in place of a volume chart when no payment falls in its interval",
  },
});
