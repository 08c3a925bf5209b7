import { describe, expect, it } from "vitest";
import {
  ChunkLoadError,
  ClientScriptLoadError,
  LOCAL_BROWSER_FILE_READ_ERROR,
  LocalBrowserFileReadError,
  loadChunk,
  statusCodeGroup,
} from "./errors.ts";

describe("error vocabulary (SPEC.md §8)", () => {
  it.each([
    [100, "1xx"],
    [204, "2xx"],
    [302, "3xx"],
    [404, "4xx"],
    [599, "5xx"],
    [0, "unknown"],
    [99, "unknown"],
    [600, "unknown"],
    [404.5, "unknown"],
    ["404", "unknown"],
  ] as const)("groups status %j as %s", (status, group) => {
    expect(statusCodeGroup(status)).toBe(group);
  });

  it("names each error kind", () => {
    expect(new ChunkLoadError("7").message).toBe("Loading chunk 7 failed");
    expect(new ClientScriptLoadError("https://connect.x/v1/x.js?a=1").name).toBe(
      "ClientScriptLoadError",
    );
    expect(new LocalBrowserFileReadError().code).toBe(LOCAL_BROWSER_FILE_READ_ERROR);
  });
});

/** Timers that fire only when the test says so. */
function fakeTimers() {
  const due = new Map<number, { ms: number; callback: () => void }>();
  let next = 1;
  return {
    due,
    setTimeout: (callback: () => void, ms: number) => {
      due.set(next, { ms, callback });
      return next++;
    },
    clearTimeout: (handle: unknown) => void due.delete(handle as number),
    fireAll: () => {
      for (const [handle, timer] of [...due]) {
        due.delete(handle);
        timer.callback();
      }
    },
  };
}

describe("loadChunk", () => {
  it("turns a failed import into Loading chunk {id} failed", async () => {
    const timers = fakeTimers();
    const failed = loadChunk("payouts-list", () => Promise.reject(new TypeError("x")), timers);
    await expect(failed).rejects.toMatchObject({
      name: "ChunkLoadError",
      message: "Loading chunk payouts-list failed",
      reason: "failed",
    });
    expect(timers.due.size).toBe(0);
  });

  it("times a pending chunk out after 120 s", async () => {
    const timers = fakeTimers();
    const pending = loadChunk("payments", () => new Promise<never>(() => {}), timers);
    expect([...timers.due.values()].map((t) => t.ms)).toEqual([120_000]);
    timers.fireAll();
    await expect(pending).rejects.toMatchObject({
      message: "Loading chunk payments failed",
      reason: "timeout",
    });
  });

  it("hands a loaded chunk on and clears its timer", async () => {
    const timers = fakeTimers();
    await expect(loadChunk("a", () => Promise.resolve(42), timers)).resolves.toBe(42);
    expect(timers.due.size).toBe(0);
  });
});
