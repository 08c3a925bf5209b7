import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { cx } from "./cx.ts";

/** The platform's `overlays` choice: a centred dialog or a drawer at the inline end. */
export type OverlayPresentation = "dialog" | "drawer";

export interface OverlayProps {
  open: boolean;
  /**
   * Called with `false` when the user asks to close (Escape, the close button, the backdrop).
   * Openers call the same callback with `true`, so the frame reports overlayChanged from one
   * place.
   */
  onOpenChange: (open: boolean) => void;
  presentation?: OverlayPresentation;
  /** Names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Read after the title (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the end of the overlay (e.g. Cancel, Save). */
  actions?: ReactNode;
  /** Takes focus on open; otherwise the first focusable element of the body, else Close. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** A click on the backdrop closes (default true). */
  closeOnBackdrop?: boolean;
}

const focusableSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[contenteditable=true]",
  '[tabindex]:not([tabindex="-1"])',
].join(", ");

/** Tab stops inside `root`, in order, skipping hidden subtrees. */
export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (el) => !el.closest("[hidden], [inert]"),
  );
}

/**
 * Makes everything outside `keep` inert: each sibling of `keep` and of its ancestors up to
 * <body>. Returns the undo. Works inside an iframe because it never leaves the document.
 */
function inertOutside(keep: HTMLElement): () => void {
  const changed: HTMLElement[] = [];
  for (let node: HTMLElement | null = keep; node && node !== node.ownerDocument.body; ) {
    const parent: HTMLElement | null = node.parentElement;
    if (!parent) break;
    for (const sibling of parent.children) {
      if (sibling === node || !(sibling instanceof HTMLElement)) continue;
      if (sibling.hasAttribute("inert")) continue;
      sibling.setAttribute("inert", "");
      changed.push(sibling);
    }
    node = parent;
  }
  return () => {
    for (const el of changed) el.removeAttribute("inert");
  };
}

/**
 * A modal dialog or drawer, rendered in place (no portal, so it works in any frame). While
 * open: focus moves in, Tab and Shift+Tab cycle inside it, Escape closes, and the rest of the
 * page is inert. On close, focus returns to the element that had it when the overlay opened.
 */
export function Overlay({
  open,
  onOpenChange,
  presentation = "dialog",
  title,
  description,
  children,
  actions,
  initialFocus,
  closeOnBackdrop = true,
}: OverlayProps) {
  const intl = useIntl();
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onOpenChangeRef = useRef(onOpenChange);
  useEffect(() => {
    onOpenChangeRef.current = onOpenChange;
  });

  // Layout effect: the opener is still focused here, before anything inside can take focus.
  useLayoutEffect(() => {
    if (!open) return;
    const root = rootRef.current;
    const panel = panelRef.current;
    if (!root || !panel) return;
    const opener = root.ownerDocument.activeElement as HTMLElement | null;
    const restoreInert = inertOutside(root);
    const body = panel.querySelector<HTMLElement>(".kit-overlay__body");
    const target =
      initialFocus?.current ??
      (body ? focusableWithin(body)[0] : undefined) ??
      closeRef.current ??
      panel;
    target.focus();
    return () => {
      restoreInert();
      if (opener?.isConnected && opener !== opener.ownerDocument.body) opener.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;
  const close = () => onOpenChangeRef.current(false);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== "Tab" || !panelRef.current) return;
    const stops = focusableWithin(panelRef.current);
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = panelRef.current.ownerDocument.activeElement;
    const outside = !panelRef.current.contains(active) || active === panelRef.current;
    if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div ref={rootRef} className={cx("kit-overlay", `kit-overlay--${presentation}`)}>
      <div
        className="kit-overlay__backdrop"
        aria-hidden="true"
        onClick={closeOnBackdrop ? close : undefined}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        className="kit-overlay__panel"
        onKeyDown={onKeyDown}
      >
        <div className="kit-overlay__header">
          <h2 id={titleId} className="kit-heading-sm kit-overlay__title">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="kit-overlay__close"
            aria-label={intl.formatMessage(kitMessages.close)}
            onClick={close}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {description ? (
          <p id={descriptionId} className="kit-body-sm kit-secondary-text kit-overlay__description">
            {description}
          </p>
        ) : null}
        <div className="kit-overlay__body">{children}</div>
        {actions ? <div className="kit-overlay__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
