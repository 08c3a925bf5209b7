/**
 * A machine's state diagram laid out (issue 17): the states and transitions read from the
 * machine (`diagram.ts`), placed by dagre, a maintained layered graph layout (docs/
 * architecture.md, "Dependencies"). Both the SVG images of `docs/machines/`
 * (`scripts/diagram-svg.ts`) and the live inspector's diagrams (`debug-utils`) draw from it.
 *
 * Atomic states are boxes (with their entry/exit actions, invoked actors and transitions back
 * to themselves as notes), compound and parallel states are containers with a title node at
 * their top and a dot (a square for parallel) their arrows meet — dagre lays out no arrow to
 * a container — and the initial state of each compound is pointed at from its dot.
 */
import dagre from "@dagrejs/dagre";
import type { AnyStateMachine, AnyStateNode } from "xstate";
import { children, diagramEdges, invokeText, visibleActions } from "./diagram.ts";

/** Text is set in a monospace face, so its width is known without measuring: */
const CHAR = 7.2; // px per character at 12px
const NOTE_CHAR = 6; // px per character at 10px
export const LINE = 16;
export const NOTE_LINE = 13;

export const round1 = (n: number) => Math.round(n * 10) / 10;

export interface LaidNode {
  id: string;
  kind: "state" | "container" | "head" | "dot";
  x: number;
  y: number;
  width: number;
  height: number;
  /** The state's id in the machine (`payoutsList.ready.list`), for states and containers. */
  stateId?: string;
  label?: string;
  notes?: string[];
  final?: boolean;
  dot?: "circle" | "square";
}

export interface LaidEdge {
  /** Unique within the layout. */
  key: string;
  points: { x: number; y: number }[];
  label?: string;
  x?: number;
  y?: number;
  hidden?: boolean;
}

export interface MachineLayout {
  width: number;
  height: number;
  /** In dagre's node order: containers before what they hold. */
  nodes: LaidNode[];
  edges: LaidEdge[];
}

function notesOf(node: AnyStateNode, loops: string[]): string[] {
  const entry = visibleActions(node.entry);
  const exit = visibleActions(node.exit);
  return [
    ...(entry.length ? [`entry / ${entry.join(", ")}`] : []),
    ...(exit.length ? [`exit / ${exit.join(", ")}`] : []),
    ...invokeText(node),
    ...loops.map((label) => `↻ ${label}`),
  ];
}

const isContainer = (node: AnyStateNode) => node.type === "compound" || node.type === "parallel";

export function layoutMachine(machine: AnyStateMachine): MachineLayout {
  const graph = new dagre.graphlib.Graph({ compound: true, multigraph: true });
  graph.setGraph({
    rankdir: "TB",
    nodesep: 28,
    ranksep: 36,
    edgesep: 12,
    marginx: 16,
    marginy: 16,
  });
  graph.setDefaultEdgeLabel(() => ({}));

  const ids = new Map<AnyStateNode, string>();
  const edges = diagramEdges(machine.root);
  const loopsOf = (node: AnyStateNode) =>
    edges.filter((e) => e.source === node && e.target === node).map((e) => e.label);
  /** The node an arrow meets for a state: itself, or a container's dot. */
  const anchor = new Map<AnyStateNode, string>();
  let next = 0;

  const visit = (node: AnyStateNode, parent: string | undefined) => {
    const id = `n${next++}`;
    ids.set(node, id);
    const title =
      node.path.length === 0
        ? node.id
        : `${node.key}${node.type === "parallel" ? " (parallel)" : ""}${node.type === "history" ? ` (history ${node.history || "shallow"})` : ""}`;
    const notes = notesOf(node, loopsOf(node));
    if (isContainer(node)) {
      graph.setNode(id, { kind: "container", stateId: node.id });
      // The container's title and notes, as a node of their own at its top (dagre keeps no
      // room in a box for text), above the dot by an arrow that is not drawn.
      const head = `${id}_head`;
      graph.setNode(head, {
        width: round1(Math.max(title.length * CHAR, ...notes.map((n) => n.length * NOTE_CHAR)) + 8),
        height: LINE + notes.length * NOTE_LINE,
        kind: "head",
        label: title,
        notes,
      });
      graph.setParent(head, id);
      const dot = `${id}_dot`;
      graph.setNode(dot, {
        width: 12,
        height: 12,
        kind: "dot",
        dot: node.type === "parallel" ? "square" : "circle",
      });
      graph.setParent(dot, id);
      graph.setEdge(head, dot, { hidden: true, minlen: 1 }, `head_${id}`);
      anchor.set(node, dot);
      for (const child of children(node)) visit(child, id);
    } else {
      const width = Math.max(title.length * CHAR, ...notes.map((n) => n.length * NOTE_CHAR)) + 24;
      const height = LINE + 12 + notes.length * NOTE_LINE;
      graph.setNode(id, {
        width: round1(width),
        height,
        kind: "state",
        stateId: node.id,
        label: title,
        notes,
        final: node.type === "final",
      });
      anchor.set(node, id);
    }
    if (parent) graph.setParent(id, parent);
  };
  const anchorOf = (node: AnyStateNode) => anchor.get(node) ?? ids.get(node)!;

  // The root is drawn as a box of its own (titled with the machine id) around its states.
  visit(machine.root, undefined);
  // Each compound's dot points at its initial state (once every state has its node).
  for (const [node, id] of ids) {
    if (node.type !== "compound") continue;
    const dot = `${id}_dot`;
    for (const target of node.initial?.target ?? [])
      graph.setEdge(dot, anchorOf(target), {}, `init_${id}`);
  }

  edges.forEach((edge, i) => {
    const label = edge.label;
    // A transition back to its own state is listed in the state's box (↻), not looped.
    if (edge.source === edge.target) return;
    graph.setEdge(
      anchorOf(edge.source),
      anchorOf(edge.target),
      { label, width: round1(label.length * NOTE_CHAR + 8), height: NOTE_LINE + 2, labelpos: "c" },
      `e${i}`,
    );
  });

  dagre.layout(graph);
  const size = graph.graph() as unknown as { width: number; height: number };
  return {
    width: size.width,
    height: size.height,
    nodes: graph
      .nodes()
      .map((id) => ({ id, ...(graph.node(id) as unknown as Omit<LaidNode, "id">) })),
    edges: graph.edges().map((e) => ({
      ...(graph.edge(e) as unknown as Omit<LaidEdge, "key">),
      key: `${e.v}>${e.w}:${e.name ?? ""}`,
    })),
  };
}
