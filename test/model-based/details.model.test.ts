import { describe, expect, it } from "vitest";
import {
  type DetailsEmitted,
  type DetailsEvent,
  type DetailsInput,
  type detailsMachine,
  detailsStep,
} from "../../machines/components/details-machine.ts";
import {
  paymentHistory,
  refundsOf,
} from "../../machines/components/payment-details/payment-details.fixture.ts";
import {
  paymentDetailsMachine,
  paymentRefundsResource,
  paymentResource,
  RELATED_LIMIT,
} from "../../machines/components/payment-details/payment-details.machine.ts";
import { paymentDisputesResource } from "../../machines/components/payment-disputes/payment-disputes.machine.ts";
import {
  payoutDetailsMachine,
  payoutResource,
  SETTLED_LIMIT,
  settledTransactionsResource,
} from "../../machines/components/payout-details/payout-details.machine.ts";
import {
  fakeDetail,
  payoutHistory,
} from "../../machines/components/payouts-list/payouts-list.fixture.ts";
import type {
  Identified,
  ListPageInput,
  Page,
  ResourceDescriptor,
  RetrieveItemInput,
} from "../../machines/components/resource-list.types.ts";
import type { BalanceTransaction } from "../../protocol/objects/balance-transaction.schema.ts";
import { DONE, ERROR, FakeCalls, failureOf, http, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";

/**
 * The kit's details machine walked through its graph, as payout-details and payment-details
 * configure it: the object loads, then each related list (what a payout settled; a payment's
 * refunds, then its disputes unless the session leaves them out); any call can fail (500) or
 * be refused (401); the person retries, the host names another object or none, shows and
 * hides it, the person closes it, a refresh arrives. On every path: the object shown is the
 * one named, each related list is what the provider listed for that object (a skipped list
 * stays empty and is never asked for), a failure is kept and reported once (`load.failed`),
 * each 401 is one `unauthorized`, and, as a drawer, each opening and closing is reported in
 * turn (`overlay.changed`), a close also as `closed`; inline, no `overlay.changed`.
 */

type Machine = ReturnType<typeof detailsMachine<Identified, string>>;

const FAILURES = [
  { label: "fails 500", error: http(500) },
  { label: "refused 401", error: http(401) },
];

interface Related {
  resource: ResourceDescriptor;
  filter: string;
  limit: number;
  /** What the fake provider lists for the object. */
  answer(id: string): Identified[];
}

interface Subject {
  label: string;
  machine: Machine;
  resource: ResourceDescriptor;
  related: Record<string, Related>;
  item(id: string): Identified | undefined;
  /** The first object named, and another. */
  a: string;
  b: string;
  extraInputs: { label: string; input: DetailsInput<string> }[];
}

const payouts = payoutHistory(3);
/** What the fake provider says payout `id` settled: two charges of its own. */
const settledOf = (id: string): BalanceTransaction[] =>
  [1, 2].map((n) => ({
    id: `txn_${id}_${n}`,
    object: "balance_transaction",
    amount: 1_000 * n,
    fee: 59,
    net: 1_000 * n - 59,
    currency: "usd",
    type: "charge",
    reporting_category: "charge",
    source: `ch_${id}_${n}`,
    status: "available",
    available_on: 1_767_225_600,
    description: null,
    created: 1_767_000_000,
  }));

const payments = paymentHistory(2);

const SUBJECTS: Subject[] = [
  {
    label: "payout-details",
    machine: payoutDetailsMachine as unknown as Machine,
    resource: payoutResource as ResourceDescriptor,
    related: {
      settled: {
        resource: settledTransactionsResource as ResourceDescriptor,
        filter: "payout",
        limit: SETTLED_LIMIT,
        answer: settledOf,
      },
    },
    item: (id) => fakeDetail(payouts, id),
    a: payouts[0]!.id,
    b: payouts[1]!.id,
    extraInputs: [],
  },
  {
    label: "payment-details",
    machine: paymentDetailsMachine as unknown as Machine,
    resource: paymentResource as ResourceDescriptor,
    related: {
      refunds: {
        resource: paymentRefundsResource as ResourceDescriptor,
        filter: "charge",
        limit: RELATED_LIMIT,
        answer: (id) => refundsOf(payments, id),
      },
      // Undisputed payments: the provider lists no dispute for them.
      disputes: {
        resource: paymentDisputesResource as ResourceDescriptor,
        filter: "charge",
        limit: RELATED_LIMIT,
        answer: () => [],
      },
    },
    item: (id) => payments.find((p) => p.id === id),
    a: payments[0]!.id,
    b: payments[1]!.id,
    extraInputs: [
      {
        label: "drawer, without disputes",
        input: { id: payments[1]!.id, visible: true, overlay: true, skip: ["disputes"] },
      },
    ],
  },
];

const invokeId = (machine: Machine, step: string) =>
  machine.getStateNodeById(detailsStep(machine.id, step)).invoke[0]?.id ?? "";

function modelFor(subject: Subject, input: DetailsInput<string>): MachineModel<Machine> {
  const { machine } = subject;
  const steps = ["item", ...Object.keys(subject.related)];
  const events: Record<string, unknown> = {
    change: (snapshot: { context: { id: string | null } }) => [
      { type: "change", id: snapshot.context.id === subject.b ? null : subject.b },
    ],
  };
  for (const step of steps) {
    const id = invokeId(machine, step);
    events[`${DONE}${id}`] = (snapshot: { context: { id: string | null } }) => [
      {
        type: `${DONE}${id}`,
        output:
          step === "item"
            ? subject.item(snapshot.context.id ?? "")
            : { items: subject.related[step]!.answer(snapshot.context.id ?? ""), hasMore: false },
      },
    ];
    events[`${ERROR}${id}`] = FAILURES.map(({ error }) => ({ type: `${ERROR}${id}`, error }));
  }
  return {
    machine,
    input,
    events: events as MachineModel<Machine>["events"],
    describeEvent: (event) => {
      const e = event as DetailsEvent | { type: string; error?: unknown };
      const failure = FAILURES.find((f) => "error" in e && f.error === e.error)?.label ?? "";
      for (const step of steps) {
        const id = invokeId(machine, step);
        if (e.type === `${DONE}${id}`) return `${step} answers`;
        if (e.type === `${ERROR}${id}`) return `${step} ${failure}`;
      }
      if (e.type === "change" && "id" in e) return `name ${e.id ?? "none"}`;
      return e.type;
    },
  };
}

for (const subject of SUBJECTS) {
  const scenarios = [
    { label: "drawer, shown", input: { id: subject.a, visible: true, overlay: true } },
    { label: "drawer, hidden at first", input: { id: subject.a, visible: false, overlay: true } },
    { label: "inline", input: { id: subject.a, visible: true, overlay: false } },
    { label: "nothing named", input: { id: null, visible: false, overlay: true } },
    ...subject.extraInputs,
  ];
  const cases = scenarios.flatMap((scenario) =>
    coveringPaths(modelFor(subject, scenario.input), { maxDepth: 4, dedupe: true }).map((path) => ({
      name: `${scenario.label}: ${path.name}`,
      scenario,
      path,
    })),
  );

  describe(`${subject.label} on the kit's details machine, model-based`, () => {
    it("walks every load and its failures, retry, refresh, another object, none, show, hide and close", () => {
      const labels = new Set(cases.flatMap((c) => c.path.steps.map((s) => s.label)));
      const expected = ["retry", "refresh", `name ${subject.b}`, "name none", "show", "hide"];
      for (const step of ["item", ...Object.keys(subject.related)])
        expected.push(`${step} answers`, `${step} fails 500`, `${step} refused 401`);
      expected.push("close");
      for (const label of expected) expect(labels).toContain(label);
    });

    it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { scenario, path }) => {
      const calls = new FakeCalls();
      const machine = subject.machine.provide({
        actors: {
          retrieveItem: calls.logic<Identified, RetrieveItemInput>("retrieveItem", ({ id }) => {
            const found = subject.item(id);
            if (!found) throw new Error(`no ${subject.label} object ${id}`);
            return found;
          }),
          listPage: calls.logic<Page<Identified>, ListPageInput<unknown>>(
            "listPage",
            ({ resource, filters }) => {
              const [, related] = Object.entries(subject.related).find(
                ([, r]) => r.resource === resource,
              )!;
              const id = (filters as Record<string, string>)[related.filter] ?? "";
              return { items: related.answer(id), hasMore: false };
            },
          ),
        },
      });
      const skip = scenario.input.skip ?? [];
      const run = await replayWithCalls(machine, scenario.input, path, calls);
      try {
        const effects: DetailsEmitted[] = [
          ...run.initialEffects,
          ...run.steps.flatMap((s) => s.effects),
        ];
        // Every call goes through the kit's resources; a skipped list is never asked for.
        for (const call of calls.calls) {
          if (call.src === "retrieveItem") {
            expect((call.input as RetrieveItemInput).resource).toBe(subject.resource);
            continue;
          }
          const input = call.input as ListPageInput<unknown>;
          const entry = Object.entries(subject.related).find(
            ([, r]) => r.resource === input.resource,
          );
          expect(entry).toBeDefined();
          const [name, related] = entry!;
          expect(skip).not.toContain(name);
          expect(input.request).toEqual({ kind: "newest", limit: related.limit });
        }
        for (const step of run.steps) {
          const { context } = step.snapshot;
          if (step.snapshot.matches({ data: "shown" })) {
            expect(context.item?.id).toBe(context.id);
            for (const [name, related] of Object.entries(subject.related))
              expect(context.related[name]).toEqual(
                skip.includes(name) ? [] : related.answer(context.id ?? ""),
              );
          }
          if (step.snapshot.matches({ data: "none" })) expect(context.item).toBeNull();
          const failure = FAILURES.find(
            (f) => (step.event as { error?: unknown }).error === f.error,
          );
          if (failure?.label === "fails 500") {
            expect(step.snapshot.matches({ data: "failed" })).toBe(true);
            expect(step.effects).toContainEqual({
              type: "load.failed",
              failure: failureOf(failure.error),
            });
          }
          if (failure?.label === "refused 401") {
            expect(step.snapshot.matches({ data: "unauthorized" })).toBe(true);
            expect(step.effects).toEqual([{ type: "unauthorized" }]);
          }
          if (step.event.type === "close" && step.label === "close")
            expect(step.effects.map((e) => e.type)).toContain("closed");
        }
        // The overlay's reports alternate open, closed — and only for a drawer.
        const overlay = effects.filter((e) => e.type === "overlay.changed");
        if (!scenario.input.overlay) expect(overlay).toEqual([]);
        overlay.forEach((e, i) => {
          expect(e).toEqual({ type: "overlay.changed", open: i % 2 === 0 });
        });
        // One `unauthorized` per 401, nothing else reports it.
        const refusals = run.steps.filter(
          (s) => (s.event as { error?: unknown }).error === FAILURES[1]?.error,
        ).length;
        expect(effects.filter((e) => e.type === "unauthorized")).toHaveLength(refusals);
      } finally {
        run.actor.stop();
      }
    });
  });
}
