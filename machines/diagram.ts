import type { AnyStateMachine, AnyStateNode } from "xstate";

/**
 * Mermaid `stateDiagram-v2` text of an XState v5 machine, read from the machine's own state
 * nodes, so the diagram is never drawn by hand. Output follows definition order (states,
 * then transitions in the order of the config), so a diff of two outputs is a real change.
 *
 * Drawn: compound states as nested blocks, parallel regions separated by `--`, initial
 * states (`[*] -->`), final states (`--> [*]`), every transition labelled
 * `event [guard] / actions`, `after <delay>`, `always`, targetless transitions as
 * self-loops, and entry/exit actions and invoked actors on the state that owns them.
 */
export function toMermaid(machine: AnyStateMachine): string {
  const ids = assignIds(machine.root);
  const wrapRoot = needsOwnBlock(machine.root);
  const edges = collectEdges(machine.root, ids, wrapRoot);
  const out: string[] = ["stateDiagram-v2"];
  const body = wrapRoot
    ? renderChild(machine.root, ids, edges, 1)
    : renderBlockBody(machine.root, ids, edges, 1);
  out.push(...body);
  const topEdges = edges.get(TOP) ?? [];
  out.push(...topEdges.map((line) => indent(1) + line));
  return `${out.join("\n")}\n`;
}

/** The key of the virtual block that holds the whole diagram. */
const TOP = "\u0000top";

/** Words the Mermaid state-diagram grammar reserves; a state id may not be one. */
const RESERVED = new Set([
  "state",
  "note",
  "end",
  "direction",
  "class",
  "classDef",
  "style",
  "as",
  "left",
  "right",
  "of",
  "click",
  "stateDiagram",
  "hide",
  "scale",
]);

export function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

/** The root is drawn as a block of its own only when something hangs off it. */
function needsOwnBlock(root: AnyStateNode): boolean {
  return (
    root.type === "parallel" ||
    root.transitions.size > 0 ||
    (root.always?.length ?? 0) > 0 ||
    root.invoke.length > 0 ||
    visibleActions(root.entry).length > 0 ||
    visibleActions(root.exit).length > 0
  );
}

/** Mermaid ids from state paths: `[A-Za-z0-9_]` only, unique, never a reserved word. */
function assignIds(root: AnyStateNode): Map<AnyStateNode, string> {
  const ids = new Map<AnyStateNode, string>();
  const used = new Set<string>();
  const visit = (node: AnyStateNode) => {
    const raw = node.path.length === 0 ? "root" : node.path.join("__");
    let id = raw.replace(/[^A-Za-z0-9_]/g, "_");
    if (/^[0-9]/.test(id) || RESERVED.has(id)) id = `s_${id}`;
    let unique = id;
    for (let n = 2; used.has(unique); n++) unique = `${id}_${n}`;
    used.add(unique);
    ids.set(node, unique);
    for (const child of children(node)) visit(child);
  };
  visit(root);
  return ids;
}

/** Text safe inside a Mermaid description: no line break, no `;` (ends a statement). */
function clean(text: string): string {
  return text.replace(/[\r\n]+/g, " ").replace(/;/g, ",");
}

function indent(depth: number): string {
  return "  ".repeat(depth);
}

type Named = { type?: unknown; name?: unknown; guards?: unknown; check?: unknown };

/** A guard as text: its name, or `and(a, not(b))` for the higher-order guards. */
export function guardText(guard: unknown): string {
  if (typeof guard === "string") return guard;
  if (guard === undefined || guard === null) return "";
  const g = guard as Named;
  if (typeof guard === "function" && Array.isArray(g.guards)) {
    const check = typeof g.check === "function" ? g.check.name : "";
    const op = check.replace(/^check/, "").toLowerCase() || "guard";
    return `${op}(${g.guards.map(guardText).join(", ")})`;
  }
  if (typeof guard === "object" && typeof g.type === "string") return g.type;
  if (typeof guard === "function") return (guard as { name: string }).name || "(inline)";
  return "(guard)";
}

/** An action as text: its name, the built-in's name (`assign`), or `(inline)`. */
function actionText(action: unknown): string {
  if (typeof action === "string") return action;
  const a = action as Named;
  if (typeof a?.type === "string") return a.type.replace(/^xstate\./, "");
  if (typeof action === "function") return (action as { name: string }).name || "(inline)";
  return "(action)";
}

/** Entry/exit actions minus the timers and cancellations XState adds for `after`. */
export function visibleActions(actions: readonly unknown[]): string[] {
  return actions
    .filter((action) => {
      const { id, sendId } = (action ?? {}) as { id?: unknown; sendId?: unknown };
      const timer = [id, sendId].some(
        (v) => typeof v === "string" && v.startsWith("xstate.after."),
      );
      return !timer;
    })
    .map(actionText);
}

function invokeSrc(inv: AnyStateNode["invoke"][number]): string {
  return typeof inv.src === "string" ? inv.src : inv.id;
}

export function invokeText(node: AnyStateNode): string[] {
  return node.invoke.map((inv, i) => {
    const src = invokeSrc(inv);
    // XState names an invoke without an id `<index>.<state id>`: noise in a diagram.
    const generated = inv.id === `${i}.${node.id}`;
    return src === inv.id || generated ? `invoke ${src}` : `invoke ${src} (${inv.id})`;
  });
}

/** The trigger of a transition as a reader says it: `onDone claimSession`, not the raw id. */
function triggerText(node: AnyStateNode, eventType: string): string {
  for (const [prefix, word] of [
    ["xstate.done.actor.", "onDone"],
    ["xstate.error.actor.", "onError"],
  ] as const) {
    if (!eventType.startsWith(prefix)) continue;
    const inv = node.invoke.find((i) => i.id === eventType.slice(prefix.length));
    return inv ? `${word} ${invokeSrc(inv)}` : eventType;
  }
  if (eventType === `xstate.done.state.${node.id}`) return "onDone";
  return eventType;
}

function delayText(delay: unknown): string {
  if (typeof delay === "number") return `${delay}ms`;
  if (typeof delay === "string") return delay;
  return "(delay)";
}

interface TransitionLike {
  target?: ReadonlyArray<AnyStateNode> | undefined;
  guard?: unknown;
  actions: readonly unknown[];
}

function label(trigger: string, t: TransitionLike): string {
  let text = trigger;
  const guard = guardText(t.guard);
  if (guard) text += ` [${guard}]`;
  const actions = t.actions.map(actionText);
  if (actions.length > 0) text += ` / ${actions.join(", ")}`;
  return clean(text);
}

/** The block a node is drawn in: its parent, or the top for the root. */
function blockOf(node: AnyStateNode, wrapRoot: boolean): AnyStateNode | undefined {
  if (node.parent) {
    if (!node.parent.parent && !wrapRoot) return undefined;
    return node.parent;
  }
  return undefined;
}

/** One drawn arrow: from a state to a state (itself for a targetless transition), labelled. */
export interface DiagramEdge {
  source: AnyStateNode;
  target: AnyStateNode;
  /** `event [guard] / actions`, `after <delay>`, `always`. */
  label: string;
}

/**
 * Every transition of every state of the machine, one edge per target, in definition order:
 * what both the Mermaid text and the SVG image (`scripts/diagram-svg.ts`) draw.
 */
export function diagramEdges(root: AnyStateNode): DiagramEdge[] {
  const out: DiagramEdge[] = [];
  const add = (source: AnyStateNode, t: TransitionLike, trigger: string) => {
    const targets = t.target && t.target.length > 0 ? t.target : [source];
    for (const target of targets) out.push({ source, target, label: label(trigger, t) });
  };
  const visit = (node: AnyStateNode) => {
    for (const [eventType, transitions] of node.transitions) {
      if (eventType.startsWith("xstate.after.")) continue;
      for (const t of transitions) add(node, t, triggerText(node, eventType));
    }
    for (const t of node.after) add(node, t, `after ${delayText(t.delay)}`);
    for (const t of node.always ?? []) add(node, t, "always");
    for (const child of children(node)) visit(child);
  };
  visit(root);
  return out;
}

/** Every transition of every node, as Mermaid lines grouped by the block they belong in. */
function collectEdges(
  root: AnyStateNode,
  ids: Map<AnyStateNode, string>,
  wrapRoot: boolean,
): Map<AnyStateNode | typeof TOP, string[]> {
  const edges = new Map<AnyStateNode | typeof TOP, string[]>();
  for (const { source, target, label } of diagramEdges(root)) {
    // Mermaid moves a state into the last block that mentions it, so an arrow goes inside
    // a block only when both ends are that block's own children; any other arrow is drawn
    // at the top, where mentioning a state does not move it.
    const block = blockOf(source, wrapRoot);
    const key = block && block === blockOf(target, wrapRoot) ? block : TOP;
    const line = `${ids.get(source)} --> ${ids.get(target)} : ${label}`;
    const list = edges.get(key) ?? [];
    list.push(line);
    edges.set(key, list);
  }
  return edges;
}

/** The lines inside a compound or parallel block (without the `state x {` wrapper). */
function renderBlockBody(
  node: AnyStateNode,
  ids: Map<AnyStateNode, string>,
  edges: Map<AnyStateNode | typeof TOP, string[]>,
  depth: number,
): string[] {
  const lines: string[] = [];
  const pad = indent(depth);
  if (node.type === "parallel") {
    children(node).forEach((region, i) => {
      if (i > 0) lines.push(`${pad}--`);
      lines.push(...renderChild(region, ids, edges, depth));
    });
  } else {
    for (const target of node.initial?.target ?? []) {
      lines.push(`${pad}[*] --> ${ids.get(target)}`);
    }
    for (const child of children(node)) lines.push(...renderChild(child, ids, edges, depth));
  }
  for (const line of edges.get(node) ?? []) lines.push(pad + line);
  return lines;
}

/** One state inside its parent's block: a declaration, its notes, a nested block if any. */
function renderChild(
  node: AnyStateNode,
  ids: Map<AnyStateNode, string>,
  edges: Map<AnyStateNode | typeof TOP, string[]>,
  depth: number,
): string[] {
  const pad = indent(depth);
  const id = ids.get(node)!;
  const name = node.path.length === 0 ? node.id : node.key;
  const notes = [
    ...(visibleActions(node.entry).length
      ? [`entry / ${visibleActions(node.entry).join(", ")}`]
      : []),
    ...(visibleActions(node.exit).length ? [`exit / ${visibleActions(node.exit).join(", ")}`] : []),
    ...invokeText(node),
    ...(node.type === "history" ? [`history (${node.history || "shallow"})`] : []),
  ].map(clean);
  const lines: string[] = [];
  const hasBlock = node.type === "compound" || node.type === "parallel";
  if (hasBlock) {
    // Mermaid shows descriptions of composite states poorly, so their notes go in the title.
    const title = [name, ...notes].join(" · ").replace(/"/g, "'");
    if (title !== id || node.type === "parallel") {
      lines.push(`${pad}state "${title}${node.type === "parallel" ? " (parallel)" : ""}" as ${id}`);
    }
    lines.push(`${pad}state ${id} {`);
    lines.push(...renderBlockBody(node, ids, edges, depth + 1));
    lines.push(`${pad}}`);
  } else {
    lines.push(name === id ? `${pad}${id}` : `${pad}state "${name.replace(/"/g, "'")}" as ${id}`);
    for (const note of notes) lines.push(`${pad}${id} : ${note}`);
  }
  if (node.type === "final") lines.push(`${pad}${id} --> [*]`);
  return lines;
}
