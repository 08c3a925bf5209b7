/**
 * What the report components share (balance-report, payout-reconciliation-report): the
 * report machine (`createReportMachine`) run for the picked period, its itemised CSV through
 * the kit's file download (the same query as the report), and the page around a report:
 * title, period picker, download, loading, failure. `availabilityEvent` (the catalogue's
 * `onreportavailabilityloaded`, where the component has it) hears whether the period had
 * anything, each time a report arrives.
 */
import { type ReactNode, useMemo, useState } from "react";
import { useIntl } from "react-intl";
import type { AnyStateMachine } from "xstate";
import type { CallFailure } from "../../../machines/auth/failure.ts";
import {
  periodQuery,
  type ReportPeriod,
} from "../../../machines/components/reports/report-factory.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostEvent } from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { kitMessages } from "../../i18n/messages.ts";
import { Banner, Button, Skeleton } from "../../kit/index.ts";
import { reportsMessages as m } from "../reports/reports.messages.ts";
import { useFileDownload } from "./file-download.ts";
import type { ListExport } from "./list-component.tsx";
import { type DayPeriod, lastDays, PeriodPicker } from "./period-picker.view.tsx";
import { requestIdOf } from "./resource-list.connect.ts";
import { RequestReference } from "./resource-list.view.tsx";

export type ReportStatus = "loading" | "shown" | "failed";

export interface ReportRun<R> {
  period: DayPeriod;
  report: R | null;
  status: ReportStatus;
  requestId: string | null;
  onApply(period: DayPeriod): void;
  onRetry(): void;
  download: ListExport;
}

/** The default period: the last 30 days. */
const DEFAULT_DAYS = 30;

export function useReport<R>(
  machine: AnyStateMachine,
  props: ComponentViewProps,
  csvPath: string,
  availabilityEvent?: string,
): ReportRun<R> {
  const emitEvent = useHostEvent();
  const [initial] = useState(() => lastDays(Math.floor(Date.now() / 1000), DEFAULT_DAYS));
  const effects = useMemo(
    () => ({
      "report.loaded": (event: { available: boolean }) => {
        if (availabilityEvent) emitEvent(availabilityEvent, { available: event.available });
      },
    }),
    [emitEvent, availabilityEvent],
  );
  const { snapshot, send } = useComponentMachine(machine, {
    input: { period: initial },
    view: props,
    effects,
  });
  const file = useFileDownload(props);
  const context = snapshot.context as {
    period: ReportPeriod;
    report: R | null;
    failure: CallFailure | null;
  };
  const status: ReportStatus = snapshot.matches("failed")
    ? "failed"
    : snapshot.matches("shown")
      ? "shown"
      : "loading";
  return {
    period: context.period,
    report: context.report,
    status,
    requestId: requestIdOf(context.failure),
    onApply: (period) => send({ type: "period.change", period } as never),
    onRetry: () => send({ type: "retry" } as never),
    download: {
      busy: file.busy,
      failed: file.failed,
      onExport: () => file.download(`${csvPath}?${periodQuery(context.period)}`),
      onDismiss: file.dismiss,
    },
  };
}

/** The page of a report: its title, the period picker, the download, and the report. */
export function ReportPage<R>(props: {
  title: string;
  className: string;
  run: ReportRun<R>;
  children(report: R): ReactNode;
}) {
  const intl = useIntl();
  const { run } = props;
  return (
    <section className={`kit-report ${props.className}`} aria-label={props.title}>
      <h2 className="kit-heading-md">{props.title}</h2>
      <PeriodPicker
        period={run.period}
        busy={run.status === "loading"}
        labels={{
          from: intl.formatMessage(m.from),
          to: intl.formatMessage(m.to),
          apply: intl.formatMessage(m.show),
          invalid: intl.formatMessage(m.periodInvalid),
        }}
        onApply={run.onApply}
      />
      <p>
        <Button onClick={run.download.onExport} loading={run.download.busy}>
          {intl.formatMessage(m.download)}
        </Button>
      </p>
      {run.download.failed ? (
        <Banner
          status="danger"
          title={intl.formatMessage(m.downloadFailed)}
          onDismiss={run.download.onDismiss}
        />
      ) : null}
      {run.status === "loading" && run.report === null ? <Skeleton lines={6} /> : null}
      {run.status === "failed" ? (
        <Banner
          status="danger"
          title={intl.formatMessage(m.loadFailed)}
          actions={<Button onClick={run.onRetry}>{intl.formatMessage(kitMessages.retry)}</Button>}
        >
          <RequestReference requestId={run.requestId} />
        </Banner>
      ) : null}
      {run.report !== null && run.status !== "failed" ? props.children(run.report) : null}
    </section>
  );
}
