import { describe, expect, it } from "vitest";
import { createActor, fromPromise, toPromise } from "xstate";
import type { CallFailure } from "./failure.ts";
import { type LogoutEmitted, type LogoutInput, logoutMachine } from "./logout.machine.ts";

const http = (status: number): CallFailure => ({
  kind: "http",
  status,
  error: {},
  requestId: "req_1",
});

async function logout(input: LogoutInput, server: () => Promise<void>) {
  let invalidations = 0;
  const actor = createActor(
    logoutMachine.provide({
      actors: {
        invalidateUserSession: fromPromise(async () => {
          invalidations++;
          return server();
        }),
      },
    }),
    { input },
  );
  const emitted: LogoutEmitted[] = [];
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  const output = await toPromise(actor);
  return { output, emitted, invalidations };
}

describe("logout (SPEC.md §4, §8)", () => {
  it("clears all keys after the server invalidated the user session", async () => {
    const r = await logout({ clearUserSessionOnly: false, hasUserKey: true }, async () => {});
    expect(r.invalidations).toBe(1);
    expect(r.emitted).toEqual([{ type: "keys.clear", scope: "all" }]);
    expect(r.output).toEqual({ ok: true });
  });

  it("clears only the user key when asked to", async () => {
    const r = await logout({ clearUserSessionOnly: true, hasUserKey: true }, async () => {});
    expect(r.emitted).toEqual([{ type: "keys.clear", scope: "user" }]);
  });

  it.each([401, 404])("a %i from the invalidation still counts as invalidated", async (status) => {
    const r = await logout({ clearUserSessionOnly: false, hasUserKey: true }, () =>
      Promise.reject(http(status)),
    );
    expect(r.emitted).toEqual([{ type: "keys.clear", scope: "all" }]);
    expect(r.output).toEqual({ ok: true });
  });

  it.each([400, 500, 503])(
    "any other error (%i) keeps the keys and answers fetchErrorResponse",
    async (status) => {
      const r = await logout({ clearUserSessionOnly: false, hasUserKey: true }, () =>
        Promise.reject(http(status)),
      );
      expect(r.emitted).toEqual([{ type: "logout.failed", failure: http(status) }]);
      expect(r.output).toEqual({ ok: false, failure: http(status) });
    },
  );

  it("a network failure keeps the keys too", async () => {
    const r = await logout({ clearUserSessionOnly: false, hasUserKey: true }, () =>
      Promise.reject(new TypeError("Failed to fetch")),
    );
    expect(r.output).toEqual({
      ok: false,
      failure: { kind: "network", message: "Failed to fetch" },
    });
    expect(r.emitted.some((e) => e.type === "keys.clear")).toBe(false);
  });

  it("without a user key there is nothing to invalidate: keys are cleared locally", async () => {
    const r = await logout({ clearUserSessionOnly: false, hasUserKey: false }, async () => {});
    expect(r.invalidations).toBe(0);
    expect(r.emitted).toEqual([{ type: "keys.clear", scope: "all" }]);
  });
});
