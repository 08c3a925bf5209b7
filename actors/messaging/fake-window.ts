import type { MessageEventLike, MessageReceiver, PostTarget } from "./types.ts";

/**
 * Test support: windows without a browser. A `FakeWindow` is an EventTarget at an origin;
 * `link(a, b)` gives each side the handle it sees of the other, as `iframe.contentWindow` and
 * `window.parent` do. Posting through a handle delivers a MessageEvent-like
 * `{data, origin, source, ports}` to the other window on a later task, with the sender's
 * origin and the sender's handle as `source`, and honours `targetOrigin` like a browser
 * (a mismatch drops the message).
 */
export class FakeWindow implements MessageReceiver {
  readonly #target = new EventTarget();
  readonly #listeners = new Map<(event: MessageEventLike) => void, EventListener>();
  /** Every message delivered to this window, in order. */
  readonly received: MessageEventLike[] = [];

  constructor(readonly origin: string) {}

  addEventListener(_type: "message", listener: (event: MessageEventLike) => void) {
    const wrapped: EventListener = (event) => listener((event as CustomEvent).detail);
    this.#listeners.set(listener, wrapped);
    this.#target.addEventListener("message", wrapped);
  }

  removeEventListener(_type: "message", listener: (event: MessageEventLike) => void) {
    const wrapped = this.#listeners.get(listener);
    if (wrapped) this.#target.removeEventListener("message", wrapped);
    this.#listeners.delete(listener);
  }

  /** Delivers a message now, as if `source` at `origin` had posted it. */
  deliver(event: MessageEventLike) {
    this.received.push(event);
    this.#target.dispatchEvent(new CustomEvent("message", { detail: event }));
  }
}

/** A handle on `to` as `from` sees it; posting through it delivers to `to`. */
export class FakeWindowHandle implements PostTarget {
  /** The handle `to` sees of `from` (the `source` of what this handle posts). */
  reverse!: FakeWindowHandle;
  /** Every message posted through this handle, with its target origin. */
  readonly posted: { message: unknown; targetOrigin: string }[] = [];

  constructor(
    readonly from: FakeWindow,
    readonly to: FakeWindow,
  ) {}

  postMessage(message: unknown, targetOrigin: string, transfer: Transferable[] = []) {
    this.posted.push({ message, targetOrigin });
    if (targetOrigin !== "*" && targetOrigin !== this.to.origin) return;
    const ports = transfer.filter((t): t is MessagePort => t instanceof MessagePort);
    const data = structuredClone(message);
    setTimeout(() =>
      this.to.deliver({ data, origin: this.from.origin, source: this.reverse, ports }),
    );
  }
}

/** Links two windows; returns [b as a sees it, a as b sees it]. */
export function link(a: FakeWindow, b: FakeWindow): [FakeWindowHandle, FakeWindowHandle] {
  const bSeenByA = new FakeWindowHandle(a, b);
  const aSeenByB = new FakeWindowHandle(b, a);
  bSeenByA.reverse = aSeenByB;
  aSeenByB.reverse = bSeenByA;
  return [bSeenByA, aSeenByB];
}
