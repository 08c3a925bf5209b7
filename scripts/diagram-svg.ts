/**
 * An SVG image of an XState machine, for `docs/machines/` beside its Mermaid text (issue 17
 * item 3): the states and transitions are read from the machine (`machines/diagram.ts`), laid
 * out by dagre (a maintained layered graph layout, `docs/architecture.md`), and the SVG is
 * written here from that layout — no browser, no network, the same bytes on every run.
 *
 * Drawn: atomic states as rounded boxes (with their entry/exit actions and invoked actors),
 * final states with a double border, compound and parallel states as boxes around their
 * children, the initial state of each compound from a filled dot, and every transition as a
 * labelled arrow. Dagre lays out no arrow to a compound box, so an arrow to or from a
 * compound state meets its dot (a parallel state's small square) inside it.
 */
import dagre from "@dagrejs/dagre";
import type { AnyStateMachine, AnyStateNode } from "xstate";
import { children, diagramEdges, invokeText, visibleActions } from "../machines/diagram.ts";

/** Text is set in a monospace face, so its width is known without measuring: */
const CHAR = 7.2; // px per character at 12px
const NOTE_CHAR = 6; // px per character at 10px
const LINE = 16;
const NOTE_LINE = 13;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const r = (n: number) => Math.round(n * 10) / 10;

interface Box {
  id: string;
  node: AnyStateNode;
  title: string;
  notes: string[];
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

export function toSvg(machine: AnyStateMachine): string {
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
  const boxes: Box[] = [];
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
      graph.setNode(id, { container: true });
      // The container's title and notes, as a node of their own at its top (dagre keeps no
      // room in a box for text), above the dot by an arrow that is not drawn.
      const head = `${id}_head`;
      graph.setNode(head, {
        width: r(Math.max(title.length * CHAR, ...notes.map((n) => n.length * NOTE_CHAR)) + 8),
        height: LINE + notes.length * NOTE_LINE,
        head: true,
        label: title,
        notes,
      });
      graph.setParent(head, id);
      const dot = `${id}_dot`;
      graph.setNode(dot, {
        width: 12,
        height: 12,
        dot: node.type === "parallel" ? "square" : "circle",
      });
      graph.setParent(dot, id);
      graph.setEdge(head, dot, { hidden: true, minlen: 1 }, `head_${id}`);
      anchor.set(node, dot);
      for (const child of children(node)) visit(child, id);
    } else {
      const width = Math.max(title.length * CHAR, ...notes.map((n) => n.length * NOTE_CHAR)) + 24;
      const height = LINE + 12 + notes.length * NOTE_LINE;
      graph.setNode(id, { width: r(width), height, label: title, notes });
      anchor.set(node, id);
      boxes.push({ id, node, title, notes });
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
      { label, width: r(label.length * NOTE_CHAR + 8), height: NOTE_LINE + 2, labelpos: "c" },
      `e${i}`,
    );
  });

  dagre.layout(graph);
  const size = graph.graph() as unknown as { width: number; height: number };
  const out: string[] = [];
  const width = r(size.width);
  const height = r(size.height);
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(`State diagram of the ${machine.id} machine`)}">`,
    `<title>${escapeXml(machine.id)}</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#374151"/></marker></defs>',
    `<style>text{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;fill:#111827}.note{font-size:10px;fill:#4b5563}.edge{font-size:10px;fill:#1f2937}.title{font-size:12px;font-weight:600}</style>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
  );

  type Laid = {
    x: number;
    y: number;
    width: number;
    height: number;
    label?: string;
    notes?: string[];
    container?: boolean;
    head?: boolean;
    dot?: "circle" | "square";
  };
  // Containers first, outermost first (their order of creation), so children draw on top.
  for (const id of graph.nodes()) {
    const n = graph.node(id) as unknown as Laid;
    if (!n.container) continue;
    const x = r(n.x - n.width / 2);
    const y = r(n.y - n.height / 2);
    out.push(
      `<rect x="${x}" y="${y}" width="${r(n.width)}" height="${r(n.height)}" rx="10" fill="#f3f4f6" fill-opacity="0.6" stroke="#6b7280"/>`,
    );
  }
  for (const id of graph.nodes()) {
    const n = graph.node(id) as unknown as Laid;
    if (!n.head) continue;
    const x = r(n.x - n.width / 2);
    const y = r(n.y - n.height / 2);
    out.push(`<text class="title" x="${x}" y="${r(y + 12)}">${escapeXml(n.label ?? "")}</text>`);
    (n.notes ?? []).forEach((note, i) => {
      out.push(
        `<text class="note" x="${x}" y="${r(y + 12 + (i + 1) * NOTE_LINE)}">${escapeXml(note)}</text>`,
      );
    });
  }
  for (const e of graph.edges()) {
    const edge = graph.edge(e) as unknown as {
      points: { x: number; y: number }[];
      label?: string;
      x?: number;
      y?: number;
      hidden?: boolean;
    };
    if (edge.hidden) continue;
    const points = edge.points.map((p) => `${r(p.x)},${r(p.y)}`).join(" ");
    out.push(
      `<polyline points="${points}" fill="none" stroke="#374151" stroke-width="1.2" marker-end="url(#arrow)"/>`,
    );
    if (edge.label && edge.x !== undefined && edge.y !== undefined)
      out.push(
        `<text class="edge" x="${r(edge.x)}" y="${r(edge.y + 4)}" text-anchor="middle">${escapeXml(edge.label)}</text>`,
      );
  }
  for (const id of graph.nodes()) {
    const n = graph.node(id) as unknown as Laid;
    if (n.container || n.head) continue;
    if (n.dot === "circle") {
      out.push(`<circle cx="${r(n.x)}" cy="${r(n.y)}" r="6" fill="#111827"/>`);
      continue;
    }
    if (n.dot === "square") {
      out.push(`<rect x="${r(n.x - 5)}" y="${r(n.y - 5)}" width="10" height="10" fill="#111827"/>`);
      continue;
    }
    const box = boxes.find((b) => b.id === id)!;
    const x = r(n.x - n.width / 2);
    const y = r(n.y - n.height / 2);
    out.push(
      `<rect x="${x}" y="${y}" width="${r(n.width)}" height="${r(n.height)}" rx="8" fill="#ffffff" stroke="#111827" stroke-width="1.2"/>`,
    );
    if (box.node.type === "final")
      out.push(
        `<rect x="${r(x + 3)}" y="${r(y + 3)}" width="${r(n.width - 6)}" height="${r(n.height - 6)}" rx="6" fill="none" stroke="#111827"/>`,
      );
    out.push(
      `<text class="title" x="${r(n.x)}" y="${r(y + 18)}" text-anchor="middle">${escapeXml(box.title)}</text>`,
    );
    box.notes.forEach((note, i) => {
      out.push(
        `<text class="note" x="${r(n.x)}" y="${r(y + 18 + (i + 1) * NOTE_LINE)}" text-anchor="middle">${escapeXml(note)}</text>`,
      );
    });
  }
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}
