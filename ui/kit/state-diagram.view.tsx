/**
 * A machine's state diagram as SVG (issue 17, the live inspector): the layout of
 * `machines/diagram-layout.ts` (dagre) drawn with the theme's colours, the states in
 * `active` outlined, inside a region that scrolls sideways in a narrow frame. Its own entry
 * (outside `index.ts`), so only a frame that draws diagrams downloads dagre.
 */
import { useId } from "react";
import {
  type LaidNode,
  type MachineLayout,
  NOTE_LINE,
  round1 as r,
} from "../../machines/diagram-layout.ts";
import { ScrollRegion } from "./scroll-region.view.tsx";

export interface StateDiagramProps {
  layout: MachineLayout;
  /** The ids of the states the actor is in (`payoutsList.ready`, `payoutsList.ready.list`). */
  active: ReadonlySet<string>;
  /** The diagram's accessible name. */
  label: string;
}

/** A node's top-left corner. */
const corner = (n: LaidNode) => ({ x: r(n.x - n.width / 2), y: r(n.y - n.height / 2) });

/** A node's notes, one line each below its title. */
function Notes({ n, x, top, anchor }: { n: LaidNode; x: number; top: number; anchor?: "middle" }) {
  return (n.notes ?? []).map((note, i) => (
    <text
      key={note}
      className="kit-diagram__note"
      x={x}
      y={r(top + (i + 1) * NOTE_LINE)}
      textAnchor={anchor}
    >
      {note}
    </text>
  ));
}

export function StateDiagram({ layout, active, label }: StateDiagramProps) {
  const arrow = `${useId().replace(/:/g, "")}-arrow`;
  const width = r(layout.width);
  const height = r(layout.height);
  const isActive = (stateId: string | undefined) => stateId !== undefined && active.has(stateId);
  return (
    <ScrollRegion label={label}>
      <svg
        className="kit-diagram"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={label}
      >
        <defs>
          <marker
            id={arrow}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path className="kit-diagram__dot" d="M0,0 L10,5 L0,10 z" />
          </marker>
        </defs>
        {layout.nodes
          .filter((n) => n.kind === "container")
          .map((n) => (
            <rect
              key={n.id}
              className={`kit-diagram__container${isActive(n.stateId) ? " kit-diagram__active" : ""}`}
              data-state={n.stateId}
              {...corner(n)}
              width={r(n.width)}
              height={r(n.height)}
              rx="10"
            />
          ))}
        {layout.nodes
          .filter((n) => n.kind === "head")
          .map((n) => {
            const { x, y } = corner(n);
            return (
              <g key={n.id}>
                <text className="kit-diagram__title" x={x} y={r(y + 12)}>
                  {n.label}
                </text>
                <Notes n={n} x={x} top={y + 12} />
              </g>
            );
          })}
        {layout.edges
          .filter((e) => !e.hidden)
          .map((e) => (
            <g key={e.key}>
              <polyline
                className="kit-diagram__edge"
                points={e.points.map((p) => `${r(p.x)},${r(p.y)}`).join(" ")}
                markerEnd={`url(#${arrow})`}
              />
              {e.label && e.x !== undefined && e.y !== undefined ? (
                <text className="kit-diagram__note" x={r(e.x)} y={r(e.y + 4)} textAnchor="middle">
                  {e.label}
                </text>
              ) : null}
            </g>
          ))}
        {layout.nodes
          .filter((n) => n.kind === "dot")
          .map((n) =>
            n.dot === "square" ? (
              <rect
                key={n.id}
                className="kit-diagram__dot"
                x={r(n.x - 5)}
                y={r(n.y - 5)}
                width="10"
                height="10"
              />
            ) : (
              <circle key={n.id} className="kit-diagram__dot" cx={r(n.x)} cy={r(n.y)} r="6" />
            ),
          )}
        {layout.nodes
          .filter((n) => n.kind === "state")
          .map((n) => {
            const { x, y } = corner(n);
            return (
              <g
                key={n.id}
                data-state={n.stateId}
                data-active={isActive(n.stateId) ? "true" : undefined}
                className={isActive(n.stateId) ? "kit-diagram__active" : undefined}
              >
                <rect
                  className="kit-diagram__state"
                  x={x}
                  y={y}
                  width={r(n.width)}
                  height={r(n.height)}
                  rx="8"
                />
                {n.final ? (
                  <rect
                    className="kit-diagram__state"
                    x={r(x + 3)}
                    y={r(y + 3)}
                    width={r(n.width - 6)}
                    height={r(n.height - 6)}
                    rx="6"
                  />
                ) : null}
                <text className="kit-diagram__title" x={r(n.x)} y={r(y + 18)} textAnchor="middle">
                  {n.label}
                </text>
                <Notes n={n} x={r(n.x)} top={y + 18} anchor="middle" />
              </g>
            );
          })}
      </svg>
    </ScrollRegion>
  );
}
