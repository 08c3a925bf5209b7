/**
 * One object by id, as the details components show it (payment-details, payout-details): a
 * drawer (a dialog when narrow) on the kit's `ResourceDetail`, or, `inline`, a section of
 * the page with the same loading, failure and content. Pure; `status: "none"` (nothing
 * named) renders nothing.
 */
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../../i18n/messages.ts";
import { Banner, Button, Skeleton } from "../../kit/index.ts";
import { type DetailStatus, ResourceDetail } from "./resource-detail.view.tsx";
import { RequestReference } from "./resource-list.view.tsx";

export type DetailsStatus = "none" | DetailStatus;

export interface DetailsPanelProps<Item> {
  /** In the page (`inline`) rather than a drawer reporting `overlaychange`. */
  inline: boolean;
  /** Shown: the host's `visible`, until the person closes it. */
  open: boolean;
  narrow: boolean;
  status: DetailsStatus;
  item: Item | null;
  requestId: string | null;
  title: string;
  failedTitle: string;
  /** The inline section's class (the component's name). */
  className: string;
  onClose(): void;
  onRetry(): void;
  children(item: Item): ReactNode;
}

export function DetailsPanel<Item>(props: DetailsPanelProps<Item>) {
  const intl = useIntl();
  const { status, item, title } = props;
  if (status === "none") return null;
  if (!props.inline)
    return (
      <ResourceDetail
        open={props.open}
        status={status}
        item={item}
        requestId={props.requestId}
        onClose={props.onClose}
        onRetry={props.onRetry}
        title={title}
        failedTitle={props.failedTitle}
        narrow={props.narrow}
      >
        {props.children}
      </ResourceDetail>
    );
  if (!props.open) return null;
  return (
    <section className={props.className} aria-label={title}>
      <h2 className="kit-heading-md">{title}</h2>
      {status === "loading" ? <Skeleton lines={6} /> : null}
      {status === "failed" ? (
        <Banner
          status="danger"
          title={props.failedTitle}
          actions={<Button onClick={props.onRetry}>{intl.formatMessage(kitMessages.retry)}</Button>}
        >
          <RequestReference requestId={props.requestId} />
        </Banner>
      ) : null}
      {status === "shown" && item ? props.children(item) : null}
    </section>
  );
}

/** A titled part of a details view (timeline, refunds, settled transactions, metadata). */
export function DetailsSection(props: { title: string; children: ReactNode }) {
  return (
    <section className="kit-detail-section" aria-label={props.title}>
      <h3 className="kit-heading-sm">{props.title}</h3>
      {props.children}
    </section>
  );
}
