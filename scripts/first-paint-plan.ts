/**
 * The plan of the connect build's first-paint chunks (vite.config.ts, `firstPaintChunks`):
 * read from a build with Rollup's own splitting, the chunk each module's code goes into.
 */
import type { Rolldown } from "vite";

const viewModule = /(?:^|\/)ui\/components\/([a-z0-9-]+)\/\1\.component\.tsx$/;
/**
 * The registry's table of view imports, which the frame's script loads at once to ask for
 * its view's chunks: it keeps a chunk of its own (it imports nothing), so that request waits
 * for no first-paint group (issue 13 item 3).
 */
const ownChunk = /(?:^|\/)ui\/components\/view-imports\.ts$/;

/** The first-paint chunk of every module that gets one, from a build with Rollup's splitting. */
export function firstPaintPlan(
  output: Pick<Rolldown.RolldownOutput, "output">,
): Map<string, string> {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const item of output.output) if (item.type === "chunk") chunks.set(item.fileName, item);
  const closure = (from: string[], dynamic: boolean, into = new Set<string>()) => {
    const visit = (file: string) => {
      const chunk = into.has(file) ? undefined : chunks.get(file);
      if (!chunk) return;
      into.add(file);
      for (const next of chunk.imports) visit(next);
      if (dynamic) for (const next of chunk.dynamicImports) visit(next);
    };
    for (const file of from) visit(file);
    return into;
  };
  const firstPaintOf = new Map<string, Set<string>>();
  const laterOf = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, file: string, page: string) =>
    map.set(file, (map.get(file) ?? new Set()).add(page));
  const inAView = new Set<string>();
  for (const chunk of chunks.values()) {
    if (chunk.facadeModuleId && viewModule.test(chunk.facadeModuleId))
      closure([chunk.fileName], false, inAView);
    if (!chunk.isEntry || !chunk.facadeModuleId?.endsWith(".html")) continue;
    const page = chunk.name;
    // The page's chunk stays its own; what it imports at start is first paint. What its script
    // imports statically runs before the script does (zod's jitless flag is set there, before
    // any schema is built): it is keyed apart, so no chunk the script imports statically holds
    // a module its dynamic imports brought.
    const script = closure(chunk.imports, false);
    const firstPaint = closure([...chunk.imports, ...chunk.dynamicImports], false);
    for (const file of firstPaint)
      add(firstPaintOf, file, script.has(file) ? `${page}.start` : page);
    for (const file of closure([chunk.fileName], true))
      if (file !== chunk.fileName && !firstPaint.has(file)) add(laterOf, file, page);
  }
  const plan = new Map<string, string>();
  for (const [file, pages] of firstPaintOf) {
    const frame = pages.has("frame") || pages.has("frame.start");
    if (!frame && inAView.has(file)) continue;
    const first = [...pages].sort().join("+");
    const pageOf = (label: string) => label.replace(/\.start$/, "");
    const firstPages = new Set([...pages].map(pageOf));
    const later = [...(laterOf.get(file) ?? [])].filter((p) => !firstPages.has(p)).sort();
    const name = `first-paint-${first}${later.length ? `~${later.join("+")}` : ""}`;
    for (const [id, module] of Object.entries(chunks.get(file)?.modules ?? {}))
      if (module.renderedLength > 0 && !ownChunk.test(id)) plan.set(id, name);
  }
  return plan;
}
