import { describe, expect, it } from "vitest";
import { payoutHistory } from "../../machines/components/payouts-list/payouts-list.fixture.ts";
import { payoutsListMachine } from "../../machines/components/payouts-list/payouts-list.machine.ts";
import { expectTraceReplays, replayTrace } from "../../machines/replay.ts";
import { inspectionRecordsSchema, traceOf } from "../../protocol/inspection.ts";
import { listSettled, payoutsListActor, recordActors } from "./recorder.fixture.ts";

/**
 * The recorder of a context (issue 17): attached through XState's inspection API only once
 * started, it records each machine actor's start and transitions, redacted, in batches; the
 * trace of one actor replays against the machine.
 */

describe("the recorder", () => {
  it("records the list's state when it starts, then every transition in order, and the list's trace replays through the same states", async () => {
    const history = payoutHistory(23);
    const actor = payoutsListActor(history).start();
    await listSettled(actor);
    const { recorder, sent, records } = recordActors([actor]);
    actor.send({ type: "page.next" });
    await listSettled(actor);
    actor.send({ type: "item.open", id: "po_013" });
    await listSettled(actor);
    recorder.flush();
    expect(sent.length).toBeGreaterThan(0);
    for (const batch of sent) expect(inspectionRecordsSchema.safeParse(batch).success).toBe(true);
    const list = records().filter((r) => r.machine === "payoutsList");
    expect(list[0]).toMatchObject({ kind: "start", value: { ready: "list" } });
    expect(list.filter((r) => r.kind === "event").map((r) => r.event?.type)).toEqual([
      "page.next",
      "xstate.done.actor.0.payoutsList.loading",
      "item.open",
      "xstate.done.actor.0.payoutsList.ready.detail.loading",
    ]);
    const trace = traceOf(records(), "payouts-list", actor.sessionId);
    expect(trace).not.toBeNull();
    const states = expectTraceReplays(payoutsListMachine, trace!);
    expect(states).toEqual([
      { ready: "list" },
      "loading",
      { ready: "list" },
      { ready: { detail: "loading" } },
      { ready: { detail: "shown" } },
    ]);
    recorder.stop();
    actor.stop();
  });

  it("the same trace with an impossible event order fails its replay at the step that cannot happen", async () => {
    const actor = payoutsListActor(payoutHistory(23)).start();
    await listSettled(actor);
    const { recorder, records } = recordActors([actor]);
    actor.send({ type: "page.next" });
    await listSettled(actor);
    recorder.flush();
    const trace = traceOf(records(), "payouts-list", actor.sessionId)!;
    const swapped = { ...trace, steps: [trace.steps[1]!, trace.steps[0]!] };
    expect(replayTrace(payoutsListMachine, swapped).mismatch).toMatchObject({
      index: 0,
      event: "xstate.done.actor.0.payoutsList.loading",
      expectedTaken: true,
      actualTaken: false,
    });
    expect(() => expectTraceReplays(payoutsListMachine, swapped)).toThrow(/step 0/);
    recorder.stop();
    actor.stop();
  });

  it("sends in batches after the flush delay, and nothing after stop", async () => {
    const actor = payoutsListActor(payoutHistory(3)).start();
    await listSettled(actor);
    const { recorder, sent, timers } = recordActors([actor]);
    expect(sent).toHaveLength(0);
    timers.advance(100);
    expect(sent).toHaveLength(1);
    recorder.stop();
    actor.send({ type: "list.refresh" });
    await listSettled(actor);
    timers.advance(100);
    expect(sent).toHaveLength(1);
    actor.stop();
  });
});
