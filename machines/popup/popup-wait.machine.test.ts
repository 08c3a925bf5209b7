import { describe, expect, it } from "vitest";
import { createActor, fromPromise, toPromise } from "xstate";
import type { CallFailure } from "../auth/failure.ts";
import {
  type ExchangedUserKey,
  type PopupWaitEmitted,
  type PopupWaitInput,
  popupWaitMachine,
} from "./popup-wait.machine.ts";

const userKey: ExchangedUserKey = { userKey: "uk_test_1", refreshToken: "rt_1", expires: 5_000 };

function start(
  input: PopupWaitInput,
  exchange: () => Promise<ExchangedUserKey> = async () => userKey,
) {
  const exchanged: unknown[] = [];
  const actor = createActor(
    popupWaitMachine.provide({
      actors: {
        exchangeUserKey: fromPromise(async ({ input }) => {
          exchanged.push(input);
          return exchange();
        }),
      },
    }),
    { input },
  );
  const emitted: PopupWaitEmitted[] = [];
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  return { actor, emitted, exchanged };
}

describe("popup sign-in wait (SPEC.md §4)", () => {
  it("resolves at once if the user is already authenticated", async () => {
    const { actor, exchanged } = start({ mode: "auth", userAuthenticated: true });
    expect(await toPromise(actor)).toEqual({ outcome: "resolved" });
    expect(exchanged).toEqual([]);
  });

  it("resolves at once in wait-for-complete mode", async () => {
    const { actor } = start({ mode: "complete", userAuthenticated: false });
    expect(await toPromise(actor)).toEqual({ outcome: "resolved" });
  });

  it("otherwise resolves after the popup's key has been exchanged", async () => {
    const { actor, emitted, exchanged } = start({ mode: "auth", userAuthenticated: false });
    expect(actor.getSnapshot().value).toBe("waiting");
    actor.send({
      type: "popup.authentication-complete",
      apiKey: "ek_popup",
      sessionCreatedForEmbedded: true,
    });
    expect(await toPromise(actor)).toEqual({ outcome: "resolved" });
    expect(exchanged).toEqual([{ apiKey: "ek_popup", sessionCreatedForEmbedded: true }]);
    expect(emitted).toEqual([{ type: "user-key.received", key: userKey, method: "popup" }]);
  });

  it("an exchange failure rejects the wait and is reported for every frame", async () => {
    const failure: CallFailure = {
      kind: "http",
      status: 400,
      error: { message: "bad key" },
      requestId: "req_9",
    };
    const { actor, emitted } = start({ mode: "auth", userAuthenticated: false }, () =>
      Promise.reject(failure),
    );
    actor.send({
      type: "popup.authentication-complete",
      apiKey: "ek_bad",
      sessionCreatedForEmbedded: false,
    });
    expect(await toPromise(actor)).toEqual({ outcome: "rejected", failure });
    expect(emitted).toEqual([{ type: "exchange.failed", failure }]);
  });

  it("aborting the wait sends popupComplete", async () => {
    const { actor, emitted } = start({ mode: "auth", userAuthenticated: false });
    actor.send({ type: "wait.abort" });
    expect(await toPromise(actor)).toEqual({ outcome: "aborted" });
    expect(emitted).toEqual([{ type: "popup-complete.broadcast" }]);
  });

  it("aborting during the exchange drops its result", async () => {
    let finish: (k: ExchangedUserKey) => void = () => {};
    const { actor, emitted } = start(
      { mode: "auth", userAuthenticated: false },
      () =>
        new Promise((r) => {
          finish = r;
        }),
    );
    actor.send({
      type: "popup.authentication-complete",
      apiKey: "ek_popup",
      sessionCreatedForEmbedded: true,
    });
    actor.send({ type: "wait.abort" });
    finish(userKey);
    expect(await toPromise(actor)).toEqual({ outcome: "aborted" });
    expect(emitted).toEqual([{ type: "popup-complete.broadcast" }]);
  });
});
