import { describe, expect, it } from "vitest";
import {
  fakePage,
  taxInvoiceHistory,
} from "../../machines/components/documents/documents.fixture.ts";
import {
  documentsMachine,
  taxInvoicePdfUrl,
  taxInvoicesResource,
} from "../../machines/components/documents/documents.machine.ts";
import type { ResourceListEmitted } from "../../machines/components/resource-list.machine.ts";
import type {
  ListPageInput,
  PageRequest,
  RetrieveItemInput,
} from "../../machines/components/resource-list.types.ts";
import type { TaxInvoice } from "../../protocol/objects/tax-invoice.schema.ts";
import { DONE, ERROR, FakeCalls, replayWithCalls } from "./async-replay.ts";
import { coveringPaths, type MachineModel } from "./harness.ts";
import { describeListStep, LIST_FAILURES, listCalls } from "./resource-list.steps.ts";

/**
 * The documents component's lifecycle — the kit's list machine over the account's tax
 * invoices — walked through its graph against a fake `GET /v1/tax_invoices` of five monthly
 * invoices (pages of two), or none: pages answer, fail (500) or are refused (401, 403); a
 * row opens its invoice, which answers or fails; the person pages both ways and closes the
 * invoice. On every path: the first call is the newest page of `/v1/tax_invoices`, rows are a
 * run of the invoices newest first, an open invoice is the one whose row was opened (and its
 * PDF is that invoice's `/pdf`), a retrieve asks for the opened id, and a 401 ends the list
 * with one `unauthorized`.
 */

type Machine = typeof documentsMachine;

const { page: PAGE, detail: DETAIL } = listCalls(documentsMachine, "documents");
const FAILURES = LIST_FAILURES;

const SCENARIOS = [
  { label: "five invoices, pages of two", history: taxInvoiceHistory(5) },
  { label: "no invoice yet", history: [] as TaxInvoice[] },
];

const input = { pageSize: 2, paged: true, filters: {} };

const modelFor = (history: readonly TaxInvoice[]): MachineModel<Machine> => ({
  machine: documentsMachine,
  input,
  events: {
    "item.open": (snapshot) => {
      const first = snapshot.context.items[0];
      return first ? [{ type: "item.open", id: first.id }] : [];
    },
    [`${DONE}${PAGE}`]: (snapshot: { context: { request: PageRequest } }) => [
      { type: `${DONE}${PAGE}`, output: fakePage(history, snapshot.context.request) },
    ],
    [`${ERROR}${PAGE}`]: FAILURES.map(({ error }) => ({ type: `${ERROR}${PAGE}`, error })),
    [`${DONE}${DETAIL}`]: (snapshot: { context: { selectedId: string | null } }) => [
      {
        type: `${DONE}${DETAIL}`,
        output: history.find((i) => i.id === snapshot.context.selectedId),
      },
    ],
    [`${ERROR}${DETAIL}`]: FAILURES.slice(0, 2).map(({ error }) => ({
      type: `${ERROR}${DETAIL}`,
      error,
    })),
  } as MachineModel<Machine>["events"],
  describeEvent: (event) => describeListStep({ page: PAGE, detail: DETAIL }, event),
});

const cases = SCENARIOS.flatMap((scenario) =>
  coveringPaths(modelFor(scenario.history), { maxDepth: 5, dedupe: true }).map((path) => ({
    name: `${scenario.label}: ${path.name}`,
    history: scenario.history,
    path,
  })),
);

describe("documents (tax invoices), model-based", () => {
  it("walks paging both ways, an invoice opened and closed, every failure and the empty list", () => {
    const labels = new Set(cases.flatMap((c) => c.path.steps.map((s) => s.label)));
    for (const label of [
      "page.next",
      "page.previous",
      "open tinv_fixture_202605_usd",
      "detail answers",
      "detail fails 500",
      "detail.close",
      "page fails 500",
      "page refused 401",
      "page forbidden 403",
    ])
      expect(labels).toContain(label);
    const reached = new Set(cases.map((c) => JSON.stringify(c.path.target.value)));
    for (const state of ['"empty"', '"unauthorized"', '{"ready":{"detail":"shown"}}'])
      expect(reached).toContain(state);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { history, path }) => {
    const calls = new FakeCalls();
    const machine = documentsMachine.provide({
      actors: {
        listPage: calls.logic("listPage", ({ request }: ListPageInput) =>
          fakePage(history, request),
        ),
        retrieveItem: calls.logic("retrieveItem", ({ id }: RetrieveItemInput) => {
          const found = history.find((i) => i.id === id);
          if (!found) throw new Error(`no invoice ${id}`);
          return found;
        }),
      },
    });
    const run = await replayWithCalls(machine, input, path, calls);
    try {
      expect(calls.calls[0]?.input).toEqual({
        resource: taxInvoicesResource,
        request: { kind: "newest", limit: 2 },
        filters: {},
      });
      const newestFirst = [...history].reverse().map((i) => i.id);
      for (const step of run.steps) {
        const { context } = step.snapshot;
        const rows = context.items.map((i: TaxInvoice) => i.id);
        if (!step.snapshot.matches("loading") && rows.length > 0) {
          const at = newestFirst.indexOf(rows[0]!);
          expect(rows).toEqual(newestFirst.slice(at, at + rows.length));
        }
        for (const call of step.started.filter((c) => c.src === "retrieveItem"))
          expect((call.input as RetrieveItemInput).id).toBe(context.selectedId);
        if (step.snapshot.matches({ ready: { detail: "shown" } })) {
          const invoice = context.detail as TaxInvoice;
          expect(invoice.id).toBe(context.selectedId);
          expect(taxInvoicePdfUrl(invoice)).toBe(`/v1/tax_invoices/${invoice.id}/pdf`);
        }
      }
      const effects: ResourceListEmitted[] = [
        ...run.initialEffects,
        ...run.steps.flatMap((s) => s.effects),
      ];
      const snapshot = run.actor.getSnapshot();
      const unauthorized = effects.filter((e) => e.type === "unauthorized");
      expect(unauthorized.length).toBe(snapshot.value === "unauthorized" ? 1 : 0);
    } finally {
      run.actor.stop();
    }
  });
});
