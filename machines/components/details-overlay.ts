/**
 * The overlay region every details component shares (payment-details, payout-details): shown
 * or hidden from the host's `visible` (`show`, `hide`), the person closing it (`close`) emits
 * `closed` (the host element's `close` event), and as an overlay (not `inline`) each opening
 * and closing emits `overlay.changed` (the host's `overlaychange`). A machine puts
 * `overlayRegion` beside its data region and names the region's actions in its `setup`:
 * `setVisible` (params: the visibility), `reportOpened` and `reportClosed` (emit
 * `overlay.changed` when `overlay`), `emitClosed`.
 */
export interface OverlayContext {
  /** The host's `visible` (absent counts as shown). */
  visible: boolean;
  /** A drawer reporting `overlaychange`; false for `inline`. */
  overlay: boolean;
}

export type OverlayEvent = { type: "show" } | { type: "hide" } | { type: "close" };

export type OverlayEmitted = { type: "overlay.changed"; open: boolean } | { type: "closed" };

/** The `overlay` region: `hidden` or `open`. */
export const overlayRegion = {
  initial: "start",
  states: {
    start: {
      always: [
        { guard: ({ context }: { context: OverlayContext }) => context.visible, target: "open" },
        { target: "hidden" },
      ],
    },
    hidden: {
      on: { show: { target: "open", actions: { type: "setVisible", params: true } } },
    },
    open: {
      entry: "reportOpened",
      exit: "reportClosed",
      on: {
        hide: { target: "hidden", actions: { type: "setVisible", params: false } },
        close: { target: "hidden", actions: "emitClosed" },
      },
    },
  },
} as const;
