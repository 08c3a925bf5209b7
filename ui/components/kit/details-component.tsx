/**
 * What every details component's `.component.tsx` shares (payment-details, payout-details):
 * the host's `inline` picks a drawer or a section of the page, and switching starts afresh
 * (`detailsComponent`); nothing renders until the host's attributes arrive, so
 * `visible="false"` never opens it first. `useDetailsHost` reads the named object's id and
 * `visible`, and keeps the machine in step with them.
 */
import { type ComponentType, useEffect } from "react";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostProps } from "../../frame/frame-context.tsx";
import { isOn } from "../../frame/host-attributes.ts";
import type { DetailsStatus } from "./details-panel.view.tsx";

export type DetailsRunnerProps = ComponentViewProps & { inline: boolean };

export function detailsComponent(
  Runner: ComponentType<DetailsRunnerProps>,
): ComponentType<ComponentViewProps> {
  return function DetailsComponent(props: ComponentViewProps) {
    const host = useHostProps();
    if (host === undefined) return null;
    const inline = isOn(host.attributes.inline);
    return <Runner key={inline ? "inline" : "overlay"} {...props} inline={inline} />;
  };
}

/**
 * The host's object id (the first of `attributes` given) and whether the details are shown:
 * an object is named and `visible` is not off (absent: shown). A component without a
 * `visible` attribute (payout-details) is shown exactly while its object is named, and the
 * platform hides it by removing the id (after `close`); with nothing named nothing opens, so
 * no empty drawer reports `overlaychange`.
 */
export function useDetailsHost(attributes: readonly string[]): {
  id: string | null;
  visible: boolean;
} {
  const given = useHostProps()?.attributes ?? {};
  const name = attributes.find((a) => given[a] !== undefined);
  const id = name === undefined ? null : (given[name] ?? null);
  return { id, visible: id !== null && (given.visible === undefined || isOn(given.visible)) };
}

/**
 * Keeps a details machine (`details-machine.ts`) on the host's id and visibility: `change`
 * with the new id when it differs from the machine's, `show`/`hide` when `visible` changes.
 */
export function useDetailsSync(
  send: (
    event: { type: "change"; id: string | null } | { type: "show" } | { type: "hide" },
  ) => void,
  host: { id: string | null; visible: boolean },
  current: string | null,
) {
  useEffect(() => {
    if (host.id !== current) send({ type: "change", id: host.id });
  }, [host.id, current, send]);
  useEffect(() => {
    send({ type: host.visible ? "show" : "hide" });
  }, [host.visible, send]);
}

/**
 * The view's status from a details machine's `data` region: a refresh keeps the loaded
 * object on screen (`shown`) while it loads again.
 */
export function detailsStatusOf(
  snapshot: { matches(state: never): boolean },
  loaded: boolean,
): DetailsStatus {
  const is = (data: string) => snapshot.matches({ data } as never);
  if (is("none")) return "none";
  if (is("shown") || (is("loading") && loaded)) return "shown";
  return is("failed") ? "failed" : "loading";
}
