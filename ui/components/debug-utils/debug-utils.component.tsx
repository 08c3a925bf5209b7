/**
 * The live inspector as the frame registers it (issue 17, the internal `debug-utils`): it
 * opens inspection through the frame's services (the data layer refuses it where internal
 * components may not load), folds the records every context reports into actors and their
 * event logs, loads each shown machine's definition from the generated machine registry to
 * lay out its diagram, and exports one actor's trace as a JSON file (docs/traces.md).
 */
import { useEffect, useMemo, useState } from "react";
import type { AnyStateMachine } from "xstate";
import { layoutMachine, type MachineLayout } from "../../../machines/diagram-layout.ts";
import { machineLoaders } from "../../../machines/registry.generated.ts";
import { traceOf } from "../../../protocol/inspection.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useInspection } from "../../frame/frame-context.tsx";
import { saveFile } from "../../frame/save-file.ts";
import { DebugUtilsView, type ShownActor } from "./debug-utils.view.tsx";
import {
  activeStateIds,
  actorsByScope,
  applyRecords,
  emptyInspector,
  type InspectedActor,
  type InspectorState,
} from "./inspector-model.ts";

interface Drawn {
  machine: AnyStateMachine;
  layout: MachineLayout;
}

/** The machines of `ids`, loaded and laid out once each. */
function useDiagrams(ids: readonly string[]): ReadonlyMap<string, Drawn> {
  const [drawn, setDrawn] = useState<ReadonlyMap<string, Drawn>>(new Map());
  const wanted = ids.filter((id) => !drawn.has(id) && machineLoaders[id]).join(" ");
  useEffect(() => {
    if (wanted === "") return;
    let current = true;
    for (const id of wanted.split(" ")) {
      machineLoaders[id]?.().then(
        (machine) => {
          if (!current) return;
          const layout = layoutMachine(machine);
          setDrawn((before) => new Map(before).set(id, { machine, layout }));
        },
        () => {},
      );
    }
    return () => {
      current = false;
    };
  }, [wanted]);
  return drawn;
}

export default function DebugUtils(_props: ComponentViewProps) {
  const { inspect } = useInspection();
  const [status, setStatus] = useState<"opening" | "open" | "refused">(
    inspect ? "opening" : "refused",
  );
  const [state, setState] = useState<InspectorState>(emptyInspector);
  const [filter, setFilter] = useState("");

  useEffect(() => {
    if (!inspect) return;
    const feed = inspect((records) => setState((before) => applyRecords(before, records)));
    let current = true;
    void feed.opened.then((open) => {
      if (current) setStatus(open ? "open" : "refused");
    });
    return () => {
      current = false;
      feed.close();
    };
  }, [inspect]);

  const scopes = useMemo(() => actorsByScope(state), [state]);
  const visible: InspectedActor[] = scopes
    .flatMap((s) => s.actors)
    .filter((a) => filter === "" || a.key === filter);
  const diagrams = useDiagrams([...new Set(visible.map((a) => a.machine))]);
  const shown: ShownActor[] = visible.map((actor) => {
    const drawn = diagrams.get(actor.machine);
    return {
      actor,
      diagram: drawn
        ? { layout: drawn.layout, active: activeStateIds(drawn.machine.root, actor.value) }
        : null,
    };
  });

  const onExport = (actor: InspectedActor) => {
    const trace = traceOf(state.records, actor.scope, actor.actor);
    if (!trace) return;
    const name = `${actor.machine}-${actor.scope}-${actor.actor.replace(/[^A-Za-z0-9]/g, "")}.trace.json`;
    saveFile(
      new File([JSON.stringify(trace, null, 2)], name, { type: "application/json" }),
      document,
    );
  };

  return (
    <DebugUtilsView
      status={status}
      scopes={scopes}
      filter={filter}
      onFilterChange={setFilter}
      shown={shown}
      onExport={onExport}
    />
  );
}
