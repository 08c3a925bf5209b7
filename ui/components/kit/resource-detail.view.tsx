/**
 * The kit's detail overlay: one selected item in a drawer (a dialog in the narrow layout), on
 * the design system's Overlay. Pure: the list machine's `ready.detail` state decides what it
 * shows — a skeleton while the item loads, the failure with its retry, or the component's
 * own content. Opening and closing are reported to the host (`overlaychange`) by the
 * machine's `overlay.changed`, which `useComponentMachine` performs.
 */
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../../i18n/messages.ts";
import { Banner, Button, Overlay, Skeleton } from "../../kit/index.ts";
import { RequestReference } from "./resource-list.view.tsx";

export type DetailStatus = "loading" | "shown" | "failed";

export interface DetailState<Item> {
  open: boolean;
  status: DetailStatus;
  item: Item | null;
  requestId: string | null;
  onClose(): void;
  onRetry(): void;
}

export interface ResourceDetailProps<Item> extends DetailState<Item> {
  title: string;
  /** What a failed retrieve says (the component's words). */
  failedTitle: string;
  narrow: boolean;
  children(item: Item): ReactNode;
}

export function ResourceDetail<Item>(props: ResourceDetailProps<Item>) {
  const intl = useIntl();
  const { open, status, item, narrow, onClose, onRetry } = props;
  return (
    <Overlay
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      presentation={narrow ? "dialog" : "drawer"}
      title={props.title}
    >
      {status === "loading" ? <Skeleton lines={6} /> : null}
      {status === "failed" ? (
        <Banner
          status="danger"
          title={props.failedTitle}
          actions={<Button onClick={onRetry}>{intl.formatMessage(kitMessages.retry)}</Button>}
        >
          <RequestReference requestId={props.requestId} />
        </Banner>
      ) : null}
      {status === "shown" && item ? props.children(item) : null}
    </Overlay>
  );
}
