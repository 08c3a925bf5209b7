import type { Timers } from "./types.ts";

/** Test support: timers that fire only when the test moves time forward. */
export class ManualTimers implements Timers {
  now = 0;
  #next = 1;
  readonly #due = new Map<number, { at: number; callback: () => void }>();

  setTimeout(callback: () => void, ms: number) {
    const handle = this.#next++;
    this.#due.set(handle, { at: this.now + ms, callback });
    return handle;
  }

  clearTimeout(handle: unknown) {
    this.#due.delete(handle as number);
  }

  /** Timers not yet fired or cleared. */
  get pending() {
    return this.#due.size;
  }

  /** Moves time forward by `ms`, firing every timer that falls due, in order. */
  advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const next = [...this.#due.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!next) break;
      this.#due.delete(next[0]);
      this.now = next[1].at;
      next[1].callback();
    }
    this.now = end;
  }
}
