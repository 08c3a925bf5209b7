/**
 * An SVG image of an XState machine, for `docs/machines/` beside its Mermaid text (issue 17
 * item 3): the machine laid out by `machines/diagram-layout.ts` (dagre), and the SVG written
 * here from that layout — no browser, no network, the same bytes on every run.
 *
 * Drawn: atomic states as rounded boxes (with their entry/exit actions and invoked actors),
 * final states with a double border, compound and parallel states as boxes around their
 * children, the initial state of each compound from a filled dot, and every transition as a
 * labelled arrow. An arrow to or from a compound state meets its dot (a parallel state's
 * small square) inside it.
 */
import type { AnyStateMachine } from "xstate";
import { layoutMachine, NOTE_LINE, round1 as r } from "../machines/diagram-layout.ts";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function toSvg(machine: AnyStateMachine): string {
  const layout = layoutMachine(machine);
  const out: string[] = [];
  const width = r(layout.width);
  const height = r(layout.height);
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(`State diagram of the ${machine.id} machine`)}">`,
    `<title>${escapeXml(machine.id)}</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#374151"/></marker></defs>',
    `<style>text{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;fill:#111827}.note{font-size:10px;fill:#4b5563}.edge{font-size:10px;fill:#1f2937}.title{font-size:12px;font-weight:600}</style>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
  );

  // Containers first, outermost first (their order of creation), so children draw on top.
  for (const n of layout.nodes) {
    if (n.kind !== "container") continue;
    const x = r(n.x - n.width / 2);
    const y = r(n.y - n.height / 2);
    out.push(
      `<rect x="${x}" y="${y}" width="${r(n.width)}" height="${r(n.height)}" rx="10" fill="#f3f4f6" fill-opacity="0.6" stroke="#6b7280"/>`,
    );
  }
  for (const n of layout.nodes) {
    if (n.kind !== "head") continue;
    const x = r(n.x - n.width / 2);
    const y = r(n.y - n.height / 2);
    out.push(`<text class="title" x="${x}" y="${r(y + 12)}">${escapeXml(n.label ?? "")}</text>`);
    (n.notes ?? []).forEach((note, i) => {
      out.push(
        `<text class="note" x="${x}" y="${r(y + 12 + (i + 1) * NOTE_LINE)}">${escapeXml(note)}</text>`,
      );
    });
  }
  for (const edge of layout.edges) {
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
  for (const n of layout.nodes) {
    if (n.kind === "container" || n.kind === "head") continue;
    if (n.dot === "circle") {
      out.push(`<circle cx="${r(n.x)}" cy="${r(n.y)}" r="6" fill="#111827"/>`);
      continue;
    }
    if (n.dot === "square") {
      out.push(`<rect x="${r(n.x - 5)}" y="${r(n.y - 5)}" width="10" height="10" fill="#111827"/>`);
      continue;
    }
    const x = r(n.x - n.width / 2);
    const y = r(n.y - n.height / 2);
    out.push(
      `<rect x="${x}" y="${y}" width="${r(n.width)}" height="${r(n.height)}" rx="8" fill="#ffffff" stroke="#111827" stroke-width="1.2"/>`,
    );
    if (n.final)
      out.push(
        `<rect x="${r(x + 3)}" y="${r(y + 3)}" width="${r(n.width - 6)}" height="${r(n.height - 6)}" rx="6" fill="none" stroke="#111827"/>`,
      );
    out.push(
      `<text class="title" x="${r(n.x)}" y="${r(y + 18)}" text-anchor="middle">${escapeXml(n.label ?? "")}</text>`,
    );
    (n.notes ?? []).forEach((note, i) => {
      out.push(
        `<text class="note" x="${r(n.x)}" y="${r(y + 18 + (i + 1) * NOTE_LINE)}" text-anchor="middle">${escapeXml(note)}</text>`,
      );
    });
  }
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}
