import { describe, expect, it } from "vitest";
import { createActor, createMachine } from "xstate";
import type { InspectionRecord } from "../../protocol/inspection.ts";
import { registerInspectable } from "../inspection/inspectables.ts";
import { reportInspection } from "./inspection.ts";

/** A UI frame reports its registered actors only between inspectionStart and inspectionStop. */

function fakeClient() {
  const listeners = new Map<string, Set<() => void>>();
  const sent: InspectionRecord[][] = [];
  return {
    sent,
    broadcast(type: string) {
      for (const l of listeners.get(type) ?? []) l();
    },
    client: {
      onBroadcast(type: string, listener: () => void) {
        const set = listeners.get(type) ?? new Set();
        listeners.set(type, set);
        set.add(listener);
        return () => set.delete(listener);
      },
      send(message: { records: InspectionRecord[] }) {
        sent.push(message.records);
      },
      request: () => Promise.reject(new Error("not used")),
    } as never,
  };
}

const toggle = createMachine({
  id: "toggle",
  initial: "off",
  states: { off: { on: { flip: "on" } }, on: { on: { flip: "off" } } },
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe("a UI frame's inspection reports", () => {
  it("sends nothing before inspectionStart, its actors' transitions after it, nothing after inspectionStop", async () => {
    const actor = createActor(toggle).start();
    const unregister = registerInspectable(actor);
    const { client, sent, broadcast } = fakeClient();
    const stop = reportInspection(client, "payouts-list");
    actor.send({ type: "flip" });
    await new Promise((r) => setTimeout(r, 150));
    expect(sent).toEqual([]);

    broadcast("inspectionStart");
    await until(() => sent.length > 0);
    actor.send({ type: "flip" });
    await until(() => sent.flat().some((r) => r.kind === "event"));
    const records = sent.flat().filter((r) => r.machine === "toggle");
    expect(records.map((r) => [r.kind, r.value])).toEqual([
      ["start", "on"],
      ["event", "off"],
    ]);
    expect(records.every((r) => r.scope === "payouts-list")).toBe(true);

    broadcast("inspectionStop");
    const count = sent.length;
    actor.send({ type: "flip" });
    await new Promise((r) => setTimeout(r, 150));
    expect(sent).toHaveLength(count);
    stop();
    unregister();
    actor.stop();
  });
});
