import { type ReactNode, useRef } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { Banner } from "./banner.view.tsx";
import { Button } from "./button.view.tsx";
import { Money } from "./format.view.tsx";
import { Overlay, type OverlayPresentation } from "./overlay.view.tsx";

export interface ConfirmDialogProps {
  open: boolean;
  /** Called with `false` when the person cancels (Cancel, Escape, the close button). */
  onOpenChange: (open: boolean) => void;
  /** What is about to happen: "Refund this payment?" */
  title: ReactNode;
  /** The money that moves, shown in the user's locale (minor units and ISO code). */
  amount?: { value: number; currency: string };
  /** What follows from confirming: "The customer gets the money back in 5–10 days." */
  consequences: ReactNode;
  /** The confirm button's words: "Refund €12.50". */
  confirmLabel: ReactNode;
  onConfirm: () => void;
  /** The action is under way: confirm shows a spinner and ignores clicks, cancel is off. */
  busy?: boolean;
  /** Why the last attempt failed (already worded); shown as an alert above the buttons. */
  error?: ReactNode;
  /** A refund or a cancel is `danger`; a capture is `primary`. */
  tone?: "danger" | "primary";
  presentation?: OverlayPresentation;
}

/**
 * The confirmation of a money action (refund, capture, cancel, accept a dispute): its title,
 * the amount in the user's locale, its consequences, Cancel and Confirm. Built on Overlay, so
 * focus moves in, stays in, and goes back to the opener; it starts on Cancel, so a stray
 * Enter never moves money. While `busy` the dialog cannot be closed (the answer decides what
 * the person sees next), and a failure shows in `error` with the dialog still open.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  amount,
  consequences,
  confirmLabel,
  onConfirm,
  busy = false,
  error,
  tone = "danger",
  presentation = "dialog",
}: ConfirmDialogProps) {
  const intl = useIntl();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Overlay
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      presentation={presentation}
      title={title}
      description={consequences}
      initialFocus={cancelRef}
      closeOnBackdrop={!busy}
      actions={
        <>
          <Button ref={cancelRef} disabled={busy} onClick={() => onOpenChange(false)}>
            {intl.formatMessage(kitMessages.cancel)}
          </Button>
          <Button variant={tone} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {amount ? (
        <dl className="kit-confirm__amount">
          <dt className="kit-label-md kit-secondary-text">
            {intl.formatMessage(kitMessages.confirmAmount)}
          </dt>
          <dd className="kit-heading-md">
            <Money amount={amount.value} currency={amount.currency} />
          </dd>
        </dl>
      ) : null}
      {error ? <Banner status="danger" title={error} /> : null}
    </Overlay>
  );
}
