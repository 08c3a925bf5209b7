import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  type SignedIn,
  type SignInEmitted,
  SignInError,
  type SignInFailure,
  signInMachine,
} from "./sign-in.machine.ts";

function run(options: { dataLayerFound?: boolean; answer?: () => Promise<SignedIn> } = {}) {
  const calls: { email: string; password: string }[] = [];
  const machine = signInMachine.provide({
    actors: {
      signIn: fromPromise(async ({ input }) => {
        calls.push(input);
        return (
          options.answer ?? (async () => ({ apiKey: "uk", sessionCreatedForEmbedded: true }))
        )();
      }),
    },
  });
  const actor = createActor(machine, { input: { dataLayerFound: options.dataLayerFound ?? true } });
  const emitted: SignInEmitted["type"][] = [];
  const reports: SignInEmitted[] = [];
  actor.on("*", (event) => {
    emitted.push(event.type);
    reports.push(event);
  });
  actor.start();
  return { actor, emitted, reports, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the sign-in popup's page", () => {
  it("a successful sign-in reports popupAuthenticationComplete, then popupComplete, then closes", async () => {
    const { actor, emitted, reports, calls } = run();
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "form.submit", email: "a@b.c", password: "pw" });
    expect(actor.getSnapshot().value).toBe("signingIn");
    await settle();
    expect(calls).toEqual([{ email: "a@b.c", password: "pw" }]);
    expect(emitted).toEqual(["report.authenticated", "report.complete", "window.close"]);
    expect(reports[0]).toEqual({
      type: "report.authenticated",
      apiKey: "uk",
      sessionCreatedForEmbedded: true,
    });
    expect(actor.getSnapshot().status).toBe("done");
  });

  it.each<SignInFailure>(["credentials", "rate_limited", "unavailable"])(
    "a failed sign-in (%s) shows its typed error, reports nothing, and lets the user try again",
    async (failure) => {
      const { actor, emitted } = run({
        answer: async () => {
          throw new SignInError(failure);
        },
      });
      actor.send({ type: "form.submit", email: "a@b.c", password: "wrong" });
      await settle();
      expect(actor.getSnapshot().value).toBe("editing");
      expect(actor.getSnapshot().context.failure).toBe(failure);
      expect(emitted).toEqual([]);
      expect(JSON.stringify(actor.getSnapshot().context)).not.toContain("wrong");
      actor.send({ type: "form.submit", email: "a@b.c", password: "again" });
      expect(actor.getSnapshot().context.failure).toBeNull();
    },
  );

  it("an unexpected error is shown as unavailable", async () => {
    const { actor } = run({
      answer: async () => {
        throw new TypeError("Failed to fetch");
      },
    });
    actor.send({ type: "form.submit", email: "a@b.c", password: "pw" });
    await settle();
    expect(actor.getSnapshot().context.failure).toBe("unavailable");
  });

  it("cancel, or closing the window, reports popupComplete (never a silent hang)", () => {
    const cancelled = run();
    cancelled.actor.send({ type: "popup.cancel" });
    expect(cancelled.emitted).toEqual(["report.complete", "window.close"]);
    const closed = run();
    closed.actor.send({ type: "form.submit", email: "a@b.c", password: "pw" });
    closed.actor.send({ type: "window.closing" });
    expect(closed.emitted).toEqual(["report.complete", "window.close"]);
  });

  it("without a data layer to report to, it only explains and closes, reporting nothing", () => {
    const { actor, emitted } = run({ dataLayerFound: false });
    expect(actor.getSnapshot().value).toBe("orphaned");
    actor.send({ type: "form.submit", email: "a@b.c", password: "pw" });
    expect(actor.getSnapshot().value).toBe("orphaned");
    actor.send({ type: "popup.cancel" });
    expect(emitted).toEqual(["window.close"]);
  });
});
