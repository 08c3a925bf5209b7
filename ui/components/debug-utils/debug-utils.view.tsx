/**
 * The live inspector's view (issue 17, `debug-utils`): the actors every context reported,
 * grouped by context and machine, a filter by actor, and for each shown actor its state
 * diagram with the current state outlined and its event log (time, type, redacted payload),
 * with the export of its trace. Pure: values and callbacks in.
 */
import { useIntl } from "react-intl";
import type { MachineLayout } from "../../../machines/diagram-layout.ts";
import { Badge, Banner, Button, EmptyState, Select, Skeleton, Table } from "../../kit/index.ts";
import { StateDiagram } from "../../kit/state-diagram.view.tsx";
import { debugUtilsMessages as m } from "./debug-utils.messages.ts";
import { type InspectedActor, type LoggedEvent, stateText } from "./inspector-model.ts";

export interface ShownActor {
  actor: InspectedActor;
  /** The machine's diagram, once its definition is loaded; null while it loads or if unknown. */
  diagram: { layout: MachineLayout; active: ReadonlySet<string> } | null;
}

export interface DebugUtilsViewProps {
  status: "opening" | "open" | "refused";
  /** Every actor, by context: for the filter. */
  scopes: { scope: string; actors: InspectedActor[] }[];
  /** The chosen actor's key, or "" for every actor. */
  filter: string;
  onFilterChange(key: string): void;
  shown: ShownActor[];
  onExport(actor: InspectedActor): void;
}

const actorName = (actor: InspectedActor) => `${actor.machine} (${actor.actor})`;

function EventLog({ actor }: { actor: InspectedActor }) {
  const intl = useIntl();
  return (
    <Table<LoggedEvent>
      caption={intl.formatMessage(m.events, { name: actorName(actor) })}
      columns={[
        {
          id: "time",
          header: intl.formatMessage(m.time),
          cell: (e) =>
            intl.formatTime(e.time, {
              hour: "2-digit",
              minute: "2-digit",
              second: "2-digit",
              fractionalSecondDigits: 3,
            }),
        },
        { id: "event", header: intl.formatMessage(m.event), cell: (e) => <code>{e.type}</code> },
        {
          id: "payload",
          header: intl.formatMessage(m.payload),
          cell: (e) => <code>{JSON.stringify(e.payload)}</code>,
        },
      ]}
      rows={[...actor.events].reverse()}
      rowKey={(e) => String(e.seq)}
      empty={<EmptyState title={intl.formatMessage(m.noEvents)} headingLevel={4} />}
    />
  );
}

function ActorPanel({ shown, onExport }: { shown: ShownActor; onExport(a: InspectedActor): void }) {
  const intl = useIntl();
  const { actor, diagram } = shown;
  return (
    <section className="debug-utils__actor" aria-label={actorName(actor)}>
      <h3 className="kit-heading-sm">
        <code>{actor.machine}</code> <span>{actor.actor}</span>{" "}
        {actor.stopped ? <Badge status="neutral">{intl.formatMessage(m.stopped)}</Badge> : null}
      </h3>
      <p data-testid="current-state">
        {intl.formatMessage(m.currentState, { status: stateText(actor.value) })}
      </p>
      {diagram ? (
        <StateDiagram
          layout={diagram.layout}
          active={diagram.active}
          label={intl.formatMessage(m.diagram, { name: actor.machine })}
        />
      ) : (
        <Skeleton lines={2} />
      )}
      <EventLog actor={actor} />
      <Button onClick={() => onExport(actor)}>{intl.formatMessage(m.exportTrace)}</Button>
    </section>
  );
}

export function DebugUtilsView(props: DebugUtilsViewProps) {
  const intl = useIntl();
  const { status, scopes, filter, onFilterChange, shown, onExport } = props;
  return (
    <div className="debug-utils">
      <h2 className="kit-heading-md">{intl.formatMessage(m.title)}</h2>
      {status === "refused" ? (
        <Banner status="warning" title={intl.formatMessage(m.refused)} />
      ) : status === "opening" ? (
        <p>{intl.formatMessage(m.opening)}</p>
      ) : (
        <>
          <Select
            id="debug-utils-actor"
            label={intl.formatMessage(m.actorLabel)}
            value={filter}
            onChange={onFilterChange}
            options={[
              { value: "", label: intl.formatMessage(m.everyActor) },
              ...scopes.flatMap(({ scope, actors }) =>
                actors.map((a) => ({ value: a.key, label: `${scope} · ${actorName(a)}` })),
              ),
            ]}
          />
          {shown.length === 0 ? (
            <EmptyState title={intl.formatMessage(m.noActors)} headingLevel={3} />
          ) : (
            shown.map((s) => <ActorPanel key={s.actor.key} shown={s} onExport={onExport} />)
          )}
        </>
      )}
    </div>
  );
}
