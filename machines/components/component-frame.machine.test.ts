import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { getDefinition } from "../../protocol/catalogue/index.ts";
import {
  type ComponentFrameEmitted,
  type ComponentFrameInput,
  componentFrameMachine,
  unknownComponentText,
} from "./component-frame.machine.ts";

const payoutsText = getDefinition("payouts").errorText;
const available: ComponentFrameInput = {
  component: "payouts",
  errorText: payoutsText,
  viewAvailable: true,
};

function start(input: ComponentFrameInput) {
  const actor = createActor(componentFrameMachine, { input });
  const emitted: ComponentFrameEmitted[] = [];
  actor.on("*", (e) => emitted.push(e));
  actor.start();
  return { actor, emitted, state: () => actor.getSnapshot().value };
}

function startReady() {
  const run = start(available);
  run.actor.send({ type: "links.connected" });
  run.actor.send({ type: "view.loaded" });
  return run;
}

describe("component frame lifecycle (issue 5 item 4)", () => {
  it("signals loader start before anything else", () => {
    const { emitted, state } = start(available);
    expect(emitted[0]).toEqual({ type: "loader.start" });
    expect(state()).toBe("connecting");
  });

  it("an unknown component reports a typed load error unknown_component", () => {
    const { emitted, state, actor } = start({
      component: "nope",
      errorText: null,
      viewAvailable: false,
    });
    expect(state()).toBe("error");
    expect(actor.getSnapshot().status).toBe("done");
    expect(emitted).toEqual([
      { type: "loader.start" },
      {
        type: "load.error",
        error: { name: "unknown_component", message: unknownComponentText },
        detail: null,
      },
    ]);
  });

  it("an internal entry the gate refuses reports internal_not_allowed with its error text, before anything connects", () => {
    const { emitted, state } = start({ ...available, internalRefused: true });
    expect(state()).toBe("error");
    expect(emitted).toEqual([
      { type: "loader.start" },
      {
        type: "load.error",
        error: { name: "internal_not_allowed", message: payoutsText },
        detail: null,
      },
    ]);
  });

  it("an element of the catalogue whose view is not built yet reports component_unavailable with its error text", () => {
    const { emitted, state } = start({ ...available, viewAvailable: false });
    expect(state()).toBe("error");
    expect(emitted).toEqual([
      { type: "loader.start" },
      {
        type: "load.error",
        error: { name: "component_unavailable", message: payoutsText },
        detail: null,
      },
    ]);
  });

  it("connecting, then loading the view, reaches ready with no error", () => {
    const { emitted, state, actor } = start(available);
    actor.send({ type: "links.connected" });
    expect(state()).toBe("loading");
    actor.send({ type: "view.loaded" });
    expect(state()).toBe("ready");
    expect(emitted).toEqual([{ type: "loader.start" }]);
  });

  it("a failed connection is a connection_failed load error showing the component's text", () => {
    const { emitted, actor, state } = start(available);
    actor.send({ type: "links.failed", message: "no data-layer frame" });
    expect(state()).toBe("error");
    expect(emitted.at(-1)).toEqual({
      type: "load.error",
      error: { name: "connection_failed", message: payoutsText },
      detail: "no data-layer frame",
    });
  });

  it("a chunk load failure is a view_load_failed load error", () => {
    const { emitted, actor } = start(available);
    actor.send({ type: "links.connected" });
    actor.send({ type: "view.failed", message: "Loading chunk 7 failed" });
    expect(emitted.at(-1)).toEqual({
      type: "load.error",
      error: { name: "view_load_failed", message: payoutsText },
      detail: "Loading chunk 7 failed",
    });
  });

  it("a view that cannot load its content reports load_failed", () => {
    const { emitted, actor, state } = startReady();
    actor.send({ type: "view.error", message: "HTTP status code: 500. Reason: unknown error" });
    expect(state()).toBe("error");
    expect(emitted.at(-1)).toMatchObject({ error: { name: "load_failed" } });
  });

  it("a 401 while ready shows the session-expired state", () => {
    const { emitted, actor, state } = startReady();
    actor.send({ type: "api.unauthorized" });
    expect(state()).toBe("sessionExpired");
    expect(emitted.at(-1)).toEqual({ type: "session.expired" });
  });

  it("unauthenticated after having been authenticated is a session expiry", () => {
    const { actor, state } = startReady();
    actor.send({ type: "auth.changed", authenticated: true });
    expect(state()).toBe("ready");
    actor.send({ type: "auth.changed", authenticated: false });
    expect(state()).toBe("sessionExpired");
  });

  it("unauthenticated before ever being authenticated is not a session expiry", () => {
    const { actor, state } = startReady();
    actor.send({ type: "auth.changed", authenticated: false });
    expect(state()).toBe("ready");
  });

  it("authentication remembered while loading counts once ready", () => {
    const { actor, state } = start(available);
    actor.send({ type: "auth.changed", authenticated: true });
    actor.send({ type: "links.connected" });
    actor.send({ type: "view.loaded" });
    actor.send({ type: "auth.changed", authenticated: false });
    expect(state()).toBe("sessionExpired");
  });

  it("a renewed session returns from session-expired to ready", () => {
    const { actor, state } = startReady();
    actor.send({ type: "api.unauthorized" });
    actor.send({ type: "auth.changed", authenticated: false });
    expect(state()).toBe("sessionExpired");
    actor.send({ type: "auth.changed", authenticated: true });
    expect(state()).toBe("ready");
  });

  it("the error state is final: the lifecycle is done after one load error", () => {
    const { actor, emitted } = start({ ...available, viewAvailable: false });
    expect(actor.getSnapshot().status).toBe("done");
    expect(emitted.filter((e) => e.type === "load.error")).toHaveLength(1);
  });
});
