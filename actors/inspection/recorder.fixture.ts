/**
 * Test support: the payouts list's machine run as an actor over a fake history, and a
 * recorder attached to given actors with a manual clock and timers (issue 17's recorder and
 * trace tests).
 */
import { type AnyActorRef, createActor, fromPromise, waitFor } from "xstate";
import {
  fakeDetail,
  fakePage,
  payoutHistory,
} from "../../machines/components/payouts-list/payouts-list.fixture.ts";
import { payoutsListMachine } from "../../machines/components/payouts-list/payouts-list.machine.ts";
import type {
  ListPageInput,
  Page,
  RetrieveItemInput,
} from "../../machines/components/resource-list.types.ts";
import { type InspectionRecord, type TraceFile, traceOf } from "../../protocol/inspection.ts";
import type { Payout } from "../../protocol/objects/payout.schema.ts";
import { ManualTimers } from "../messaging/manual-timers.ts";
import { startRecorder } from "./recorder.ts";

export function payoutsListActor(history: Payout[]) {
  const machine = payoutsListMachine.provide({
    actors: {
      listPage: fromPromise<Page<Payout>, ListPageInput>(async ({ input }) =>
        fakePage(history, input.request),
      ),
      retrieveItem: fromPromise<Payout, RetrieveItemInput>(async ({ input }) => {
        const found = fakeDetail(history, input.id);
        if (!found) throw new Error("no such payout");
        return found;
      }),
    },
  });
  return createActor(machine, { input: { pageSize: 10, paged: true, filters: {} } });
}

export const listSettled = (actor: ReturnType<typeof payoutsListActor>) =>
  waitFor(actor, (s) => !s.matches("loading") && !s.matches({ ready: { detail: "loading" } }));

/** A recorder over `actors` only, scope `payouts-list`, its clock and timers by hand. */
export function recordActors(actors: AnyActorRef[]) {
  const timers = new ManualTimers();
  const sent: InspectionRecord[][] = [];
  let clock = 1_000;
  const recorder = startRecorder({
    scope: "payouts-list",
    send: (records) => sent.push(records),
    now: () => clock++,
    timers,
    watch: (listener) => {
      for (const actor of actors) listener(actor);
      return () => {};
    },
  });
  return { recorder, sent, timers, records: () => sent.flat() };
}

/** A list that loaded, then recorded while it pages once and opens a payout: its trace. */
export async function recordedPayoutsListTrace(): Promise<TraceFile> {
  const actor = payoutsListActor(payoutHistory(23)).start();
  await listSettled(actor);
  const { recorder, records } = recordActors([actor]);
  actor.send({ type: "page.next" });
  await listSettled(actor);
  actor.send({ type: "item.open", id: "po_013" });
  await listSettled(actor);
  recorder.flush();
  recorder.stop();
  actor.stop();
  const trace = traceOf(records(), "payouts-list", actor.sessionId);
  if (!trace) throw new Error("the list's start was not recorded");
  return trace;
}
