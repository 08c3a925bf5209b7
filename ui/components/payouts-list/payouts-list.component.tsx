/**
 * The payouts-list component as the frame registers it: runs the payouts-list machine with
 * its actors (the API through the data layer), performs what it emits (session expired to
 * the shell, overlay reports to the host) and renders the pure view from its snapshot.
 * The internal `recent-payouts` attribute comes from the host's props; changing it starts a
 * fresh list in the other mode.
 */
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo } from "react";
import { loadErrorOf } from "../../../actors/ui-frame/load-error.ts";
import {
  type Api,
  useApi,
  useHostProps,
  useOverlayReport,
} from "../../../actors/ui-frame/react.tsx";
import {
  DEFAULT_PAGE_SIZE,
  payoutsListMachine,
} from "../../../machines/components/payouts-list/payouts-list.machine.ts";
import { manifestEntry } from "../../../protocol/catalogue/manifest.ts";
import { useNarrowLayout } from "../../frame/frame-shell.view.tsx";
import type { ComponentViewProps } from "../registry.ts";
import { payoutsListActors } from "./payouts-list.actor.ts";
import { connectPayoutsList } from "./payouts-list.connect.ts";
import { PayoutsListView } from "./payouts-list.view.tsx";

/** A boolean attribute as the catalogue reads it: present (or "true") is on, "false" off. */
export const isOn = (value: string | undefined) => value !== undefined && value !== "false";

interface RunnerProps {
  api: Api;
  recent: boolean;
  errorText: string | null;
  narrow: boolean;
  onUnauthorized(): void;
  reportOverlay(open: boolean): void;
  reportLoadError: ComponentViewProps["reportLoadError"];
}

function PayoutsListRunner({ api, recent, errorText, narrow, ...effects }: RunnerProps) {
  const machine = useMemo(
    () => payoutsListMachine.provide({ actors: payoutsListActors(api) }),
    [api],
  );
  const actor = useActorRef(machine, { input: { pageSize: DEFAULT_PAGE_SIZE, recent } });
  const { onUnauthorized, reportOverlay, reportLoadError } = effects;
  useEffect(() => {
    const subscriptions = [
      actor.on("unauthorized", () => onUnauthorized()),
      actor.on("overlay.changed", (event) => reportOverlay(event.open)),
      actor.on("load.failed", (event) => reportLoadError(loadErrorOf(event.failure))),
    ];
    return () => {
      for (const s of subscriptions) s.unsubscribe();
    };
  }, [actor, onUnauthorized, reportOverlay, reportLoadError]);
  const snapshot = useSelector(actor, (s) => s);
  return <PayoutsListView {...connectPayoutsList(snapshot, actor.send, { errorText, narrow })} />;
}

export default function PayoutsList({
  component,
  onUnauthorized,
  reportLoadError,
}: ComponentViewProps) {
  const api = useApi();
  const props = useHostProps();
  const narrow = useNarrowLayout();
  const reportOverlay = useOverlayReport();
  const recent = isOn(props?.attributes["recent-payouts"]);
  const errorText = manifestEntry(component)?.errorText ?? null;
  return (
    <PayoutsListRunner
      key={recent ? "recent" : "all"}
      api={api}
      recent={recent}
      errorText={errorText}
      narrow={narrow}
      onUnauthorized={onUnauthorized}
      reportOverlay={reportOverlay}
      reportLoadError={reportLoadError}
    />
  );
}
