/**
 * The gate between a logout and the calls that carry a key (docs/protocol.md "Logout on the
 * server"). A logout closes it before it revokes anything:
 *
 * - no new key-bearing call goes out while it is closed: the proxy (and so uploads and
 *   downloads) waits at `open()` and reads the key only once the logout has finished, so it
 *   goes out with whatever key is held then (after a full logout, none);
 * - the logout waits for the key-bearing calls already on the wire to settle, at most
 *   `withinMs`, before it sends DELETE /v1/connect/session, so a call sent with a key just
 *   before the logout does not reach the server after that key's revocation (and answer 401);
 * - `logouts()` counts the logouts begun, so a call can tell that a logout began after it was
 *   sent: its 401 then says nothing about the keys held now.
 */
import type { Timers } from "./types.ts";

/** How long a logout waits for the key-bearing calls in flight before it revokes the keys. */
export const LOGOUT_SETTLE_MS = 3_000;

export interface KeyGate {
  /** Resolves once no logout runs (at once when none does). */
  open(): Promise<void>;
  /** A logout runs. */
  closed(): boolean;
  /** How many logouts have begun. */
  logouts(): number;
  /** Counts one key-bearing call on the wire until the returned function is called. */
  track(): () => void;
  /** A logout begins: the gate closes until the returned function is called. */
  close(): () => void;
  /** True once no tracked call is left; false when `withinMs` passed with some still out. */
  settled(withinMs: number): Promise<boolean>;
}

export function createKeyGate(timers: Timers): KeyGate {
  let holds = 0;
  let begun = 0;
  let reopened = Promise.resolve();
  let reopen = () => {};
  let out = 0;
  const idle = new Set<() => void>();

  return {
    async open() {
      while (holds > 0) await reopened;
    },
    closed: () => holds > 0,
    logouts: () => begun,
    track() {
      out++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        if (--out === 0) for (const wake of [...idle]) wake();
      };
    },
    close() {
      begun++;
      if (holds++ === 0) reopened = new Promise((resolve) => (reopen = resolve));
      let done = false;
      return () => {
        if (done) return;
        done = true;
        if (--holds === 0) reopen();
      };
    },
    settled(withinMs) {
      if (out === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const finish = (all: boolean) => {
          timers.clearTimeout(timer);
          idle.delete(wake);
          resolve(all);
        };
        const wake = () => finish(true);
        const timer = timers.setTimeout(() => finish(false), withinMs);
        idle.add(wake);
      });
    },
  };
}
