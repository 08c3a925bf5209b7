// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { payoutsListMachine } from "../../../machines/components/payouts-list/payouts-list.machine.ts";
import { layoutMachine } from "../../../machines/diagram-layout.ts";
import type { InspectionRecord } from "../../../protocol/inspection.ts";
import { I18nProvider } from "../../i18n/provider.tsx";
import { viewLoaderFor } from "../registry.ts";
import { DebugUtilsView } from "./debug-utils.view.tsx";
import {
  activeStateIds,
  actorsByScope,
  applyRecords,
  emptyInspector,
  stateText,
} from "./inspector-model.ts";

afterEach(cleanup);

const inEnglish = (ui: ReactNode) => render(<I18nProvider locale="en-US">{ui}</I18nProvider>);

const base = { scope: "payouts-list", actor: "x:1", machine: "payoutsList", time: 1_000 };
const records: InspectionRecord[] = [
  { ...base, seq: 0, kind: "start", value: { ready: "list" }, context: {} },
  { ...base, seq: 1, kind: "event", event: { type: "page.next" }, value: "loading", taken: true },
  {
    ...base,
    seq: 2,
    kind: "event",
    event: { type: "xstate.done.actor.0.payoutsList.loading", output: { hasMore: true } },
    value: { ready: "list" },
    taken: true,
  },
  {
    ...base,
    scope: "data-layer",
    actor: "x:2",
    machine: "auth",
    seq: 0,
    kind: "start",
    value: "idle",
    context: {},
  },
];

describe("the inspector's model", () => {
  it("folds records into actors by context with their event logs in order, and names the active states", () => {
    const state = applyRecords(emptyInspector, records);
    const scopes = actorsByScope(state);
    expect(scopes.map((s) => s.scope)).toEqual(["data-layer", "payouts-list"]);
    const list = scopes[1]!.actors[0]!;
    expect(list.events.map((e) => [e.type, stateText(e.value)])).toEqual([
      ["page.next", "loading"],
      ["xstate.done.actor.0.payoutsList.loading", "ready.list"],
    ]);
    expect(list.events[1]!.payload).toEqual({ output: { hasMore: true } });
    expect([...activeStateIds(payoutsListMachine.root, { ready: { detail: "shown" } })]).toEqual([
      "payoutsList",
      "payoutsList.ready",
      "payoutsList.ready.detail",
      "payoutsList.ready.detail.shown",
    ]);
  });
});

describe("the debug-utils view", () => {
  it("is registered, draws the machine with its current state outlined, logs its events newest first, filters by actor and exports", () => {
    expect(viewLoaderFor("debug-utils")).toBeDefined();
    const state = applyRecords(emptyInspector, records);
    const scopes = actorsByScope(state);
    const list = scopes[1]!.actors[0]!;
    const onFilterChange = vi.fn();
    const onExport = vi.fn();
    inEnglish(
      <DebugUtilsView
        status="open"
        scopes={scopes}
        filter={list.key}
        onFilterChange={onFilterChange}
        shown={[
          {
            actor: list,
            diagram: {
              layout: layoutMachine(payoutsListMachine),
              active: activeStateIds(payoutsListMachine.root, list.value),
            },
          },
        ]}
        onExport={onExport}
      />,
    );
    const diagram = screen.getByRole("img", { name: "State diagram of payoutsList" });
    const active = [...diagram.querySelectorAll("[data-active]")].map((g) =>
      g.getAttribute("data-state"),
    );
    expect(active).toEqual(["payoutsList.ready.list"]);
    expect(screen.getByText("Current state: ready.list")).toBeTruthy();
    const log = screen.getByRole("table", { name: "Events of payoutsList (x:1)" });
    const types = within(log)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[1]!.textContent);
    expect(types).toEqual(["xstate.done.actor.0.payoutsList.loading", "page.next"]);
    fireEvent.change(screen.getByLabelText("Actor"), { target: { value: "data-layer/x:2" } });
    expect(onFilterChange).toHaveBeenCalledWith("data-layer/x:2");
    fireEvent.click(screen.getByRole("button", { name: "Export trace" }));
    expect(onExport).toHaveBeenCalledWith(list);
  });

  it("says so when the data layer refuses inspection", () => {
    inEnglish(
      <DebugUtilsView
        status="refused"
        scopes={[]}
        filter=""
        onFilterChange={() => {}}
        shown={[]}
        onExport={() => {}}
      />,
    );
    expect(screen.getByText("Inspection is not allowed on this page.")).toBeTruthy();
  });
});
