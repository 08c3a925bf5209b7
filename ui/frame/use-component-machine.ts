/**
 * The one hook that runs a component's machine with its effects. It provides the machine
 * with the kit's actor implementations from the frame context (the ones the machine
 * declares: `listPage`, `retrieveItem`, …; a component may pass its own for actors that are
 * not API calls), starts it with `input`, and performs the effects every kit machine emits:
 * `unauthorized` → the shell's session-expired view, `overlay.changed` → the host element
 * hears it, `load.failed` → the platform's onLoadError. It returns the snapshot and `send`,
 * which the component's `.connect.ts` turns into its view's props.
 */
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo } from "react";
import type { AnyActorLogic, AnyStateMachine, EventFrom, InputFrom, SnapshotFrom } from "xstate";
import type { CallFailure } from "../../machines/auth/failure.ts";
import { loadErrorOf } from "../../machines/components/load-error.ts";
import type { ComponentViewProps } from "./component-view.ts";
import { useInspection, useKitActors, useOverlayReport } from "./frame-context.tsx";

export interface ComponentMachineOptions<M extends AnyStateMachine> {
  input: InputFrom<M>;
  /** Where the shell hears a 401 and a failed load (the component's own props). */
  view: Pick<ComponentViewProps, "onUnauthorized" | "reportLoadError">;
  /** Actors the component implements itself (not API calls), by the machine's names. */
  actors?: Record<string, AnyActorLogic>;
  /** What the component does with its machine's own emitted effects, by type. */
  effects?: Record<string, (event: never) => void>;
}

export interface ComponentMachine<M extends AnyStateMachine> {
  snapshot: SnapshotFrom<M>;
  send: (event: EventFrom<M>) => void;
}

/** The actors `machine` declares, taken from `own` first, then from the frame's kit. */
function actorsFor(
  machine: AnyStateMachine,
  kit: Record<string, AnyActorLogic>,
  own: Record<string, AnyActorLogic> | undefined,
): Record<string, AnyActorLogic> {
  const declared = Object.keys(machine.implementations.actors);
  const chosen: Record<string, AnyActorLogic> = {};
  for (const name of declared) {
    const logic = own?.[name] ?? kit[name];
    if (logic) chosen[name] = logic;
  }
  return chosen;
}

export function useComponentMachine<M extends AnyStateMachine>(
  machine: M,
  options: ComponentMachineOptions<M>,
): ComponentMachine<M> {
  const kit = useKitActors();
  const reportOverlay = useOverlayReport();
  const { onUnauthorized, reportLoadError } = options.view;
  const own = options.actors;
  const effects = options.effects;
  const provided = useMemo(
    () => machine.provide({ actors: actorsFor(machine, kit, own) } as never) as M,
    [machine, kit, own],
  );
  const actor = useActorRef(provided, { input: options.input } as never);
  // The live inspector may watch it (nothing is recorded unless one is open).
  const { inspectable } = useInspection();
  useEffect(() => inspectable?.(actor), [actor, inspectable]);
  useEffect(() => {
    const subscriptions = [
      actor.on("unauthorized", () => onUnauthorized()),
      actor.on("overlay.changed", (event: { open: boolean }) => reportOverlay(event.open)),
      actor.on("load.failed", (event: { failure: CallFailure }) =>
        reportLoadError(loadErrorOf(event.failure)),
      ),
      ...Object.entries(effects ?? {}).map(([type, perform]) =>
        actor.on(type, (event: unknown) => (perform as (e: unknown) => void)(event)),
      ),
    ];
    return () => {
      for (const s of subscriptions) s.unsubscribe();
    };
  }, [actor, onUnauthorized, reportOverlay, reportLoadError, effects]);
  const snapshot = useSelector(actor, (s) => s) as SnapshotFrom<M>;
  return { snapshot, send: actor.send as (event: EventFrom<M>) => void };
}
